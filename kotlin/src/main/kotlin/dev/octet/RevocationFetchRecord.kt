package dev.octet

import dev.octet.crypto.Sha256
import dev.octet.encoding.Hex
import dev.octet.encoding.json.JsonLimits
import dev.octet.encoding.json.JsonReader
import dev.octet.encoding.json.JsonResult
import dev.octet.encoding.json.JsonValue

/**
 * When a revocation list was fetched: the record `octet-verify revocation fetch` writes next to the
 * list (`FILE.fetched`), read with the Swift backend's rules. The list file stays byte for byte
 * what the publisher served; the record names those bytes by SHA-256 and length, and dates nothing
 * else. `{"schema":"octet-revocation-fetch/1","fetchedAtMs":…,"sha256":"…","bytes":…}`, exactly
 * these four members.
 */
class RevocationFetchRecord(
    /** Unix milliseconds: when the fetch that wrote the list finished. */
    val fetchedAtMillis: Long,
    /** The SHA-256 of the list's bytes, lower-case hex. */
    val sha256Hex: String,
    /** The list's length in bytes. */
    val byteCount: Long
) {
    /** Whether this record dates exactly these bytes. */
    fun dates(list: ByteArray): Boolean =
        list.size.toLong() == byteCount && Hex.encode(Sha256.hash(list)) == sha256Hex

    /** Why a record was refused: a short, log-safe line. */
    class MalformedException(message: String) : Exception(message)

    companion object {
        const val SCHEMA = "octet-revocation-fetch/1"
        const val MAX_BYTES = 1024
        private val LIMITS =
            JsonLimits(maxBytes = MAX_BYTES, maxDepth = 2, maxValues = 16, maxStringBytes = 128, maxNumberBytes = 20)
        private val NAMES = setOf("schema", "fetchedAtMs", "sha256", "bytes")

        /** Reads a record; throws [MalformedException] when it is not one. */
        fun parse(bytes: ByteArray): RevocationFetchRecord {
            val result = JsonReader.parse(bytes, LIMITS)
            val members = ((result as? JsonResult.Success)?.value as? JsonValue.Object)?.members
                ?: throw MalformedException("not a JSON object of at most $MAX_BYTES bytes")
            if (members.members.size != NAMES.size || !members.names.all { it in NAMES }) {
                throw MalformedException("expected exactly the members schema, fetchedAtMs, sha256, bytes")
            }
            if ((members["schema"] as? JsonValue.Text)?.value != SCHEMA) throw MalformedException("schema is not $SCHEMA")
            val time = (members["fetchedAtMs"] as? JsonValue.Number)?.number?.nonNegativeInteger(253_402_300_799_999L)
                ?: throw MalformedException("fetchedAtMs is not a whole number of milliseconds")
            val digest = (members["sha256"] as? JsonValue.Text)?.value
            if (digest == null || digest.length != 64 || !digest.all { it in '0'..'9' || it in 'a'..'f' }) {
                throw MalformedException("sha256 is not 64 lower-case hex digits")
            }
            val size = (members["bytes"] as? JsonValue.Number)?.number?.nonNegativeInteger(1L shl 40)
                ?: throw MalformedException("bytes is not a whole number")
            return RevocationFetchRecord(time, digest, size)
        }
    }
}
