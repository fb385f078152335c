import Dispatch
import Foundation
import OctetBackend

/// What `serve --prune-every` removes: records accepted more than `olderThanSeconds` ago
/// (`--prune-older-than`, default `ReplayPruneHorizon.defaultSeconds`). While the server prunes,
/// no request it verifies may accept a proof older than that: a pruned record must never be what
/// stood between a replay and a `valid` (docs/service.md, "Pruning").
struct PruningHorizon: Sendable, Equatable {
    let olderThanSeconds: Int64

    /// A proof accepted at `a` was created at most 60 s after it (the future skew freshness
    /// allows), and its record goes once the clock passes `a + horizon`. A request verified at
    /// `t` with window `w` accepts proofs created from `t − w` on; it can only take a copy of a
    /// proof whose record is gone if `t − w < now − horizon + 60`. So it is refused unless
    /// `(now − t) + w + 60 s ≤ horizon`: with the default window (300 s) and the clock as `t`,
    /// any horizon from 360 s on.
    func refusal(_ request: VerifyRequest, now: Int64) -> RequestError? {
        let at = request.options.verificationTimeMs ?? now
        let window = request.options.verifyOptions.maxAgeSeconds
        let reach =
            Double(max(0, now - at)) / 1000 + window + Double(ReplayPruneHorizon.futureSkewSeconds)
        guard !(reach <= Double(olderThanSeconds)) else { return nil }
        let field =
            request.options.verificationTimeMs.map { _ in "options.verificationTimeMs" } ?? "options.maxAgeSeconds"
        return RequestError(
            at: .member(field),
            "this server prunes replay records older than \(olderThanSeconds) s: a request may not accept proofs "
                + "older than that (the verification time's distance from now, plus maxAgeSeconds, plus 60 s)")
    }
}

/// `serve --prune-every DURATION`: prunes the replay store every DURATION on a thread of its own
/// (the first time one DURATION after start-up), each time logging a `prune` line: `level`
/// `info` with `proofs`, `sessionNonces`, `olderThanSeconds` and `durationMs` (numbers), or `level`
/// `error` with the same numbers (0 removed) and the store's `reason`, credentials masked. A failed
/// prune is tried again at the next interval; verification goes on either way.
///
/// `@unchecked Sendable`: `stopped` is guarded by `lock`.
final class ReplayPruner: @unchecked Sendable {
    private let store: any ReplayPruning
    private let everySeconds: Int64
    private let horizon: PruningHorizon
    private let clock: @Sendable () -> Int64
    private let log: AccessLog
    private let wake = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var stopped = false

    init(
        store: any ReplayPruning, everySeconds: Int64, horizon: PruningHorizon, clock: @escaping @Sendable () -> Int64,
        log: AccessLog
    ) {
        self.store = store
        self.everySeconds = everySeconds
        self.horizon = horizon
        self.clock = clock
        self.log = log
    }

    func start() {
        let thread = Thread { [self] in
            defer { ended.signal() }
            while true {
                _ = wake.wait(timeout: .now() + .seconds(Int(everySeconds)))
                if lock.withLock({ stopped }) { return }
                pruneOnce()
            }
        }
        thread.name = "octet-replay-prune"
        thread.start()
    }

    /// Ends the thread (a prune under way finishes first).
    func stop() {
        lock.withLock { stopped = true }
        wake.signal()
        _ = ended.wait(timeout: .now() + 10)
    }

    func pruneOnce() {
        let started = DispatchTime.now().uptimeNanoseconds
        var fields: [String: JSONOut] = ["olderThanSeconds": .int(horizon.olderThanSeconds)]
        do throws(ReplayStoreError) {
            let count = try store.prune(olderThanMilliseconds: horizon.olderThanSeconds * 1000, atMilliseconds: clock())
            fields["level"] = .string("info")
            fields["proofs"] = .int(Int64(count.proofs))
            fields["sessionNonces"] = .int(Int64(count.sessionNonces))
        } catch {
            fields["level"] = .string("error")
            fields["proofs"] = .int(0)
            fields["sessionNonces"] = .int(0)
            fields["reason"] = .string(CredentialMask.mask(LogSafeText.escape(error.reason)))
        }
        fields["durationMs"] = .int(Int64((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000))
        log.event("prune", fields)
    }
}
