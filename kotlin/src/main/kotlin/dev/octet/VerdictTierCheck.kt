package dev.octet

import dev.octet.outcome.Outcome
import dev.octet.outcome.OutcomeStatus
import dev.octet.outcome.ReasonCode
import java.security.MessageDigest

/**
 * `verdict-tier` (proof-format.md, "Assurance tier"). Ignored since 3.1 (NOT_CHECKED); with
 * `honorVerdictTier` the 3.0 rules apply: `requireVerdict` fails closed, otherwise the signed tier
 * is reported (VERIFIED, PLAUSIBLE: PASS; UNCERTAIN, SUSPICIOUS, SPOOFED: WARN).
 */
internal object VerdictTierCheck : Check(CheckName.VERDICT_TIER) {
    override val failureCode = ReasonCode.TIER_UNSIGNED

    @Suppress("DEPRECATION") // the 3.0 rules read the deprecated requireVerdict, as they must
    override fun evaluate(context: VerificationContext): Outcome {
        if (!context.options.honorVerdictTier) return Outcome.notChecked("ignored since 3.1")
        val tier = context.signedTier
        val required = context.options.requireVerdict
        if (required != null) {
            if (tier == null) return Outcome.fail(ReasonCode.TIER_UNSIGNED, "no assurance tier is signed into the proof")
            return if (required.isMetBy(tier)) {
                Outcome.pass("signed tier ${tier.name} meets ${required.name}")
            } else {
                Outcome.fail(ReasonCode.TIER_BELOW_REQUIRED, "signed tier ${tier.name} is below ${required.name}")
            }
        }
        if (tier == null) return Outcome.notChecked("no assurance tier is signed into the proof")
        return when (tier) {
            LocationProofVerdict.VERIFIED, LocationProofVerdict.PLAUSIBLE -> Outcome.pass("signed tier ${tier.name}")
            LocationProofVerdict.UNCERTAIN, LocationProofVerdict.SUSPICIOUS, LocationProofVerdict.SPOOFED ->
                Outcome.warn(ReasonCode.TIER_BELOW_PLAUSIBLE, "signed tier ${tier.name}")
        }
    }

    /**
     * The tier is "signed into the proof" when `claims.assurance` is present, bound exactly once,
     * by the VERDICT stage, with a matching hash, and `stage-signatures` passed.
     */
    fun signedTier(context: VerificationContext): LocationProofVerdict? {
        val assurance = context.proof.claims.assurance ?: return null
        if (context.stageSignatures.status != OutcomeStatus.PASS) return null
        val field = ProofSchema.Claims.assurance.number
        val expected = context.claimHashes[field] ?: return null
        var count = 0
        var matches = false
        for (stage in context.proof.stages) {
            for (binding in stage.bindings) {
                if (binding.claimField != field) continue
                count += 1
                matches = stage.kind == StageKind.VERDICT && MessageDigest.isEqual(binding.sha256.toByteArray(), expected)
            }
        }
        return if (count == 1 && matches) assurance.verdict else null
    }
}
