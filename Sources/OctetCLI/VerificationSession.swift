import Foundation
import Octet
import OctetBackend
import OctetCrypto
import OctetEncoding

/// One run's shared state: the library options (with the run's replay store and revocation
/// source), the clock and the anchors. `verify` is safe to call from many threads.
public final class VerificationSession: Sendable {
    public let options: VerifyOptions
    /// The run's "now", fixed once so that every proof of a run is judged at the same instant.
    public let nowMilliseconds: Int64
    /// `options.trustAnchors.fingerprint`, computed once: the anchors the library traces to.
    public let anchorsFingerprint: String

    public init(options: VerifyOptions, nowMilliseconds: Int64) {
        var options = options
        options.verificationTime = Date(timeIntervalSince1970: Double(nowMilliseconds) / 1000)
        self.options = options
        self.nowMilliseconds = nowMilliseconds
        self.anchorsFingerprint = options.trustAnchors.fingerprint
    }

    /// Verifies one proof with the session's options.
    public func verify(path: String, bytes: Data) -> ProofReport {
        verify(path: path, bytes: bytes, replayStore: options.replayStore)
    }

    /// Verifies one proof, asking `replayStore` (the batch runner's in-order view of the session's
    /// store) for `replay-uniqueness`.
    func verify(path: String, bytes: Data, replayStore: (any ReplayStore)?) -> ProofReport {
        var options = options
        options.replayStore = replayStore
        // Decoded once: `verify(_:)` reuses the decoding; only undecodable bytes go the other way.
        let proof = try? LocationProof(proofBytes: bytes)
        let verification =
            proof.map { Octet.verify($0, options: options) } ?? Octet.verify(proofBytes: bytes, options: options)
        return ProofReport(
            path: path, proofSHA256: Hex.encode(SHA256.hash(bytes)), verification: verification,
            evidence: proof?.deviceEvidence, verifiedAtMilliseconds: nowMilliseconds, trustAnchors: anchorsFingerprint)
    }
}
