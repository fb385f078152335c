package dev.octet.content

import dev.octet.crypto.Sha256
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.io.ByteArrayOutputStream
import java.io.DataOutputStream

/** content_root (Swift: `ContentRootTests`). */
class ContentRootTest {
    private val noteDigest = Sha256.hash(ByteArray(16) { it.toByte() } + "hello".toByteArray())
    private val items = listOf(
        CommittedContent("note", "text/plain", 5, noteDigest),
        CommittedContent("video", "video/mp4", 1_048_576, ByteArray(32) { 0xAB.toByte() }, "https://cdn.example/v/1")
    )

    /** The formula written out by hand, through DataOutputStream (big-endian), independently of ContentRoot. */
    private fun byHand(items: List<CommittedContent>): ByteArray {
        val bytes = ByteArrayOutputStream()
        val out = DataOutputStream(bytes)
        fun lp(s: String) {
            val utf8 = s.toByteArray(Charsets.UTF_8)
            out.writeInt(utf8.size)
            out.write(utf8)
        }
        out.write("octet/v1/content".toByteArray())
        out.write(0)
        out.writeInt(items.size)
        for (item in items) {
            lp(item.key)
            lp(item.contentType)
            out.writeLong(item.size)
            out.write(item.sha256)
            lp(item.locator ?: "")
        }
        return Sha256.hash(bytes.toByteArray())
    }

    @Test
    fun `content_root is H(tag, u32be count, per item lp key, lp type, u64be size, sha256, lp locator)`() {
        assertEquals(byHand(items).hex(), ContentRoot.compute(items).hex())
    }

    @Test
    fun `content_root matches the known answers the Swift suite pins (computed with Python's hashlib)`() {
        assertEquals("7c9f5b9e4cc36c703715bb6eedcbb8bd80840fd48d135a07af861d1a027be360", noteDigest.hex())
        assertEquals("eff32594c043730c493af0e0debf357d1c2dd086aa4f0a6a3e83cbf1845a84aa", ContentRoot.compute(items).hex())
        assertEquals("6035b7bb2124a5813d6b9a2041d44038100938947476eb7e6f5229ad3f754e81", ContentRoot.compute(emptyList()).hex())
    }

    @Test
    fun `an absent locator is hashed as the empty string, and order, size and locator all matter`() {
        val withEmpty = listOf(CommittedContent("note", "text/plain", 5, noteDigest, ""), items[1])
        assertTrue(ContentRoot.compute(withEmpty).contentEquals(ContentRoot.compute(items)))
        val changed = listOf(items[0], CommittedContent("video", "video/mp4", 1_048_576, ByteArray(32) { 0xAB.toByte() }, "https://cdn.example/v/2"))
        assertFalse(ContentRoot.compute(changed).contentEquals(ContentRoot.compute(items)))
        assertFalse(ContentRoot.compute(items.reversed()).contentEquals(ContentRoot.compute(items)))
        val resized = listOf(CommittedContent("note", "text/plain", 6, noteDigest), items[1])
        assertFalse(ContentRoot.compute(resized).contentEquals(ContentRoot.compute(items)))
    }

    @Test
    fun `a size above Long MAX_VALUE (the wire's uint64) is hashed as its 64 bits`() {
        // u64 2^64 - 1 arrives as -1L: the same eight 0xFF bytes as Swift's UInt64.max.
        val item = CommittedContent("k", "a/b", -1L, ByteArray(32))
        val expected = Sha256.hash(
            "octet/v1/content\u0000".toByteArray() + byteArrayOf(0, 0, 0, 1) + byteArrayOf(0, 0, 0, 1) + "k".toByteArray() +
                byteArrayOf(0, 0, 0, 3) + "a/b".toByteArray() + ByteArray(8) { -1 } + ByteArray(32) + byteArrayOf(0, 0, 0, 0)
        )
        assertEquals(expected.hex(), ContentRoot.compute(listOf(item)).hex())
    }

    @Test
    fun `a claim recomputes only with a CONTENT stage whose root is the list's`() {
        val root = ContentRoot.compute(items)
        assertTrue(ContentCommitmentClaim(items, root).listRecomputesSignedRoot)
        assertFalse(ContentCommitmentClaim(items, null).listRecomputesSignedRoot)
        assertFalse(ContentCommitmentClaim(items, ContentFixture.flipped(root)).listRecomputesSignedRoot)
        assertTrue(ContentCommitmentClaim(emptyList(), ContentRoot.compute(emptyList())).isEmptyCommitment)
        assertFalse(ContentCommitmentClaim(emptyList(), ContentRoot.compute(emptyList())).commitsContentForCallerMetadata)
        assertTrue(ContentCommitmentClaim(emptyList(), ContentRoot.compute(emptyList())).commitsContent)
        assertFalse(ContentCommitmentClaim(emptyList(), root).isEmptyCommitment)
        assertFalse(ContentCommitmentClaim(emptyList(), null).commitsContent)
    }
}
