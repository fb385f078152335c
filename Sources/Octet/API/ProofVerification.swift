/// The result of `Octet.verify`: a flat, log-safe record (seed: "ProofVerification").
public struct ProofVerification: Sendable, Hashable {
    /// The tri-state headline.
    public enum Verdict: Sendable, Hashable {
        case valid
        case invalid
        case inconclusive
    }

    /// `invalid` if any check is FAIL, else `valid` if `isAuthentic`, else `inconclusive`.
    public let verdict: Verdict
    /// Every check that ran, in recipe order.
    public let checks: [ProofCheck]
    /// No check is FAIL. NOT-CHECKED and WARN never reject.
    public let isValid: Bool
    /// `isValid`, `stage-signatures` is PASS, and no check is INCONCLUSIVE.
    public let isAuthentic: Bool
    /// The proof's signed assurance tier; since 3.1 nil unless `VerifyOptions.honorVerdictTier`.
    public let spoofingVerdict: LocationProofVerdict?

    /// Applies the seed's verdict rules to `checks`.
    init(checks: [ProofCheck], spoofingVerdict: LocationProofVerdict?) {
        self.checks = checks
        self.spoofingVerdict = spoofingVerdict
        (verdict, isValid, isAuthentic) = Self.rules(checks)
    }

    /// The seed's verdict rules, the only copy: the recipe also applies them to the checks before
    /// `replay-uniqueness` to decide whether a proof is recorded.
    static func rules(_ checks: [ProofCheck]) -> (verdict: Verdict, isValid: Bool, isAuthentic: Bool) {
        let anyFail = checks.contains { $0.status == .fail }
        let anyInconclusive = checks.contains { $0.status == .inconclusive }
        let signed = checks.contains { $0.name == CheckName.stageSignatures && $0.status == .pass }
        let isValid = !anyFail
        let isAuthentic = isValid && signed && !anyInconclusive
        return (anyFail ? .invalid : isAuthentic ? .valid : .inconclusive, isValid, isAuthentic)
    }

    /// The check named `name`, if it is in the result.
    public func check(named name: String) -> ProofCheck? {
        checks.first { $0.name == name }
    }
}
