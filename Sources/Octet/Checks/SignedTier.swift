import OctetCrypto

/// Which of a proof's claimed tier `verdict-tier` and `spoofingVerdict` may read.
enum SignedTier {
    /// The tier is "signed into the proof" when `claims.assurance` is present, bound exactly once,
    /// by the VERDICT stage, with a matching hash, and `stage-signatures` passed.
    static func of(_ context: VerificationContext) -> LocationProofVerdict? {
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
        guard count == 1, let (kind, binding) = found, kind == .verdict,
            expected.equals(publicBytes: binding.sha256)  // both the proof's own: nothing secret to time
        else { return nil }
        return assurance.verdict
    }
}
