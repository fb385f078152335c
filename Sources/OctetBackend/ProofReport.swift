import Foundation
import Octet

/// What `octet-verify` says about one proof: the library's result, with the CLI's check names.
/// The verdict is the library's: the CLI never recomputes or patches it.
public struct ProofReport: Sendable, Equatable {
    /// The PROOF argument as given (`-` for standard input).
    public let path: String
    /// SHA-256 of the proof bytes, lower-case hex.
    public let proofSHA256: String
    /// The library's checks, in recipe order, `hardware-attestation` named as the CLI prints it.
    public let checks: [ProofCheck]
    public let verdict: ProofVerification.Verdict
    public let isValid: Bool
    public let isAuthentic: Bool
    /// The signed assurance tier, only with `--honor-verdict-tier`.
    public let spoofingVerdict: LocationProofVerdict?
    public let verifiedAtMilliseconds: Int64
    /// `TrustAnchors.fingerprint` of the anchors in force.
    public let trustAnchors: String

    /// `evidence`: the proof's device evidence when it decoded, for the CLI's check names.
    /// `prompts`: how the front end names the options (`OptionPrompts`); a NOT-CHECKED check whose
    /// detail is the library's for an option `options` leaves out gets the front end's hint instead.
    public init(
        path: String, proofSHA256: String, verification: consuming ProofVerification,
        evidence: LocationProof.DeviceEvidenceKind?, verifiedAtMilliseconds: Int64, trustAnchors: String,
        prompts: OptionPrompts = .library, options: VerifyOptions? = nil
    ) {
        self.path = path
        self.proofSHA256 = proofSHA256
        self.verdict = verification.verdict
        self.isValid = verification.isValid
        self.isAuthentic = verification.isAuthentic
        self.spoofingVerdict = verification.spoofingVerdict
        // The library's array itself, taken from the consumed verification: changing a check below
        // then changes it in place instead of copying every check.
        var checks = verification.checks
        _ = consume verification
        // Only Android and iOS proofs name `hardware-attestation` otherwise.
        if let name = CLICheckName.hardwareAttestation(evidence: evidence),
            let index = checks.firstIndex(where: { $0.name == CheckName.hardwareAttestation })
        {
            let check = checks[index]
            checks[index] = ProofCheck(name: name, status: check.status, detail: check.detail, code: check.code)
        }
        if let options, !prompts.isEmpty {
            for index in checks.indices where checks[index].status == .notChecked {
                if let hint = prompts.hint(check: checks[index].name, detail: checks[index].detail, options: options) {
                    checks[index] = ProofCheck(
                        name: checks[index].name, status: .notChecked, detail: hint, code: checks[index].code)
                }
            }
        }
        self.checks = checks
        self.verifiedAtMilliseconds = verifiedAtMilliseconds
        self.trustAnchors = trustAnchors
    }
}

/// Check names as `octet-verify` prints them (seed: "ProofCheck"): the library's
/// `hardware-attestation` is `attestation-root` on Android proofs and `app-attest` on iOS proofs.
public enum CLICheckName {
    public static let attestationRoot = "attestation-root"
    public static let appAttest = "app-attest"

    public static func name(_ libraryName: String, evidence: LocationProof.DeviceEvidenceKind?) -> String {
        guard libraryName == CheckName.hardwareAttestation else { return libraryName }
        return hardwareAttestation(evidence: evidence) ?? libraryName
    }

    /// What proofs with this evidence call `hardware-attestation`; nil when they keep its name.
    static func hardwareAttestation(evidence: LocationProof.DeviceEvidenceKind?) -> String? {
        switch evidence {
        case .androidKey: attestationRoot
        case .appAttest: appAttest
        case .software, nil: nil
        }
    }
}

extension ProofVerification.Verdict {
    /// The lower-case name the CLI prints.
    public var name: String {
        switch self {
        case .valid: "valid"
        case .invalid: "invalid"
        case .inconclusive: "inconclusive"
        }
    }
}
