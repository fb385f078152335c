package dev.octet.content

/**
 * When a listed locator looks like a credential (proof-format.md, `caller-manifest-locator`):
 * longer than 256 UTF-8 bytes, or an absolute URL (`scheme://...`) whose authority contains a
 * literal `@` (user info) or which has a `?` before any `#` (a query, even an empty one).
 *
 * To match what URL parsers actually fetch (WHATWG URL), leading and trailing C0 controls and
 * spaces are ignored, tabs and line breaks anywhere are ignored, and `\` counts as `/`. This only
 * ever adds warnings; anything that is not `scheme://` (an opaque id, `mailto:`) is judged by
 * length alone (Swift: `LocatorPolicy`, byte for byte).
 */
internal object LocatorPolicy {
    const val MAX_BYTES = 256

    enum class Reason(val text: String) {
        TOO_LONG("longer than 256 bytes"),
        USER_INFO("user info"),
        QUERY("a query")
    }

    fun flag(locator: String): Reason? {
        val raw = locator.toByteArray(Charsets.UTF_8)
        if (raw.size > MAX_BYTES) return Reason.TOO_LONG
        var bytes = raw.filter { it != TAB && it != LF && it != CR }
        var first = 0
        var end = bytes.size
        while (first < end && (bytes[first].toInt() and 0xFF) <= 0x20) first++
        while (end > first && (bytes[end - 1].toInt() and 0xFF) <= 0x20) end--
        bytes = bytes.subList(first, end)
        val afterScheme = schemeEnd(bytes) ?: return null
        // "//" (or backslashes) after the colon: an authority follows.
        if (bytes.size - afterScheme < 2 || !isSlash(bytes[afterScheme]) || !isSlash(bytes[afterScheme + 1])) return null
        val authorityStart = afterScheme + 2
        var authorityEnd = authorityStart
        while (authorityEnd < bytes.size && !isAuthorityEnd(bytes[authorityEnd])) authorityEnd++
        for (index in authorityStart until authorityEnd) if (bytes[index] == AT) return Reason.USER_INFO
        var question = -1
        var hash = -1
        for (index in afterScheme until bytes.size) {
            if (question < 0 && bytes[index] == QUESTION) question = index
            if (hash < 0 && bytes[index] == HASH) hash = index
        }
        if (question >= 0 && (hash < 0 || question < hash)) return Reason.QUERY
        return null
    }

    /** The index just past `scheme:`, where scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) (RFC 3986). */
    private fun schemeEnd(bytes: List<Byte>): Int? {
        if (bytes.isEmpty() || !isAlpha(bytes[0])) return null
        for (index in 1 until bytes.size) {
            val byte = bytes[index]
            if (byte == COLON) return index + 1
            val b = byte.toInt() and 0xFF
            if (!(isAlpha(byte) || b in 0x30..0x39 || b == 0x2B || b == 0x2D || b == 0x2E)) return null
        }
        return null
    }

    private fun isAlpha(byte: Byte): Boolean {
        val b = byte.toInt() and 0xFF
        return b in 0x41..0x5A || b in 0x61..0x7A
    }

    private fun isSlash(byte: Byte): Boolean = byte == SLASH || byte == BACKSLASH

    private fun isAuthorityEnd(byte: Byte): Boolean = isSlash(byte) || byte == QUESTION || byte == HASH

    private const val TAB: Byte = 0x09
    private const val LF: Byte = 0x0A
    private const val CR: Byte = 0x0D
    private const val AT: Byte = 0x40
    private const val QUESTION: Byte = 0x3F
    private const val HASH: Byte = 0x23
    private const val COLON: Byte = 0x3A
    private const val SLASH: Byte = 0x2F
    private const val BACKSLASH: Byte = 0x5C
}
