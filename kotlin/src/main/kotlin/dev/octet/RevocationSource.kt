package dev.octet

/** What a revocation list says of one key or certificate. */
data class RevocationEntry(
    val status: Status,
    /**
     * A reason code such as `KEY_COMPROMISE`, echoed in the check's detail; never free text (a
     * source must drop a reason that is not a plain code).
     */
    val reason: String? = null
) {
    /** Either status fails the proof: a suspended key is not trusted until it is reinstated. */
    enum class Status { REVOKED, SUSPENDED }
}

/** What `revocation` asks a source about. */
sealed class RevocationSubject {
    /** The SHA-256 of the proof key's 65-byte SEC1 point (a copy). */
    class ProofKey(sha256: ByteArray) : RevocationSubject() {
        private val digest = sha256.copyOf()
        val sha256: ByteArray get() = digest.copyOf()
        override fun equals(other: Any?): Boolean = other is ProofKey && other.digest.contentEquals(digest)
        override fun hashCode(): Int = digest.contentHashCode()
        override fun toString(): String = "ProofKey"
    }

    /**
     * The SHA-256 of the device key's 65-byte SEC1 point: the software key, the App Attest
     * credential key, or the key of an Android chain's leaf certificate (a copy).
     */
    class DeviceKey(sha256: ByteArray) : RevocationSubject() {
        private val digest = sha256.copyOf()
        val sha256: ByteArray get() = digest.copyOf()
        override fun equals(other: Any?): Boolean = other is DeviceKey && other.digest.contentEquals(digest)
        override fun hashCode(): Int = digest.contentHashCode()
        override fun toString(): String = "DeviceKey"
    }

    /**
     * A certificate of an Android attestation chain, by serial number: lower-case hex without
     * leading zeros, as Google's status list keys it (`-` first for a negative serial).
     */
    data class Certificate(val serialHex: String) : RevocationSubject()
}

/** The answer of a [RevocationSource] for one subject. */
sealed class RevocationLookup {
    data class Listed(val entry: RevocationEntry) : RevocationLookup()

    object NotListed : RevocationLookup()

    /** The source could not answer (unreachable, busy): a log-safe reason. The check is then INCONCLUSIVE, never PASS. */
    data class Unavailable(val reason: String) : RevocationLookup()

    /**
     * The source holds a list that is not current: older than the maximum age it was given, or
     * never fetched. It still answers [Listed] for what it lists; a subject it does not list is
     * [Stale] (a log-safe reason), never [NotListed], and the check is INCONCLUSIVE
     * `REVOCATION_LIST_STALE`, never PASS.
     */
    data class Stale(val reason: String) : RevocationLookup()
}

/**
 * Revoked or suspended keys and certificates, injected through [VerifyOptions.revocationSource];
 * `revocation` is NOT_CHECKED without one (as android/keyattestation injects its revoked-serials
 * source). A source that throws is treated as one that could not answer (INCONCLUSIVE
 * `REVOCATION_SOURCE_UNAVAILABLE`), unless another subject is listed.
 */
interface RevocationSource {
    /** What the source lists for [subject]. */
    fun lookUp(subject: RevocationSubject): RevocationLookup

    /** How many entries the source holds, for the PASS detail; null when it cannot tell cheaply. */
    val entryCount: Int? get() = null
}
