package dev.octet

import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode
import java.security.MessageDigest

/**
 * `binding` (proof-format.md, "Claim hashes"): every present claim among 1,2,3,4,5,6,8 is bound
 * exactly once, by its stage kind, with a matching hash; every binding names a present field; and
 * the platform agrees with the device evidence. Details name fields, never values. A claim-binding
 * problem outranks a platform mismatch for the code; the detail lists both.
 */
internal object BindingCheck : Check(CheckName.BINDING) {
    override val failureCode = ReasonCode.CLAIM_BINDING_INVALID

    override fun evaluate(context: VerificationContext): Outcome {
        val proof = context.proof
        val hashes = context.claimHashes
        val problems = ArrayList<String>()
        val boundBy = IntArray(hashes.size)
        for (stage in proof.stages) {
            for (binding in stage.bindings) {
                val field = binding.claimField
                if (field < boundBy.size) boundBy[field] += 1
                val expected = if (field < hashes.size) hashes[field] else null
                if (expected == null) {
                    problems.add("${stage.kind.name} binds absent claim ${ProofSchema.Claims.name(field)}")
                    continue
                }
                if (!stage.kind.binds(field)) {
                    problems.add("${ProofSchema.Claims.name(field)} bound by ${stage.kind.name}, not by its stage")
                } else if (!MessageDigest.isEqual(binding.sha256.toByteArray(), expected)) {
                    problems.add("${ProofSchema.Claims.name(field)} does not match its signed hash")
                }
            }
        }
        for (field in hashes.indices) {
            if (hashes[field] == null) continue
            val count = boundBy[field]
            if (count == 0) problems.add("${ProofSchema.Claims.name(field)} is not bound")
            if (count > 1) problems.add("${ProofSchema.Claims.name(field)} is bound $count times")
        }
        val claimProblems = problems.isNotEmpty()
        if (proof.claims.platform != proof.device.platform) {
            problems.add("platform ${proof.claims.platform.name} does not match ${proof.device.name} evidence")
        }
        if (problems.isEmpty()) {
            val count = hashes.count { it != null }
            return Outcome.pass("$count claims bound by their stages; platform matches the device evidence")
        }
        return Outcome.fail(
            if (claimProblems) ReasonCode.CLAIM_BINDING_INVALID else ReasonCode.PLATFORM_MISMATCH,
            problems.toSortedSet().joinToString("; ")
        )
    }
}
