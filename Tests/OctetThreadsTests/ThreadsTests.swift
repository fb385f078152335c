import Dispatch
import OctetThreads
import Testing

@Suite("Locks, conditions and threads over pthreads")
struct ThreadsTests {
    final class Counter: @unchecked Sendable {
        let lock = Lock()
        var value = 0
    }

    @Test("a Lock makes 4 threads × 10,000 increments come to 40,000")
    func lockExcludes() {
        let counter = Counter()
        let done = DispatchGroup()
        for _ in 0..<4 {
            done.enter()
            Threads.start(stackSize: 1 << 20) {
                for _ in 0..<10_000 { counter.lock.withLock { counter.value += 1 } }
                done.leave()
            }
        }
        done.wait()
        #expect(counter.value == 40_000)
    }

    final class Mailbox: @unchecked Sendable {
        let condition = Condition()
        var messages: [Int] = []
    }

    @Test("a Condition hands values from one thread to another, in order, with wait and signal")
    func conditionHandsOver() {
        let box = Mailbox()
        let done = DispatchGroup()
        done.enter()
        Threads.start(stackSize: 1 << 20) {
            for value in 1...100 {
                box.condition.lock()
                box.messages.append(value)
                box.condition.signal()
                box.condition.unlock()
            }
            done.leave()
        }
        var received: [Int] = []
        box.condition.lock()
        while received.count < 100 {
            while box.messages.isEmpty { box.condition.wait() }
            received += box.messages
            box.messages.removeAll()
        }
        box.condition.unlock()
        done.wait()
        #expect(received == Array(1...100))
    }

    static func depth(_ n: Int) -> Int {
        // A frame that keeps 1 KiB on the stack, so n levels need about n KiB.
        var buffer = (0..<128).map { UInt64($0) }
        buffer[n % 128] = UInt64(n)
        return n == 0 ? Int(buffer[0]) : depth(n - 1) + Int(buffer[n % 128] & 1)
    }

    @Test("a thread gets the stack it asks for: 4 MiB carries a recursion a 512 KiB stack would not")
    func stackSize() {
        let done = DispatchGroup()
        final class Result: @unchecked Sendable { var value = -1 }
        let result = Result()
        done.enter()
        Threads.start(stackSize: 8 << 20) {
            result.value = Self.depth(2_000)
            done.leave()
        }
        done.wait()
        #expect(result.value >= 0)
    }
}
