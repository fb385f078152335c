import Foundation
import Octet
import OctetAttestation
import OctetCrypto
import OctetEncoding

/// Requests (service.md) answered by the one ``Verifier``: `--requests`, `serve` and any Swift
/// backend read a request here and verify it with the verifier's sources and the request's options.
extension Verifier {
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
            // The code first: comparing it costs less than comparing a name.
            return report.checks.contains {
                $0.code == .replayStoreUnavailable && $0.status == .inconclusive
                    && $0.name == CheckName.replayUniqueness
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

    /// Verifies one decoded request: its options, at its `verificationTimeMs` or else `now()`.
    public func verify(
        _ request: VerifyRequest, now: () -> Int64, replayStore: (any ReplayStore)?? = nil
    ) -> ProofReport {
        verify(
            Data(request.proofBytes), options: request.options.verifyOptions,
            at: request.options.verificationTimeMs ?? now(), replayStore: replayStore)
    }
}
