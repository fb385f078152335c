package dev.octet

import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode

/**
 * `stage-signatures` (proof-format.md, "Stage signatures"): every stage is signed by `proof_key`,
 * each signature strict DER over the stage's chained input. This is what makes a proof authentic.
 */
internal object StageSignaturesCheck : Check(CheckName.STAGE_SIGNATURES) {
    override val failureCode = ReasonCode.STAGE_SIGNATURE_INVALID

    /** Judged once per call, through `context.stageSignatures`: `verdict-tier` reads it too. */
    override fun evaluate(context: VerificationContext): Outcome = context.stageSignatures

    fun judge(context: VerificationContext): Outcome {
        val key = context.proofKey ?: return Outcome.fail(ReasonCode.PROOF_KEY_INVALID, "proof key is not a valid P-256 point")
        val stages = context.proof.stages
        val inputs = context.stageChain.inputs
        val failed = stages.indices
            .filter { !key.isValidSignature(stages[it].signature.toByteArray(), inputs[it], context.signatures) }
            .map { "$it (${stages[it].kind.name})" }
        if (failed.isEmpty()) return Outcome.pass("${stages.size} stages signed by the proof key")
        val noun = if (failed.size == 1) "stage" else "stages"
        return Outcome.fail(ReasonCode.STAGE_SIGNATURE_INVALID, "$noun ${failed.joinToString(", ")} not signed by the proof key")
    }
}
