package dev.octet.content

import java.util.Arrays

/**
 * The manifest an app hands over with a proof: one entry per committed item, in the proof's
 * order, carrying the salt the proof itself never holds (Swift: `Manifest`).
 *
 * Wire form (proof-format.md, "Content"): `{"v":1,"entries":[{"key","contentType","size","salt","sha256"}]}`,
 * strict JSON, `salt` and `sha256` in lower-case hex. Read it with [PresentedManifest.parse].
 */
internal class Manifest(entries: List<Entry>) {
    val entries: List<Entry> = entries.toList()

    class Entry(val key: String, val contentType: String, val size: Long, salt: ByteArray, sha256: ByteArray) {
        private val saltBytes = salt.copyOf()
        private val digest = sha256.copyOf()

        /** 16..64 random bytes kept by the app; the digest is `SHA-256(salt || content)` (a copy). */
        val salt: ByteArray get() = saltBytes.copyOf()

        /** A copy. */
        val sha256: ByteArray get() = digest.copyOf()

        internal val rawSalt: ByteArray get() = saltBytes
        internal val rawSha256: ByteArray get() = digest

        override fun equals(other: Any?): Boolean =
            other is Entry && other.key == key && other.contentType == contentType && other.size == size &&
                Arrays.equals(other.saltBytes, saltBytes) && Arrays.equals(other.digest, digest)

        override fun hashCode(): Int = (key.hashCode() * 31 + contentType.hashCode()) * 31 + size.hashCode()

        /** Never the salt or the digest. */
        override fun toString(): String = "Manifest.Entry(key=$key, contentType=$contentType, size=$size)"
    }

    /**
     * True when the entries match [items] as the design compares them: the same count and, per
     * index, the same key, contentType, size and sha256. Locators and salts are not compared (the
     * manifest has no locator; the proof has no salt).
     */
    fun matches(items: List<CommittedContent>): Boolean = ContentChecks.manifestDifference(this, items) == null

    /** The manifest in its compact wire form, members in the documented order. */
    fun jsonData(): ByteArray {
        val out = StringBuilder("{\"v\":1,\"entries\":[")
        for ((index, entry) in entries.withIndex()) {
            if (index > 0) out.append(',')
            out.append("{\"key\":").append(quoted(entry.key))
            out.append(",\"contentType\":").append(quoted(entry.contentType))
            out.append(",\"size\":").append(entry.size)
            out.append(",\"salt\":\"").append(LowerHex.encode(entry.rawSalt))
            out.append("\",\"sha256\":\"").append(LowerHex.encode(entry.rawSha256)).append("\"}")
        }
        out.append("]}")
        return out.toString().toByteArray(Charsets.UTF_8)
    }

    override fun equals(other: Any?): Boolean = other is Manifest && other.entries == entries

    override fun hashCode(): Int = entries.hashCode()

    override fun toString(): String = "Manifest(${entries.size} entries)"

    companion object {
        /** Largest manifest accepted, in bytes (exactly 1 MiB is allowed). */
        const val MAX_BYTES = 1 shl 20
        /** Most entries accepted. */
        const val MAX_ENTRIES = 1024
        /** Largest `size` accepted: 2^53, the largest integer every JSON implementation reads exactly. */
        const val MAX_SIZE = 1L shl 53
        /** Accepted salt lengths, in bytes. */
        val SALT_LENGTHS = 16..64

        /** The manifest for [items] (a proof's list) with the salts the app kept, one per item, in order. */
        fun of(items: List<CommittedContent>, salts: List<ByteArray>): Manifest {
            require(items.size == salts.size) { "one salt per committed item" }
            return Manifest(items.indices.map { Entry(items[it].key, items[it].contentType, items[it].size, salts[it], items[it].rawSha256) })
        }

        /** A JSON string: only what RFC 8259 requires is escaped (`"`, `\` and the C0 controls). */
        private fun quoted(text: String): String {
            val out = StringBuilder(text.length + 2).append('"')
            for (c in text) {
                when {
                    c == '"' -> out.append("\\\"")
                    c == '\\' -> out.append("\\\\")
                    c < ' ' -> out.append("\\u00").append(LowerHex.digit((c - '\u0000') shr 4)).append(LowerHex.digit((c - '\u0000') and 0x0F))
                    else -> out.append(c)
                }
            }
            return out.append('"').toString()
        }
    }
}

/** Hexadecimal text: lower case out, and in lower case only (the manifest's rule). */
internal object LowerHex {
    private const val DIGITS = "0123456789abcdef"

    fun digit(nibble: Int): Char = DIGITS[nibble]

    fun encode(bytes: ByteArray): String {
        val out = StringBuilder(bytes.size * 2)
        for (byte in bytes) {
            val value = byte.toInt() and 0xFF
            out.append(DIGITS[value shr 4]).append(DIGITS[value and 0x0F])
        }
        return out.toString()
    }

    /** Even-length lower-case hex; null for anything else (odd length, other characters, upper case). */
    fun decode(text: String): ByteArray? {
        if (text.length % 2 != 0) return null
        val out = ByteArray(text.length / 2)
        for (index in out.indices) {
            val high = nibble(text[2 * index])
            val low = nibble(text[2 * index + 1])
            if (high < 0 || low < 0) return null
            out[index] = ((high shl 4) or low).toByte()
        }
        return out
    }

    private fun nibble(c: Char): Int = when (c) {
        in '0'..'9' -> c - '0'
        in 'a'..'f' -> c - 'a' + 10
        else -> -1
    }
}
