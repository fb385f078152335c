package dev.octet

import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode
import java.security.MessageDigest

/**
 * `session-binding` (proof-format.md, "Session"): only with `expectedSessionNonce`; PASS when the
 * proof's `session_nonce` equals it (constant-time compare, `MessageDigest.isEqual`), FAIL when it
 * differs or the proof has none.
 */
internal object SessionBindingCheck : Check(CheckName.SESSION_BINDING) {
    override val failureCode = ReasonCode.SESSION_NONCE_MISMATCH

    override fun evaluate(context: VerificationContext): Outcome {
        val expected = context.expectedSessionNonce ?: return Outcome.notChecked("no expectedSessionNonce given")
        val nonce = context.proof.claims.sessionNonce
            ?: return Outcome.fail(ReasonCode.SESSION_NONCE_ABSENT, "proof is bound to no session nonce")
        return if (MessageDigest.isEqual(nonce.toByteArray(), expected)) {
            Outcome.pass("proof is bound to the expected session nonce")
        } else {
            Outcome.fail(ReasonCode.SESSION_NONCE_MISMATCH, "proof is bound to another session nonce")
        }
    }
}
