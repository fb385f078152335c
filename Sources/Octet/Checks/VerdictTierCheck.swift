import OctetCrypto
import OctetOutcome

extension Check {
    /// `verdict-tier` (design, "Assurance tier"). Ignored since 3.1; with `honorVerdictTier` the
    /// 3.0 rules apply: `requireVerdict` fails closed, otherwise the signed tier is reported.
    static let verdictTier = Check(name: CheckName.verdictTier) { context in
        guard context.options.honorVerdictTier else { return .notChecked("ignored since 3.1") }
        let tier = context.signedTier
        if let required = context.options.requireVerdict {
            guard let tier else { return .fail(.tierUnsigned, "no assurance tier is signed into the proof") }
            let name = tier.rawValue
            return required.isMet(by: tier)
                ? .pass("signed tier \(name) meets \(AssuranceTier.name(required))")
                : .fail(.tierBelowRequired, "signed tier \(name) is below \(AssuranceTier.name(required))")
        }
        guard let tier else { return .notChecked("no assurance tier is signed into the proof") }
        switch tier {
        case .verified, .plausible: return .pass("signed tier \(tier.rawValue)")
        case .uncertain, .suspicious, .spoofed: return .warn(.tierBelowPlausible, "signed tier \(tier.rawValue)")
        }
    }
}

enum AssuranceTier {
    /// The tier is "signed into the proof" when `claims.assurance` is present, bound exactly once,
    /// by the VERDICT stage, with a matching hash, and `stage-signatures` passed.
    static func signedTier(_ context: VerificationContext) -> LocationProofVerdict? {
        guard let assurance = context.proof.claims.assurance,
            context.stageSignatures.status == .pass,
            let expected = context.claimHashes[ProofSchema.Claims.assurance.number]
        else { return nil }
        // Exactly one binding of the assurance claim, by the VERDICT stage, matching its hash
        // (counted in a loop: no intermediate arrays).
        var found: (kind: StageKind, binding: DecodedBinding)? = nil
        var count = 0
        for stage in context.proof.stages {
            for binding in stage.bindings where binding.claimField == ProofSchema.Claims.assurance.number {
                count += 1
                found = (stage.kind, binding)
            }
        }
        guard count == 1, let (kind, binding) = found, kind == .verdict, ConstantTime.equal(binding.sha256, expected)
        else { return nil }
        return assurance.verdict
    }

    static func name(_ required: RequiredVerdict) -> String {
        switch required {
        case .verified: "VERIFIED"
        case .plausible: "PLAUSIBLE"
        }
    }
}
