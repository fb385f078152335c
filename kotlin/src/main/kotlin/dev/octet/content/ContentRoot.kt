package dev.octet.content

import dev.octet.crypto.Sha256
import java.security.MessageDigest

/**
 * The commitment a CONTENT stage signs over `Claims.content` (proof-format.md, "Content"):
 *
 *     content_root = H("octet/v1/content\0" || u32be(count) ||
 *                      for each entry, in order: lp(key) || lp(content_type) || u64be(size) || sha256 || lp(locator))
 *
 * with `lp(s) = u32be(len(s)) || s` over UTF-8 bytes, and an absent locator hashed as the empty string.
 */
internal object ContentRoot {
    private val domainTag = "octet/v1/content\u0000".toByteArray(Charsets.UTF_8)

    /**
     * The `content_root` of [items], in their order. Every length fits in 32 bits (a `List` and a
     * `String` are bounded by `Int.MAX_VALUE`, and a proof is at most 1 MiB).
     */
    fun compute(items: List<CommittedContent>): ByteArray {
        val digest = Sha256.newDigest()
        digest.update(domainTag)
        digest.update(u32be(items.size))
        for (item in items) {
            lengthPrefixed(item.key.toByteArray(Charsets.UTF_8), digest)
            lengthPrefixed(item.contentType.toByteArray(Charsets.UTF_8), digest)
            digest.update(u64be(item.size))
            digest.update(item.rawSha256)
            lengthPrefixed((item.locator ?: "").toByteArray(Charsets.UTF_8), digest)
        }
        return digest.digest()
    }

    private fun lengthPrefixed(bytes: ByteArray, digest: MessageDigest) {
        digest.update(u32be(bytes.size))
        digest.update(bytes)
    }

    private fun u32be(value: Int): ByteArray =
        byteArrayOf((value ushr 24).toByte(), (value ushr 16).toByte(), (value ushr 8).toByte(), value.toByte())

    /** The 64 bits of [value] (the wire's uint64), big-endian. */
    private fun u64be(value: Long): ByteArray = ByteArray(8) { (value ushr (56 - 8 * it)).toByte() }
}
