import Dispatch
import Foundation
import Octet
import OctetBackend
import OctetThreads

/// Verifies many proofs on `jobs` threads and hands the reports over in input order, each as soon
/// as it and every proof before it are done.
///
/// Workers take the lowest proof not yet taken, at most `window` ahead of the last one handed
/// over (memory stays bounded, whatever the batch). With a replay store, a proof's look-up (which
/// may record it) waits until every proof before it has been **handed over**: look-ups happen in
/// input order, so which of two copies counts as the replay never depends on scheduling, and at
/// any moment at most one proof is recorded and not yet reported (docs/cli.md: what a `kill -9`
/// can leave). Once `stopWhen` says the output is gone, no look-up records anything more.
/// `octet-bench` calls `benchmark` for its batch figure.
public struct BatchRunner: Sendable {
    /// One PROOF's outcome.
    public enum Item: Sendable {
        case report(ProofReport)
        case unreadable(path: String, CLIError)
    }

    public struct Summary: Sendable, Equatable {
        public var valid = 0
        public var invalid = 0
        public var inconclusive = 0
        public var unreadable = 0
        /// True when `stopWhen` ended the run before every proof was handed over.
        public var stopped = false
        public var elapsedSeconds: Double = 0

        public var total: Int { valid + invalid + inconclusive + unreadable }
        public var proofsPerSecond: Double { elapsedSeconds > 0 ? Double(total - unreadable) / elapsedSeconds : 0 }

        /// The exit status of the contract.
        public var exitStatus: Int32 {
            if unreadable > 0 { return ExitStatus.unreadable }
            if invalid > 0 { return ExitStatus.anyInvalid }
            if inconclusive > 0 { return ExitStatus.anyInconclusive }
            return ExitStatus.allValid
        }
    }

    public let session: VerificationSession
    public let jobs: Int
    /// How the bytes of a PROOF are read (`-` is standard input).
    public let read: @Sendable (InputPath) -> Result<Data, CLIError>

    public init(
        session: VerificationSession, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        read: @escaping @Sendable (InputPath) -> Result<Data, CLIError> = BatchRunner.readFile
    ) {
        self.session = session
        self.jobs = max(1, jobs)
        self.read = read
    }

    /// Reads a file, or standard input for `-`: a regular file of at most 1 MiB (the format's limit).
    public static let readFile: @Sendable (InputPath) -> Result<Data, CLIError> = { path in
        InputFiles.read(path, what: "PROOF", limit: InputFiles.maxProofFileBytes)
    }

    /// ``run(_:stopWhen:emit:)`` for paths given as strings.
    @discardableResult
    public func run(_ paths: [String], emit: (Item) -> Void = { _ in }) -> Summary {
        run(paths.map { InputPath($0) }, emit: emit)
    }

    /// Verifies `paths`, calling `emit` once per path, in order, on the calling thread.
    ///
    /// `stopWhen` is asked after each `emit`: once it says true (the output is gone) nothing more
    /// is emitted or recorded, so only the proof whose report could not be written may have been
    /// recorded without being reported.
    @discardableResult
    public func run(
        _ paths: [InputPath], stopWhen stop: () -> Bool = { false }, emit: (Item) -> Void = { _ in }
    ) -> Summary {
        run(paths, stopWhen: stop, keepingItems: true, render: { _ in "" }) { finished in emit(finished.item!) }
    }

    /// What the calling thread gets for one proof when a worker rendered it: its verdict or why
    /// the PROOF could not be read, and the rendered text.
    public struct Rendered: Sendable {
        public enum Outcome: Sendable {
            case verified(ProofVerification.Verdict)
            case unreadable(CLIError)
        }

        public let outcome: Outcome
        public let text: String
    }

    /// ``run(_:stopWhen:emit:)``, with each proof's output made by `render` on the worker that
    /// verified it: the calling thread only writes, so on a machine with as many cores as jobs it
    /// takes next to nothing from verification. The report itself stays on the worker (freed
    /// where it was made, not on another thread's heap).
    @discardableResult
    public func run(
        _ paths: [InputPath], stopWhen stop: () -> Bool = { false }, render: @escaping @Sendable (Item) -> String,
        emit: (Rendered) -> Void
    ) -> Summary {
        run(paths, stopWhen: stop, keepingItems: false, render: render) { emit($0.rendered) }
    }

    private func run(
        _ paths: [InputPath], stopWhen stop: () -> Bool, keepingItems: Bool,
        render: @escaping @Sendable (Item) -> String, emit: (Finished) -> Void
    ) -> Summary {
        let start = DispatchTime.now().uptimeNanoseconds
        var summary = Summary()
        // Without a replay store nothing waits for a hand-over but the window: the caller is woken
        // for a run of finished proofs, not for each (a wake-up on a busy core costs a worker its
        // turn). With a store each look-up waits for the proof before it: woken for every one.
        let state = BatchState(
            count: paths.count, window: max(jobs * 64, 256), wakeRun: session.replayStore == nil ? 32 : 1)
        let workers = DispatchGroup()
        for _ in 0..<min(jobs, paths.count) {
            workers.enter()
            // Verification recurses through decoders and the recipe; the default secondary-thread
            // stack is not what the library is tested with.
            Threads.start(stackSize: 8 << 20) { [self] in
                work(paths, state, keepingItems, render)
                workers.leave()
            }
        }
        var ready: [Finished] = []
        var index = 0
        handing: while index < paths.count {
            // Every result finished by now, in order, at one wake-up.
            guard state.waitForResults(from: index, into: &ready) else { break }
            for finished in ready {
                switch finished.rendered.outcome {
                case .verified(.valid): summary.valid += 1
                case .verified(.invalid): summary.invalid += 1
                case .verified(.inconclusive): summary.inconclusive += 1
                case .unreadable: summary.unreadable += 1
                }
                emit(finished)
                index += 1
                // The later results in `ready` were not recorded: a look-up waits until every
                // proof before it was handed over, and this one was not.
                if stop() {
                    summary.stopped = index < paths.count
                    state.stop()
                    break handing
                }
            }
            state.handedOver(index - 1)
        }
        workers.wait()
        summary.elapsedSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return summary
    }

    /// A proof's outcome and its rendered output. Not a `Result`: its run-time metadata costs a
    /// fresh process a conformance scan (docs/performance.md, "Cold start").
    struct Finished {
        /// Nil unless the caller asked for the items.
        let item: Item?
        let rendered: Rendered
    }

    private func work(
        _ paths: [InputPath], _ state: BatchState, _ keepingItems: Bool, _ render: @Sendable (Item) -> String
    ) {
        while let index = state.take() {
            let path = paths[index]
            // A look-up waits until every proof before it was handed over (so look-ups happen in
            // input order, and a recorded proof is reported before the next can be recorded);
            // once the run stopped it records nothing.
            let store = session.replayStore.map {
                GuardedReplayStore($0, admit: { _ in state.waitForTurn(index) })
            }
            let item: Item =
                switch read(path) {
                case .success(let bytes):
                    .report(session.verify(path: path.description, bytes: bytes, replayStore: store))
                case .failure(let error): .unreadable(path: path.description, error)
                }
            let outcome: Rendered.Outcome =
                switch item {
                case .report(let report): .verified(report.verdict)
                case .unreadable(_, let error): .unreadable(error)
                }
            let rendered = Rendered(outcome: outcome, text: render(item))
            state.finish(index, Finished(item: keepingItems ? item : nil, rendered: rendered))
        }
    }
}

/// The batch's shared state: which proof is taken next, the results not yet handed over, and how
/// far the caller has got. `@unchecked Sendable`: every access goes through `condition`.
///
/// Nobody is woken for nothing: a finished proof wakes the caller only when it completes a run of
/// `wakeRun` finished proofs from the one the caller waits for (or the last of the batch, or a
/// worker is held up by the window), and a hand-over wakes workers only when one waits (for room
/// in the window, or for its turn at the replay store).
final class BatchState: @unchecked Sendable {
    private let condition = Condition()
    private let count: Int
    private let window: Int
    private let wakeRun: Int
    private var nextToTake = 0
    /// Every proof before this one has been handed over to the caller.
    private var nextToHandOver = 0
    /// Results not yet handed over, at `index % window`: at most `window` proofs are in flight, so
    /// their slots never collide (an array, not a Dictionary, for the reason `Finished` gives).
    private var results: [BatchRunner.Finished?]
    private var stopped = false
    /// The proof the caller is blocked on, if it is.
    private var awaited: Int?
    /// Workers blocked in `take` or `waitForTurn`.
    private var waitingWorkers = 0

    init(count: Int, window: Int, wakeRun: Int = 1) {
        self.count = count
        self.window = window
        self.wakeRun = max(1, min(wakeRun, window / 2))
        self.results = Array(repeating: nil, count: min(window, max(count, 1)))
    }

    /// The lowest proof not yet taken, no more than `window` ahead; nil when none is left or the run stopped.
    func take() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !stopped, nextToTake < count, nextToTake >= nextToHandOver + window {
            // Held up by the caller: it must take what is ready, however short the run.
            if let awaited, results[awaited % results.count] != nil { condition.broadcast() }
            workerWait()
        }
        guard !stopped, nextToTake < count else { return nil }
        nextToTake += 1
        return nextToTake - 1
    }

    func finish(_ index: Int, _ result: BatchRunner.Finished) {
        condition.lock()
        results[index % results.count] = result
        if let awaited, index >= awaited, callerShouldWake(awaited) { condition.broadcast() }
        condition.unlock()
    }

    /// True when the run of finished proofs from `awaited` is long enough, reaches the end of the
    /// batch, or a worker waits for room.
    private func callerShouldWake(_ awaited: Int) -> Bool {
        var next = awaited
        while next - awaited < wakeRun, next < count, results[next % results.count] != nil { next += 1 }
        return next - awaited >= wakeRun || next == count || (next > awaited && waitingWorkers > 0)
    }

    /// Waits until `index` is finished, then moves it and every finished result after it (in
    /// order, up to the first not finished) into `ready`. False if the run stopped first.
    func waitForResults(from index: Int, into ready: inout [BatchRunner.Finished]) -> Bool {
        ready.removeAll(keepingCapacity: true)
        condition.lock()
        defer { condition.unlock() }
        while !stopped, results[index % results.count] == nil {
            awaited = index
            condition.wait()
        }
        awaited = nil
        if stopped { return false }
        var next = index
        while next < count, next - index < results.count, let result = results[next % results.count] {
            ready.append(result)
            results[next % results.count] = nil
            next += 1
        }
        return true
    }

    func handedOver(_ index: Int) {
        condition.lock()
        nextToHandOver = index + 1
        if waitingWorkers > 0 { condition.broadcast() }
        condition.unlock()
    }

    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks until every proof before `index` was handed over; false when the run stopped instead.
    func waitForTurn(_ index: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !stopped, nextToHandOver < index { workerWait() }
        return !stopped
    }

    /// `condition.wait()` for a worker, counted so that a hand-over knows to wake it.
    private func workerWait() {
        waitingWorkers += 1
        condition.wait()
        waitingWorkers -= 1
    }
}

extension BatchRunner {
    /// The batch figure for `octet-bench`: what `octet-verify --format json --jobs N --at T FILE...`
    /// does (read, verify, render a JSON line on the worker), with the lines discarded. Bundled anchors, no
    /// replay store, no revocation list.
    public static func benchmark(paths: [String], jobs: Int, atMilliseconds: Int64) -> Summary {
        let session = VerificationSession(options: VerifyOptions(), nowMilliseconds: atMilliseconds)
        var bytes = 0
        let summary = BatchRunner(session: session, jobs: jobs).run(
            paths.map { InputPath($0) }, render: OctetVerifyTool.renderJSON
        ) { rendered in bytes &+= rendered.text.utf8.count }
        // Keeps the rendering from being optimised away.
        precondition(bytes >= 0)
        return summary
    }
}
