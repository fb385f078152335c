import Foundation
import Octet
import OctetAttestation
import OctetCrypto
import OctetEncoding

/// Answers requests (service.md): the verifier's configuration (anchors, revocation source,
/// replay store) with each request's own options. Shared by `--requests`, `serve` and any Swift
/// backend. Safe to call from many threads; the replay store makes the look-up-and-record atomic.
public final class RequestVerifier: Sendable {
    public let trustAnchors: TrustAnchors
    /// `trustAnchors.fingerprint`, computed once.
    public let anchorsFingerprint: String
    public let revocationSource: (any RevocationSource)?
    public let replayStore: (any ReplayStore)?

    public init(
        trustAnchors: TrustAnchors = .bundled, revocationSource: (any RevocationSource)? = nil,
        replayStore: (any ReplayStore)? = nil
    ) {
        self.trustAnchors = trustAnchors
        self.anchorsFingerprint = trustAnchors.fingerprint
        self.revocationSource = revocationSource
        self.replayStore = replayStore
    }

    /// The same configuration with other anchors or another revocation source (`SIGHUP`).
    public func replacing(trustAnchors: TrustAnchors? = nil, revocationSource: (any RevocationSource)?? = nil)
        -> RequestVerifier
    {
        RequestVerifier(
            trustAnchors: trustAnchors ?? self.trustAnchors,
            revocationSource: revocationSource ?? self.revocationSource,
            replayStore: replayStore)
    }

    /// One request's answer.
    public enum Answer: Sendable {
        case result(ProofReport, id: String?)
        case rejected(VerifyRequest.Rejection)

        /// The answer's JSON object, without a newline.
        public var json: String {
            var out = JSONBuffer(capacity: 2048)
            write(into: &out)
            return out.text
        }

        /// ``json`` appended to `out` (a worker writes its answer straight into the bytes it hands on).
        public func write(into out: inout JSONBuffer) {
            switch self {
            case .result(let report, let id): JSONReport.write(result: report, id: id, into: &out)
            case .rejected(let rejection): JSONReport.write(error: rejection.error, id: rejection.id, into: &out)
            }
        }

        /// True when a configured check could not be run because the replay store did not answer:
        /// `serve` answers 503 then, never a result that skipped the check.
        public var replayStoreUnavailable: Bool {
            guard case .result(let report, _) = self else { return false }
            return report.checks.contains {
                $0.name == CheckName.replayUniqueness && $0.status == .inconclusive
                    && $0.code == .replayStoreUnavailable
            }
        }
    }

    /// Reads and answers one request. `now` is read once, and only when the request gives no
    /// `verificationTimeMs`. `replayStore` overrides the configured store (the in-order view of
    /// `--requests --jobs`, a store that stops recording once output is gone).
    public func answer(
        _ bytes: [UInt8], now: () -> Int64, replayStore: (any ReplayStore)?? = nil
    ) -> Answer {
        switch VerifyRequest.decode(bytes) {
        case .failure(let rejection): return .rejected(rejection)
        case .success(let request):
            return .result(verify(request, now: now, replayStore: replayStore), id: request.id)
        }
    }

    /// Verifies one decoded request.
    public func verify(
        _ request: VerifyRequest, now: () -> Int64, replayStore: (any ReplayStore)?? = nil
    ) -> ProofReport {
        let milliseconds = request.options.verificationTimeMs ?? now()
        var options = request.options.verifyOptions(defaultTimeMilliseconds: milliseconds)
        options.trustAnchors = trustAnchors
        options.revocationSource = revocationSource
        options.replayStore = replayStore ?? self.replayStore
        let bytes = Data(request.proofBytes)
        // Decoded once: `verify(_:)` reuses the decoding; only undecodable bytes go the other way.
        let proof = try? LocationProof(proofBytes: bytes)
        let verification =
            proof.map { Octet.verify($0, options: options) } ?? Octet.verify(proofBytes: bytes, options: options)
        return ProofReport(
            path: "", proofSHA256: Hex.encode(SHA256.hash(request.proofBytes)), verification: verification,
            evidence: proof?.deviceEvidence, verifiedAtMilliseconds: milliseconds, trustAnchors: anchorsFingerprint)
    }
}
