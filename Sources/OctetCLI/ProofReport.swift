import Foundation
import Octet

/// What `octet-verify` says about one proof: the library's checks with the CLI's names and
/// backend checks, and the verdict recomputed over them.
public struct ProofReport: Sendable, Equatable {
    /// The PROOF argument as given (`-` for standard input).
    public let path: String
    /// SHA-256 of the proof bytes, lower-case hex.
    public let proofSHA256: String
    public let checks: [ProofCheck]
    public let summary: VerdictSummary
    /// The signed assurance tier, only with `--honor-verdict-tier`.
    public let spoofingVerdict: LocationProofVerdict?
    public let verifiedAtMilliseconds: Int64
    /// `TrustAnchors.fingerprint` of the anchors in force.
    public let trustAnchors: String

    public init(
        path: String, proofSHA256: String, checks: [ProofCheck], spoofingVerdict: LocationProofVerdict?,
        verifiedAtMilliseconds: Int64, trustAnchors: String
    ) {
        self.path = path
        self.proofSHA256 = proofSHA256
        self.checks = checks
        self.summary = VerdictSummary(checks: checks)
        self.spoofingVerdict = spoofingVerdict
        self.verifiedAtMilliseconds = verifiedAtMilliseconds
        self.trustAnchors = trustAnchors
    }

    /// The report with one check replaced and the verdict recomputed.
    func replacing(_ name: String, with check: ProofCheck) -> ProofReport {
        ProofReport(
            path: path, proofSHA256: proofSHA256, checks: checks.replacing(name, with: check),
            spoofingVerdict: spoofingVerdict, verifiedAtMilliseconds: verifiedAtMilliseconds, trustAnchors: trustAnchors
        )
    }
}

/// Check names as `octet-verify` prints them (seed: "ProofCheck"): the library's
/// `hardware-attestation` is `attestation-root` on Android proofs and `app-attest` on iOS proofs.
public enum CLICheckName {
    public static let attestationRoot = "attestation-root"
    public static let appAttest = "app-attest"

    public static func name(_ libraryName: String, evidence: LocationProof.DeviceEvidenceKind?) -> String {
        guard libraryName == CheckName.hardwareAttestation else { return libraryName }
        switch evidence {
        case .androidKey: return attestationRoot
        case .appAttest: return appAttest
        case .software, nil: return libraryName
        }
    }
}
