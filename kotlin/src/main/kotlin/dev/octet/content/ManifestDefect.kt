package dev.octet.content

import dev.octet.encoding.json.JsonError

/**
 * Why a manifest was refused (`MANIFEST_INVALID`). Its description is log-safe: it names the
 * entry index and the schema's member names, never a value or a name read from the input
 * (Swift: `ManifestDefect`, the same codes and wording). Equal by every field.
 */
internal class ManifestDefect(
    val code: Code,
    /** The 0-based entry index, when the defect is inside an entry. */
    val entry: Int? = null,
    /** The schema member concerned (`v`, `entries`, `key`, ...), never a name read from the input. */
    val member: String? = null,
    /** The JSON reader's error, for [Code.MALFORMED_JSON]. */
    val json: JsonError? = null
) {
    enum class Code(val text: String) {
        TOO_LARGE("manifest larger than 1 MiB"),
        MALFORMED_JSON("not strict JSON"),
        NOT_AN_OBJECT("not an object"),
        MISSING_MEMBER("missing member"),
        UNKNOWN_MEMBER("unknown member"),
        WRONG_VERSION("v is not the integer literal 1"),
        WRONG_TYPE("member has the wrong type"),
        TOO_MANY_ENTRIES("more than 1024 entries"),
        INVALID_SIZE("size is not a digits-only integer at most 2^53"),
        INVALID_HEX("not even-length lower-case hex"),
        INVALID_SALT_LENGTH("salt is not 16..64 bytes"),
        INVALID_DIGEST_LENGTH("sha256 is not 32 bytes")
    }

    /** `entry 2, salt: salt is not 16..64 bytes`, `not strict JSON (duplicate member name at byte 9)`. */
    val description: String
        get() {
            val parts = ArrayList<String>()
            if (entry != null) parts.add("entry $entry")
            if (member != null) parts.add(member)
            val text = StringBuilder(if (parts.isEmpty()) "" else parts.joinToString(", ") + ": ")
            text.append(code.text)
            if (json != null) text.append(" (").append(json.toString()).append(')')
            return text.toString()
        }

    override fun equals(other: Any?): Boolean =
        other is ManifestDefect && other.code == code && other.entry == entry && other.member == member && other.json == json

    override fun hashCode(): Int = code.hashCode() * 31 + (entry ?: -1)

    override fun toString(): String = description
}
