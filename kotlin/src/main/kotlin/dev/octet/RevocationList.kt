package dev.octet

import dev.octet.encoding.Hex
import dev.octet.encoding.json.JsonLimits
import dev.octet.encoding.json.JsonReader
import dev.octet.encoding.json.JsonResult
import dev.octet.encoding.json.JsonValue

/**
 * A [RevocationSource] read from Google's attestation status list as it is published, with the
 * rules of the Swift backend's `RevocationList` (the shared vectors `Vectors/revocation` hold both
 * to them): `{"entries": {SERIAL: {"status": "REVOKED"|"SUSPENDED", "reason": ..., ...}}}`, keyed by
 * the serial in hex of either case with or without leading zeros (never read as a number), and two
 * optional sections keyed by the SHA-256 hex of a 65-byte SEC1 point: `"proofKeys"` and
 * `"deviceKeys"`. Any other top-level member, a key that is not hex, or a status other than the two
 * is refused, so a misspelt section never silently disables a check. A reason is kept only when it
 * is a plain code (`KEY_COMPROMISE`).
 *
 * Whether the list is current is [DatedRevocationList]'s business.
 */
class RevocationList private constructor(
    private val serials: Map<String, RevocationEntry>,
    private val proofKeys: Map<String, RevocationEntry>,
    private val deviceKeys: Map<String, RevocationEntry>
) : RevocationSource {
    val count: Int get() = serials.size + proofKeys.size + deviceKeys.size

    override val entryCount: Int? get() = count

    override fun lookUp(subject: RevocationSubject): RevocationLookup {
        val entry = when (subject) {
            is RevocationSubject.ProofKey -> proofKeys[Hex.encode(subject.sha256)]
            is RevocationSubject.DeviceKey -> deviceKeys[Hex.encode(subject.sha256)]
            is RevocationSubject.Certificate -> normaliseSerial(subject.serialHex)?.let { serials[it] }
        }
        return if (entry == null) RevocationLookup.NotListed else RevocationLookup.Listed(entry)
    }

    /** Why a list was refused: one log-safe line that never names an entry's key. */
    class MalformedException(message: String) : Exception(message)

    companion object {
        /** The bounds of the Swift reader: 32 MiB, depth 8, 2^22 values, 4 KiB strings. */
        private val LIMITS = JsonLimits(
            maxBytes = 1 shl 25, maxDepth = 8, maxValues = 1 shl 22, maxStringBytes = 4096, maxNumberBytes = 64
        )

        /** An empty list: what [DatedRevocationList] holds for a list not fetched yet. */
        val EMPTY = RevocationList(emptyMap(), emptyMap(), emptyMap())

        /** Reads a list; throws [MalformedException] when it is not one. */
        fun parse(bytes: ByteArray): RevocationList {
            val value = when (val result = JsonReader.parse(bytes, LIMITS)) {
                is JsonResult.Success -> result.value
                is JsonResult.Failure -> throw MalformedException("revocation list is not valid JSON: ${result.error}")
            }
            val top = (value as? JsonValue.Object)?.members
                ?: throw MalformedException("revocation list: expected a JSON object")
            val sections = listOf(HashMap<String, RevocationEntry>(), HashMap(), HashMap())
            for (member in top.members) {
                val kind = SECTIONS.indexOf(member.name)
                if (kind < 0) {
                    throw MalformedException("revocation list: unknown member (expected entries, proofKeys, deviceKeys)")
                }
                val entries = (member.value as? JsonValue.Object)?.members
                    ?: throw MalformedException("revocation list: ${member.name} must be an object")
                for (entry in entries.members) {
                    val key = (if (kind == 0) normaliseSerial(entry.name) else normaliseDigest(entry.name))
                        ?: throw MalformedException(
                            "revocation list: a key in ${member.name} is not " +
                                if (kind == 0) "a certificate serial in hex" else "a SHA-256 in hex (64 digits)"
                        )
                    val fields = (entry.value as? JsonValue.Object)?.members
                    val status = (fields?.get("status") as? JsonValue.Text)?.value
                        ?: throw MalformedException("revocation list: an entry in ${member.name} has no status string")
                    val parsed = when (status) {
                        "REVOKED" -> RevocationEntry.Status.REVOKED
                        "SUSPENDED" -> RevocationEntry.Status.SUSPENDED
                        else -> throw MalformedException("revocation list: a status is neither REVOKED nor SUSPENDED")
                    }
                    val reason = (fields["reason"] as? JsonValue.Text)?.value?.takeIf(::isCode)
                    val section = sections[kind]
                    // Two spellings of one key (leading zeros, case): the stronger status wins.
                    val existing = section[key]
                    if (existing == null || existing.status != RevocationEntry.Status.REVOKED) {
                        section[key] = RevocationEntry(parsed, reason)
                    }
                }
            }
            return RevocationList(sections[0], sections[1], sections[2])
        }

        private val SECTIONS = listOf("entries", "proofKeys", "deviceKeys")

        /** Hex digits of either case → lower case without leading zeros ("0" stays "0"); null if not hex. */
        fun normaliseSerial(text: String): String? {
            if (text.length == 0 || text.length > 128 || !text.all(::isHexDigit)) return null
            val trimmed = lowerHex(text).trimStart('0')
            return if (trimmed.length == 0) "0" else trimmed
        }

        private fun normaliseDigest(text: String): String? =
            if (text.length == 64 && text.all(::isHexDigit)) lowerHex(text) else null

        /** Hex digits in lower case (ASCII only; the text is known to be hex digits). */
        private fun lowerHex(text: String): String =
            String(CharArray(text.length) { val c = text[it]; if (c in 'A'..'F') c + ('a' - 'A') else c })

        private fun isHexDigit(c: Char): Boolean = c in '0'..'9' || c in 'a'..'f' || c in 'A'..'F'

        /** A reason is echoed only when it is a code like `KEY_COMPROMISE`. */
        private fun isCode(text: String): Boolean =
            text.length in 1..40 && text.all { it in 'A'..'Z' || it == '_' || it in '0'..'9' }
    }
}
