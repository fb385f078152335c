import Foundation
import Octet
import OctetBackend
import OctetThreads

/// `--requests FILE|-` (service.md): JSON-lines requests in, one answer line per request out, in
/// input order, each written as soon as it and every line before it are answered.
///
/// `jobs` workers (the calling thread one of them) each take the next line from the input
/// themselves, answer it, and hand the answer to the output: no reading thread, so no hand-over of
/// each line from one thread to another (a wake-up and a sleep per line, docs/performance.md). A
/// worker that completes the oldest pending line writes it and every finished line after it, in one
/// write. At most `window` lines are taken and not yet written: a worker ahead of a slow line waits.
/// With a replay store, look-ups that share a proof id or a nonce happen in input order
/// (`ReplayTurns`), so which of two copies of a proof is the replay never depends on scheduling.
/// Once a write fails the run records nothing more: the store is gated shut, no line is taken, and
/// the exit status is 74.
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
    private let write: ([UInt8]) -> Bool

    // The input, guarded by `input` (hence `@unchecked Sendable`): one worker reads at a time, and
    // the line it reads gets the next index.
    private let input = Lock()
    private var lines: RequestLines
    private var taken = 0
    private var inputDone = false

    // Everything below is guarded by `output`.
    private let output = Condition()
    /// The answer of line `index`, once finished and until written, at `index % window`.
    private var finished: [(bytes: [UInt8], malformed: Bool)?]
    private var nextToWrite = 0
    /// Places in the window claimed so far: a worker claims one before it reads a line, so no line
    /// is taken while `window` lines are unwritten (at the end of input the last claims go unused).
    private var claimed = 0
    private var summary = Summary()
    /// Workers waiting for room in the window: woken when a write makes room, and only then.
    private var waitingForRoom = 0
    private let gate = RecordingGate()
    private let turns = ReplayTurns()

    /// `write` writes one or more lines (newlines included) and returns false once output is gone.
    init(
        lines: RequestLines, verifier: RequestVerifier, jobs: Int, now: @escaping @Sendable () -> Int64,
        write: @escaping ([UInt8]) -> Bool
    ) {
        self.lines = lines
        self.verifier = verifier
        self.jobs = max(1, jobs)
        // Enough lines in flight to keep every worker busy while the oldest is written.
        self.window = max(1, jobs) * 16
        self.finished = Array(repeating: nil, count: window)
        self.now = now
        self.write = write
    }

    func run() -> Summary {
        let done = DispatchGroup()
        for _ in 1..<jobs {
            done.enter()
            let own = verifier.forAnotherThread()
            Threads.start(stackSize: 4 << 20) { [self] in
                work(own)
                done.leave()
            }
        }
        work(verifier)
        done.wait()
        output.lock()
        defer { output.unlock() }
        return summary
    }

    /// Answers lines until there are none; `verifier` is this worker's own (`forAnotherThread`).
    private func work(_ verifier: RequestVerifier) {
        while let (index, line) = take() {
            let answer = answer(index, line, verifier)
            finish(index, answer)
        }
    }

    /// The next non-empty line and its index; nil at the end of input, after a read error, or once
    /// output is gone.
    private func take() -> (Int, RequestLines.Line)? {
        // Room first: a line is taken only when its answer has a place in the window.
        output.lock()
        while claimed - nextToWrite >= window, !summary.outputGone {
            waitingForRoom += 1
            output.wait()
            waitingForRoom -= 1
        }
        claimed += 1
        let gone = summary.outputGone
        output.unlock()
        if gone { return nil }

        input.lock()
        defer { input.unlock() }
        while !inputDone {
            let line: RequestLines.Line?
            do {
                line = try lines.next()
            } catch {
                inputDone = true
                if case .io(let code) = error {
                    output.lock()
                    summary.inputError = code
                    output.unlock()
                }
                return nil
            }
            guard let line else {
                inputDone = true
                return nil
            }
            if case .line(let bytes) = line, bytes.isEmpty || bytes == [0x0D] { continue }
            // Under the input lock, so indexes follow input order.
            defer { taken += 1 }
            return (taken, line)
        }
        return nil
    }

    /// The answer's line, newline included, and whether the request was malformed.
    private func answer(_ index: Int, _ line: RequestLines.Line, _ verifier: RequestVerifier) -> (
        bytes: [UInt8], malformed: Bool
    ) {
        // Every line closes its turn, looked up or not (a later look-up waits for it); without a
        // store no look-up waits for a turn.
        defer { if verifier.replayStore != nil { turns.finish(index) } }
        switch line {
        case .tooLong:
            let error = RequestError(at: nil, "longer than \(VerifyRequest.maxBytes >> 20) MiB")
            return (Array((JSONReport.error(error, id: nil) + "\n").utf8), true)
        case .line(let bytes):
            let store = verifier.replayStore.map {
                GuardedReplayStore.inputOrder($0, turns: turns, index: index, gate: gate) as any ReplayStore
            }
            let answer = verifier.answer(bytes, now: now, replayStore: .some(store))
            // The newline written with the answer, and the buffer's own bytes written out: no
            // copy of the line to add it, none to make a string of it.
            var out = JSONBuffer(capacity: 2048)
            answer.write(into: &out)
            out.raw("\n")
            if case .rejected = answer { return (out.takeBytes(), true) }
            return (out.takeBytes(), false)
        }
    }

    private func finish(_ index: Int, _ answer: (bytes: [UInt8], malformed: Bool)) {
        output.lock()
        defer { output.unlock() }
        if answer.malformed { summary.malformed += 1 }
        finished[index % window] = answer
        // Whoever completes the oldest pending line writes it and every finished line after it,
        // in order, in one write: each is then out as soon as it and every line before it are.
        guard !summary.outputGone, index == nextToWrite else { return }
        var bytes: [UInt8] = []
        var count = 0
        while count < window, let next = finished[(nextToWrite + count) % window] {
            finished[(nextToWrite + count) % window] = nil
            if count == 0 { bytes = next.bytes } else { bytes += next.bytes }
            count += 1
        }
        if write(bytes) {
            summary.answered += count
            nextToWrite += count
            if waitingForRoom > 0 { output.broadcast() }
        } else {
            summary.outputGone = true
            gate.close()
            output.broadcast()
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
