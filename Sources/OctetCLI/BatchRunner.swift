import Dispatch
import Foundation
import Octet

/// Verifies many proofs on `jobs` threads and hands the reports over in input order.
///
/// Proofs are taken in windows: each window is verified in parallel (the next one while the caller
/// is given the current one), then its replay checks run one by one in input order, so output (and
/// which of two copies of a proof counts as the replay) never depends on scheduling. `octet-bench`
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
        /// True when `stopWhen` ended the run before every proof was settled.
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
    /// `stopWhen` is asked before each proof is settled (its replay check, which may record it):
    /// once it says true — the output is gone — nothing more is recorded or emitted, so at most the
    /// proof whose report could not be written was recorded and not reported.
    @discardableResult
    public func run(
        _ paths: [InputPath], stopWhen stop: () -> Bool = { false }, emit: (Item) -> Void = { _ in }
    ) -> Summary {
        let start = DispatchTime.now().uptimeNanoseconds
        var summary = Summary()
        // Large windows: each hand-over between windows leaves a core idle for a moment, and with
        // windows of 32 that cost --jobs 2 most of its gain. Memory stays bounded by the jobs in
        // flight: a window holds reports, the bytes of a proof live only while it is verified.
        let window = max(jobs * 256, 512)
        let chunks = stride(from: 0, to: paths.count, by: window).map {
            Array(paths[$0..<min($0 + window, paths.count)])
        }
        var next = chunks.first.map(verifyInBackground)
        windows: for index in chunks.indices {
            guard let current = next?.wait() else { break }
            next = index + 1 < chunks.count ? verifyInBackground(chunks[index + 1]) : nil
            for pending in current {
                if stop() {
                    summary.stopped = true
                    break windows
                }
                let item: Item
                switch pending {
                case .success(let verified): item = .report(session.settleReplay(verified))
                case .failure(let failure): item = .unreadable(path: failure.path.description, failure.error)
                }
                switch item {
                case .report(let report):
                    switch report.summary.verdict {
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

    struct Unreadable: Error {
        let path: InputPath
        let error: CLIError
    }

    /// Starts verifying `paths` on another thread; `wait()` hands the results over.
    private func verifyInBackground(_ paths: [InputPath]) -> WindowResult {
        let result = WindowResult()
        let runner = self
        DispatchQueue.global().async { result.fulfil(runner.verifyInParallel(paths)) }
        return result
    }

    private func verifyInParallel(_ paths: [InputPath]) -> [Result<VerificationSession.Pending, Unreadable>] {
        let slots = Slots(count: paths.count)
        let workers = min(jobs, paths.count)
        let session = session
        let read = read
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: paths.count, by: workers) {
                let path = paths[index]
                let result: Result<VerificationSession.Pending, Unreadable> =
                    switch read(path) {
                    case .success(let bytes): .success(session.verify(path: path.description, bytes: bytes))
                    case .failure(let error): .failure(Unreadable(path: path, error: error))
                    }
                slots.set(index, result)
            }
        }
        return slots.values
    }
}

/// One window's results, handed from the thread that verified them to the caller.
/// `@unchecked Sendable`: `value` is written once, before `ready` is signalled, and read after it.
final class WindowResult: @unchecked Sendable {
    private let ready = DispatchSemaphore(value: 0)
    private var value: [Result<VerificationSession.Pending, BatchRunner.Unreadable>] = []

    func fulfil(_ results: [Result<VerificationSession.Pending, BatchRunner.Unreadable>]) {
        value = results
        ready.signal()
    }

    func wait() -> [Result<VerificationSession.Pending, BatchRunner.Unreadable>] {
        ready.wait()
        return value
    }
}

/// Results written by several workers, each to its own index.
/// `@unchecked Sendable`: every access goes through `lock`.
private final class Slots: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Result<VerificationSession.Pending, BatchRunner.Unreadable>?]

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Result<VerificationSession.Pending, BatchRunner.Unreadable>) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    var values: [Result<VerificationSession.Pending, BatchRunner.Unreadable>] {
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
