package dev.octet

import dev.octet.crypto.Sha256
import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode

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
        return when (val sighting = store.check(key, record, context.nowMs, windowFrom(context))) {
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
            // INCONCLUSIVE, not FAIL: the store cannot know the proof was accepted, only that the
            // records which would say so may be gone.
            ReplaySighting.WindowPruned ->
                Outcome.inconclusive(
                    ReasonCode.REPLAY_WINDOW_PRUNED,
                    "replay store pruned records this verification's window reaches back to: " +
                        "cannot tell whether the proof was accepted before"
                )
        }
    }

    /**
     * The oldest acceptance time a record refusing this proof can carry: the verification's time,
     * minus its freshness window, minus the 60 s of future skew freshness allows. Saturates; an
     * invalid window reaches back without bound.
     */
    fun windowFrom(context: VerificationContext): Long {
        val maxAge = context.options.maxAgeSeconds
        if (maxAge < 0 || maxAge > Long.MAX_VALUE / 1000) return Long.MIN_VALUE
        val now = context.nowMs
        val start = now - maxAge * 1000
        if (((now xor (maxAge * 1000)) and (now xor start)) < 0) return Long.MIN_VALUE
        val from = start - FUTURE_SKEW_MS
        return if (((start xor FUTURE_SKEW_MS) and (start xor from)) < 0) Long.MIN_VALUE else from
    }

    private const val FUTURE_SKEW_MS = 60_000L

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
