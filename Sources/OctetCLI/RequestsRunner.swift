import Foundation
import Octet
import OctetBackend
import OctetThreads

/// `--requests FILE|-` (service.md): JSON-lines requests in, one answer line per request out, in
/// input order, each written as soon as it and every line before it are answered.
///
/// The reading thread hands lines to `jobs` worker threads through a bounded window; a worker
/// that finishes the oldest pending line writes it and every finished line after it, in one write
/// (each line is still written as soon as it and every line before it are answered). With a
/// replay store, look-ups that share a proof id or a nonce happen in input order (`ReplayTurns`),
/// so which of two copies of a proof is the replay never depends on scheduling. Once a write fails the run records nothing more:
/// the store is gated shut, reading stops, and the exit status is 74.
final class RequestsRunner: @unchecked Sendable {
    struct Summary: Equatable {
        var answered = 0
        var malformed = 0
        var outputGone = false
        var inputError: Int32?

        /// service.md: 0 when every line got a result; 65 when some line was malformed; 74 when
        /// output cannot be written (or input cannot be read to the end).
        var exitStatus: Int32 {
            if outputGone || inputError != nil { return ExitStatus.ioError }
            if malformed > 0 { return ExitStatus.dataError }
            return 0
        }
    }

    private let verifier: RequestVerifier
    private let jobs: Int
    private let window: Int
    private let now: @Sendable () -> Int64
    private let write: (String) -> Bool

    // Everything below is guarded by `condition` (hence `@unchecked Sendable`).
    private let condition = Condition()
    private var queue: [(Int, RequestLines.Line)] = []
    private var queueHead = 0
    private var finished: [Int: String] = [:]
    private var nextToWrite = 0
    private var submitted = 0
    private var inputDone = false
    private var summary = Summary()
    /// Workers blocked waiting for a line: a new line wakes one of them, and only then.
    private var idleWorkers = 0
    /// The reading thread is blocked on a full window: it is woken once half the window is free,
    /// not once per answer.
    private var readerWaiting = false
    private let gate = RecordingGate()
    private let turns = ReplayTurns()

    /// `write` writes one line (newline included) and returns false once output is gone.
    init(verifier: RequestVerifier, jobs: Int, now: @escaping @Sendable () -> Int64, write: @escaping (String) -> Bool)
    {
        self.verifier = verifier
        self.jobs = max(1, jobs)
        // Enough lines in flight to keep every worker busy while the oldest is written.
        self.window = max(1, jobs) * 16
        self.now = now
        self.write = write
    }

    func run(_ lines: inout RequestLines) -> Summary {
        let done = DispatchGroup()
        for _ in 0..<jobs {
            done.enter()
            Threads.start(stackSize: 4 << 20) { [self] in
                work()
                done.leave()
            }
        }
        var index = 0
        reading: while true {
            let line: RequestLines.Line?
            do {
                line = try lines.next()
            } catch {
                condition.lock()
                if case .io(let code) = error { summary.inputError = code }
                condition.unlock()
                break reading
            }
            guard let line else { break }
            if case .line(let bytes) = line, bytes.isEmpty || bytes == [0x0D] { continue }
            condition.lock()
            if submitted - nextToWrite >= window {
                readerWaiting = true
                while submitted - nextToWrite > window / 2, !summary.outputGone { condition.wait() }
                readerWaiting = false
            }
            if summary.outputGone {
                condition.unlock()
                break
            }
            queue.append((index, line))
            submitted += 1
            // Only workers can be waiting now (this thread is not): one of them takes the line.
            if idleWorkers > 0 { condition.signal() }
            condition.unlock()
            index += 1
        }
        condition.lock()
        inputDone = true
        condition.broadcast()
        condition.unlock()
        done.wait()
        condition.lock()
        defer { condition.unlock() }
        return summary
    }

    private func work() {
        while true {
            condition.lock()
            while queueHead == queue.count, !inputDone, !summary.outputGone {
                idleWorkers += 1
                condition.wait()
                idleWorkers -= 1
            }
            if summary.outputGone || queueHead == queue.count {
                condition.unlock()
                return
            }
            let (index, line) = queue[queueHead]
            queueHead += 1
            if queueHead > 1024, queueHead * 2 > queue.count {
                queue.removeFirst(queueHead)
                queueHead = 0
            }
            condition.unlock()
            let text = answer(index, line)
            finish(index, text)
        }
    }

    /// The answer's line, newline included, and whether the request was malformed.
    private func answer(_ index: Int, _ line: RequestLines.Line) -> (String, Bool) {
        defer { turns.finish(index) }
        switch line {
        case .tooLong:
            let error = RequestError(at: nil, "longer than \(VerifyRequest.maxBytes >> 20) MiB")
            return (JSONReport.error(error, id: nil) + "\n", true)
        case .line(let bytes):
            let store = verifier.replayStore.map {
                GuardedReplayStore.inputOrder($0, turns: turns, index: index, gate: gate) as any ReplayStore
            }
            let answer = verifier.answer(bytes, now: now, replayStore: .some(store))
            // The newline written with the answer: no second copy of the line to add it.
            var out = JSONBuffer(capacity: 2048)
            answer.write(into: &out)
            out.raw("\n")
            if case .rejected = answer { return (out.text, true) }
            return (out.text, false)
        }
    }

    private func finish(_ index: Int, _ answer: (String, Bool)) {
        condition.lock()
        defer { condition.unlock() }
        finished[index] = answer.0
        if answer.1 { summary.malformed += 1 }
        // Whoever completes the oldest pending line writes it and every finished line after it,
        // in order, in one write: each is then out as soon as it and every line before it are.
        guard !summary.outputGone, var lines = finished.removeValue(forKey: nextToWrite) else { return }
        var count = 1
        while let text = finished.removeValue(forKey: nextToWrite + count) {
            lines += text
            count += 1
        }
        if write(lines) {
            summary.answered += count
            nextToWrite += count
            if readerWaiting, submitted - nextToWrite <= window / 2 { condition.broadcast() }
        } else {
            summary.outputGone = true
            gate.close()
            condition.broadcast()
        }
    }
}

/// Shut once output is gone: from then on the store records nothing (service.md: a verifier that
/// knows its answers cannot be delivered must not burn proofs).
final class RecordingGate: @unchecked Sendable {
    private let lock = Lock()
    private var closed = false

    func close() {
        lock.lock()
        closed = true
        lock.unlock()
    }

    var isClosed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return closed
    }
}
