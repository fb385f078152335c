package dev.octet.checks

import dev.octet.ProofVerification
import dev.octet.ReplayKey
import dev.octet.ReplaySighting
import dev.octet.crypto.Sha256
import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode
import dev.octet.wire.DomainTag

/**
 * `replay-uniqueness` (seed: "Backend-only"): with a [dev.octet.ReplayStore], FAIL when the proof,
 * or the session nonce it is bound to, was accepted before. The proof's identity is
 * `H("octet/v1/replay\0" || H(proof_key) || proof_id)`. Evaluated after every other check and
 * reported at its place; the proof is recorded only when the others leave it VALID, so a broken
 * proof never burns its identity. A store that throws could not answer: INCONCLUSIVE.
 */
internal object ReplayUniquenessCheck : Check(CheckName.REPLAY_UNIQUENESS, runsLast = true) {
    override val failureCode = ReasonCode.REPLAY_STORE_UNAVAILABLE

    override fun evaluate(context: VerificationContext): Outcome {
        val store = context.options.replayStore
            ?: return Outcome.notChecked("backend-only: needs a replay store")
        val key = ReplayKey(identity(context), context.proof.claims.sessionNonce?.toByteArray())
        val record = context.otherChecksVerdict == ProofVerification.Verdict.VALID
        return when (val sighting = store.check(key, record, context.nowMs)) {
            is ReplaySighting.First ->
                if (sighting.recorded) {
                    Outcome.pass("first sighting; proof" + (if (key.sessionNonce != null) " and session nonce" else "") + " recorded")
                } else {
                    Outcome.pass("first sighting; not recorded: the proof is not otherwise valid")
                }
            // "Already accepted", not "a replay": the store knows it accepted this proof, not who
            // presents it now or why.
            ReplaySighting.ReplayedProof -> Outcome.fail(ReasonCode.REPLAYED_PROOF_ID, "proof already accepted")
            ReplaySighting.ReplayedSessionNonce ->
                Outcome.fail(ReasonCode.REPLAYED_SESSION_NONCE, "session nonce already accepted with another proof")
            is ReplaySighting.Unavailable ->
                Outcome.inconclusive(ReasonCode.REPLAY_STORE_UNAVAILABLE, "replay store unavailable: ${sighting.reason}")
        }
    }

    override fun onFailure(error: Throwable): Outcome =
        Outcome.inconclusive(ReasonCode.REPLAY_STORE_UNAVAILABLE, "replay store unavailable: ${Failures.describe(error)}")

    /** `H("octet/v1/replay\0" || H(proof_key) || proof_id)`: the proof id under the key that signed it. */
    fun identity(context: VerificationContext): ByteArray {
        val keyDigest = Sha256.newDigest()
        context.proof.proofKey.update(keyDigest)
        val digest = Sha256.newDigest()
        digest.update(DomainTag.replay)
        digest.update(keyDigest.digest())
        context.proof.proofId.update(digest)
        return digest.digest()
    }
}
