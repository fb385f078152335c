import Dispatch
import Foundation
import Octet
import OctetBackend

/// Verifies many proofs on `jobs` threads and hands the reports over in input order.
///
/// Proofs are taken in windows: each window is verified in parallel (the next one while the caller
/// is given the current one). With a replay store, each proof's look-up waits for its turn in
/// input order (`ReplayTurns`), so output (and which of two copies of a proof counts as the
/// replay) never depends on scheduling. `octet-bench`
/// calls `benchmark` for its batch figure.
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
    public let read: @Sendable (String) -> Result<Data, CLIError>

    public init(
        session: VerificationSession, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        read: @escaping @Sendable (String) -> Result<Data, CLIError> = BatchRunner.readFile
    ) {
        self.session = session
        self.jobs = max(1, jobs)
        self.read = read
    }

    /// Reads a file, or standard input for `-`.
    public static let readFile: @Sendable (String) -> Result<Data, CLIError> = { path in
        path == "-" ? InputFiles.readStandardInput() : InputFiles.read(path, what: "PROOF")
    }

    /// Verifies `paths`, calling `emit` once per path, in order, on the calling thread.
    @discardableResult
    public func run(_ paths: [String], emit: (Item) -> Void = { _ in }) -> Summary {
        let start = DispatchTime.now().uptimeNanoseconds
        var summary = Summary()
        // Large windows: each hand-over between windows leaves a core idle for a moment, and with
        // windows of 32 that cost --jobs 2 most of its gain. Memory stays bounded by the jobs in
        // flight: a window holds reports, the bytes of a proof live only while it is verified.
        let window = max(jobs * 256, 512)
        let chunks = stride(from: 0, to: paths.count, by: window).map {
            Array(paths[$0..<min($0 + window, paths.count)])
        }
        let turns = session.options.replayStore == nil ? nil : ReplayTurns()
        var next = chunks.first.map { verifyInBackground($0, first: 0, turns: turns) }
        for index in chunks.indices {
            guard let current = next?.wait() else { break }
            next =
                index + 1 < chunks.count
                ? verifyInBackground(chunks[index + 1], first: (index + 1) * window, turns: turns) : nil
            for item in current {
                switch item {
                case .report(let report):
                    switch report.verdict {
                    case .valid: summary.valid += 1
                    case .invalid: summary.invalid += 1
                    case .inconclusive: summary.inconclusive += 1
                    }
                case .unreadable: summary.unreadable += 1
                }
                emit(item)
            }
        }
        summary.elapsedSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return summary
    }

    /// Starts verifying `paths` (input positions `first`...) on another thread; `wait()` hands the
    /// results over.
    private func verifyInBackground(_ paths: [String], first: Int, turns: ReplayTurns?) -> WindowResult {
        let result = WindowResult()
        let runner = self
        // One proof (the common `octet-verify FILE`): no thread to start, nothing to overlap.
        if paths.count == 1 {
            result.fulfil(verifyInParallel(paths, first: first, turns: turns))
            return result
        }
        DispatchQueue.global().async { result.fulfil(runner.verifyInParallel(paths, first: first, turns: turns)) }
        return result
    }

    // Items, not `Result<ProofReport, Unreadable>`: a Result's metadata is made at run time with a
    // protocol-conformance scan of the whole binary (about 0.2 M instructions at start-up).
    private func verifyInParallel(_ paths: [String], first: Int, turns: ReplayTurns?) -> [Item] {
        let slots = Slots(count: paths.count)
        let workers = min(jobs, paths.count)
        let session = session
        let read = read
        // Each worker takes the lowest position not yet taken, so every proof before a taken one is
        // held by a running worker: the replay turns never stall, however few threads run.
        let work: @Sendable () -> Void = {
            while let index = slots.take() {
                let path = paths[index]
                let position = first + index
                let store = session.options.replayStore.flatMap { store in
                    turns.map { InputOrderReplayStore(store, turns: $0, index: position) }
                }
                let result: Item =
                    switch read(path) {
                    case .success(let bytes): .report(session.verify(path: path, bytes: bytes, replayStore: store))
                    case .failure(let error): .unreadable(path: path, error)
                    }
                turns?.finish(position)
                slots.set(index, result)
            }
        }
        if workers == 1 {
            work()
        } else {
            DispatchQueue.concurrentPerform(iterations: workers) { _ in work() }
        }
        return slots.values
    }
}

/// One window's results, handed from the thread that verified them to the caller.
/// `@unchecked Sendable`: `value` is written once, before `ready` is signalled, and read after it.
final class WindowResult: @unchecked Sendable {
    private let ready = DispatchSemaphore(value: 0)
    private var value: [BatchRunner.Item] = []

    func fulfil(_ results: [BatchRunner.Item]) {
        value = results
        ready.signal()
    }

    func wait() -> [BatchRunner.Item] {
        ready.wait()
        return value
    }
}

/// Results written by several workers, each to the index it took.
/// `@unchecked Sendable`: every access goes through `lock`.
private final class Slots: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [BatchRunner.Item?]
    private var taken = 0

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    /// The next index no worker has taken, or nil when all are.
    func take() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard taken < storage.count else { return nil }
        taken += 1
        return taken - 1
    }

    func set(_ index: Int, _ value: BatchRunner.Item) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    var values: [BatchRunner.Item] {
        lock.lock()
        defer { lock.unlock() }
        return storage.compactMap { $0 }
    }
}

extension BatchRunner {
    /// The batch figure for `octet-bench`: what `octet-verify --format json --jobs N --at T FILE...`
    /// does (read, verify, render a JSON line), with the lines discarded. Bundled anchors, no
    /// replay store, no revocation list.
    public static func benchmark(paths: [String], jobs: Int, atMilliseconds: Int64) -> Summary {
        let session = VerificationSession(options: VerifyOptions(), nowMilliseconds: atMilliseconds)
        var bytes = 0
        let summary = BatchRunner(session: session, jobs: jobs).run(paths) { item in
            if case .report(let report) = item { bytes &+= JSONReport.render(report).utf8.count }
        }
        // Keeps the rendering from being optimised away.
        precondition(bytes >= 0)
        return summary
    }
}
