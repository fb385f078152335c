import Foundation
import Octet
import OctetBackend

/// One command-line run: the one ``Verifier`` (the run's anchors, revocation source and replay
/// store), the per-proof options the flags built, and the run's clock. `verify` is safe to call
/// from many threads.
public final class VerificationSession: Sendable {
    public let verifier: Verifier
    /// The per-proof options (the sources are the verifier's).
    public let options: VerifyOptions
    /// The run's "now", fixed once so that every proof of a run is judged at the same instant.
    public let nowMilliseconds: Int64

    public init(verifier: Verifier, options: VerifyOptions, nowMilliseconds: Int64) {
        self.verifier = verifier
        self.options = options
        self.nowMilliseconds = nowMilliseconds
    }

    /// A run whose sources are `options`' own (tests, benchmarks).
    public convenience init(options: VerifyOptions, nowMilliseconds: Int64) {
        self.init(
            verifier: Verifier(
                trustAnchors: options.trustAnchors, revocationSource: options.revocationSource,
                replayStore: options.replayStore, prompts: CommandLinePrompts.verify),
            options: options, nowMilliseconds: nowMilliseconds)
    }

    /// `options.trustAnchors.fingerprint`: the anchors the library traces to.
    public var anchorsFingerprint: String { verifier.anchorsFingerprint }

    /// The run's replay store.
    public var replayStore: (any ReplayStore)? { verifier.replayStore }

    /// Verifies one proof with the session's options.
    public func verify(path: String, bytes: Data) -> ProofReport {
        verifier.verify(bytes, options: options, at: nowMilliseconds, path: path)
    }

    /// Verifies one proof, asking `replayStore` (the batch runner's in-order view of the session's
    /// store) for `replay-uniqueness`.
    func verify(path: String, bytes: Data, replayStore: (any ReplayStore)?) -> ProofReport {
        verifier.verify(bytes, options: options, at: nowMilliseconds, path: path, replayStore: .some(replayStore))
    }
}
