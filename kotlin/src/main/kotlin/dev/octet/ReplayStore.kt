package dev.octet

/**
 * The keys `replay-uniqueness` looks up: a proof is refused when the proof itself (its proof
 * identity), or the session nonce it is bound to, was accepted before.
 *
 * [proofIdentity] is `SHA-256("octet/v1/replay\0" || SHA-256(proof_key) || proof_id)` (32 bytes),
 * never `proof_id` alone: `proof_id` is chosen by whoever signs, so anyone who saw a victim's id
 * could otherwise sign a proof of their own with it and have the victim's genuine proof refused. A
 * copy of a proof keeps its identity and still collides; a proof that merely borrows an id does
 * not. [sessionNonce] is the proof's `session_nonce`, when it is bound to one: one nonce, one
 * accepted proof, whoever signed it. Both are copied in and handed out as copies.
 */
class ReplayKey(proofIdentity: ByteArray, sessionNonce: ByteArray?) {
    private val identity = proofIdentity.copyOf()
    private val nonce = sessionNonce?.copyOf()

    /** The 32-byte proof identity (a copy). */
    val proofIdentity: ByteArray get() = identity.copyOf()

    /** The session nonce (a copy), or null. */
    val sessionNonce: ByteArray? get() = nonce?.copyOf()

    override fun equals(other: Any?): Boolean {
        if (other !is ReplayKey || !other.identity.contentEquals(identity)) return false
        val otherNonce = other.nonce
        return if (nonce == null) otherNonce == null else otherNonce != null && otherNonce.contentEquals(nonce)
    }

    override fun hashCode(): Int = identity.contentHashCode() * 31 + (nonce?.contentHashCode() ?: 0)

    /** Log-safe: no identity, no nonce. */
    override fun toString(): String = "ReplayKey(" + (if (nonce != null) "with" else "without") + " session nonce)"
}

/** What a [ReplayStore] says about one proof. */
sealed class ReplaySighting {
    /** Never accepted before; [recorded] tells whether this call recorded it as accepted. */
    data class First(val recorded: Boolean) : ReplaySighting()

    /** A proof with this identity was accepted before. */
    object ReplayedProof : ReplaySighting()

    /** A proof bound to this session nonce was accepted before. */
    object ReplayedSessionNonce : ReplaySighting()

    /** The store could not answer (busy past its timeout, unreachable): a log-safe reason. */
    data class Unavailable(val reason: String) : ReplaySighting()

    /**
     * The store has pruned records this verification's window reaches back to, so it cannot tell
     * whether the proof or its nonce was accepted; nothing was recorded (INCONCLUSIVE
     * `REPLAY_WINDOW_PRUNED`). Asking again cannot help: a prune horizon never moves back.
     */
    object WindowPruned : ReplaySighting()
}

/**
 * The proofs a backend has already accepted (seed: "Backend-only" state), injected through
 * [VerifyOptions.replayStore]; `replay-uniqueness` is NOT_CHECKED without one.
 *
 * `replay-uniqueness` runs after every other check and asks the store to record the proof only
 * when they leave it VALID, so a broken proof never burns its identity or nonce. A store that
 * throws is treated as one that could not answer (INCONCLUSIVE `REPLAY_STORE_UNAVAILABLE`).
 */
interface ReplayStore {
    /**
     * One atomic step: look both keys up and, when [record] is true and neither was accepted,
     * record both. Two concurrent calls for one key must never both see `First(recorded = true)`.
     * [atMillis] is the verification's "now" (Unix milliseconds), for the store's records.
     */
    fun check(key: ReplayKey, record: Boolean, atMillis: Long): ReplaySighting

    /**
     * The same step for a verification whose freshness window reaches back to [windowFromMillis]:
     * its time, minus `maxAgeSeconds`, minus the 60 s freshness allows a device clock ahead. A store
     * that has removed records accepted then or later (pruned them) must answer
     * [ReplaySighting.WindowPruned] and record nothing, in the same atomic step. `replay-uniqueness`
     * calls this one; the default, for a store that never removes records, asks the other.
     */
    fun check(key: ReplayKey, record: Boolean, atMillis: Long, windowFromMillis: Long): ReplaySighting =
        check(key, record, atMillis)
}
