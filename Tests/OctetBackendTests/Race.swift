import Foundation

/// Runs `body` on `count` threads released together, and returns their answers in thread order.
func race<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
    let box = RaceAnswers<T>(count)
    let ready = DispatchGroup()
    let done = DispatchGroup()
    let go = DispatchSemaphore(value: 0)
    for index in 0..<count {
        ready.enter()
        done.enter()
        let thread = Thread {
            ready.leave()
            go.wait()
            let answer = body(index)
            box.lock.lock()
            box.answers[index] = answer
            box.lock.unlock()
            done.leave()
        }
        thread.start()
    }
    ready.wait()
    for _ in 0..<count { go.signal() }
    done.wait()
    return box.answers.map { $0! }
}

/// The answers of `race`, written by its threads. `@unchecked Sendable`: guarded by `lock`.
private final class RaceAnswers<T>: @unchecked Sendable {
    var answers: [T?]
    let lock = NSLock()
    init(_ count: Int) { answers = Array(repeating: nil, count: count) }
}
