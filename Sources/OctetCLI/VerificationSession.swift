import Foundation
import Octet
import OctetAttestation
import OctetCrypto
import OctetEncoding

/// One run's shared state: the library options, the clock, the anchors, the revocation list and
/// the replay store. `verify` is safe to call from many threads; `settleReplay` runs in input order.
public final class VerificationSession: Sendable {
    public let options: VerifyOptions
    /// The run's "now", fixed once so that every proof of a run is judged at the same instant.
    public let nowMilliseconds: Int64
    /// `options.trustAnchors.fingerprint`, computed once: the anchors the library traces to.
    public let anchorsFingerprint: String
    public let revocationList: RevocationList?
    public let replayStore: ReplayStore?

    public init(
        options: VerifyOptions, nowMilliseconds: Int64,
        revocationList: RevocationList? = nil, replayStore: ReplayStore? = nil
    ) {
        var options = options
        options.verificationTime = Date(timeIntervalSince1970: Double(nowMilliseconds) / 1000)
        self.options = options
        self.nowMilliseconds = nowMilliseconds
        self.anchorsFingerprint = options.trustAnchors.fingerprint
        self.revocationList = revocationList
        self.replayStore = replayStore
    }

    /// A proof verified by the library, with the CLI's names and the revocation check; the replay
    /// check is still the library's NOT-CHECKED until `settleReplay`.
    public struct Pending: Sendable {
        public let report: ProofReport
        let proofId: [UInt8]?
        let sessionNonce: [UInt8]?
    }

    public func verify(path: String, bytes: Data) -> Pending {
        // Decoded once: `verify(_:)` reuses the decoding; only undecodable bytes go the other way.
        let proof = try? LocationProof(proofBytes: bytes)
        let verification =
            proof.map { Octet.verify($0, options: options) } ?? Octet.verify(proofBytes: bytes, options: options)
        var checks = verification.checks.map { check in
            ProofCheck(
                name: CLICheckName.name(check.name, evidence: proof?.deviceEvidence), status: check.status,
                detail: check.detail)
        }
        if let revocationList {
            let check =
                proof.map { RevocationCheck.judge($0, list: revocationList) }
                ?? ProofCheck(name: CheckName.revocation, status: .notChecked, detail: "proof not decoded")
            checks = checks.replacing(CheckName.revocation, with: check)
        }
        let report = ProofReport(
            path: path, proofSHA256: Hex.encode(SHA256.hash(bytes)), checks: checks,
            spoofingVerdict: verification.spoofingVerdict, verifiedAtMilliseconds: nowMilliseconds,
            trustAnchors: anchorsFingerprint)
        return Pending(
            report: report, proofId: proof.map { Array($0.proofId) }, sessionNonce: proof?.sessionNonce.map(Array.init))
    }

    /// `replay-uniqueness` (seed: "Backend-only"): with a replay store, FAIL when the proof id or the
    /// session nonce was accepted before; otherwise PASS, and the proof is recorded as accepted only
    /// when every other check gives the verdict `valid`.
    public func settleReplay(_ pending: Pending) -> ProofReport {
        guard let replayStore else { return pending.report }
        guard let proofId = pending.proofId else {
            return pending.report.replacing(
                CheckName.replayUniqueness,
                with: ProofCheck(name: CheckName.replayUniqueness, status: .notChecked, detail: "proof not decoded"))
        }
        let otherwiseValid = pending.report.summary.verdict == .valid
        let sighting = replayStore.check(
            proofId: proofId, sessionNonce: pending.sessionNonce, record: otherwiseValid,
            atMilliseconds: nowMilliseconds)
        return pending.report.replacing(
            CheckName.replayUniqueness, with: Self.check(sighting, hasNonce: pending.sessionNonce != nil))
    }

    static func check(_ sighting: ReplayStore.Sighting, hasNonce: Bool) -> ProofCheck {
        let name = CheckName.replayUniqueness
        switch sighting {
        case .first(recorded: true):
            return ProofCheck(
                name: name, status: .pass,
                detail: "first sighting; proof id" + (hasNonce ? " and session nonce" : "") + " recorded")
        case .first(recorded: false):
            return ProofCheck(
                name: name, status: .pass, detail: "first sighting; not recorded: the proof is not otherwise valid")
        case .replayedProofId:
            return ProofCheck(name: name, status: .fail, detail: "proof id already accepted: a replay")
        case .replayedSessionNonce:
            return ProofCheck(
                name: name, status: .fail, detail: "session nonce already accepted with another proof: a replay")
        case .unavailable(let reason):
            return ProofCheck(name: name, status: .inconclusive, detail: "replay store unavailable: \(reason)")
        }
    }
}
