package dev.octet.content

import dev.octet.CallerMetadataCheck
import dev.octet.CallerMetadataCheck.Content
import dev.octet.CallerMetadataRules
import dev.octet.crypto.Sha256
import dev.octet.outcome.Outcome
import dev.octet.outcome.OutcomeStatus
import dev.octet.outcome.ReasonCode
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.Test
import java.io.File
import java.io.RandomAccessFile
import java.nio.file.Files
import java.util.Random

/** File content: streamed, bounded, size first (Swift: `FileHashingTests`). */
class FileHashingTest {
    private val directory: File = Files.createTempDirectory("octet-hash-").toFile()

    @AfterEach
    fun removeDirectory() {
        directory.deleteRecursively()
    }

    private fun judge(item: CommittedContent, salt: ByteArray, file: File): Outcome {
        val claim = ContentCommitmentClaim(listOf(item), ContentRoot.compute(listOf(item)))
        val check = CallerMetadataCheck(Manifest.of(listOf(item), listOf(salt)).jsonData(), mapOf(item.key to Content.FromFile(file)))
        return CallerMetadataRules(claim, check, parsed(check.manifestJson), true).judge()
    }

    @Test
    fun `a file of many read buffers hashes as SHA-256(salt, file), and one flipped bit in its last byte fails`() {
        // 8 MiB + 5: 128 full 64 KiB buffers and a short tail; each MiB differs, so a skipped or repeated buffer shows.
        val block = ByteArray(1 shl 20).also { Random(7).nextBytes(it) }
        val file = File(directory, "large.bin")
        val reference = Sha256.newDigest()
        val salt = ByteArray(32).also { Random(8).nextBytes(it) }
        reference.update(salt)
        file.outputStream().use { out ->
            for (index in 0 until 8) {
                block[0] = index.toByte()
                out.write(block)
                reference.update(block)
            }
            out.write(byteArrayOf(1, 2, 3, 4, 5))
            reference.update(byteArrayOf(1, 2, 3, 4, 5))
        }
        val expected = reference.digest()
        val size = 8L * (1 shl 20) + 5
        assertTrue(size > ContentHashing.READ_BUFFER_SIZE * 100)
        assertEquals(expected.hex(), ContentHashing.hashFile(file, salt)!!.hex())
        assertEquals(expected.hex(), ContentHashing.hash(file.readBytes(), salt).hex())

        // Through caller-metadata too: PASS by content, then one flipped bit in the last byte fails.
        val item = CommittedContent("large", "application/octet-stream", size, expected)
        assertEquals(Outcome.pass("1 by content, 0 by digest"), judge(item, salt, file))
        RandomAccessFile(file, "rw").use { raf ->
            raf.seek(size - 1)
            raf.write(5 xor 1)
        }
        val fail = judge(item, salt, file)
        assertEquals(OutcomeStatus.FAIL, fail.status)
        assertEquals(Outcome.fail(ReasonCode.CONTENT_MISMATCH, "CONTENT_MISMATCH: \"large\" does not match its digest"), fail)
    }

    @Test
    fun `a size mismatch is found without reading the file - a 64 GiB sparse file fails at once`() {
        val file = File(directory, "sparse.bin")
        RandomAccessFile(file, "rw").use { it.setLength(64L shl 30) }
        val salt = ByteArray(16) { 7 }
        val item = commit("clip", "video/mp4", "hello".toByteArray(), salt)
        val start = System.nanoTime()
        val result = judge(item, salt, file)
        val elapsedMs = (System.nanoTime() - start) / 1_000_000
        assertEquals(Outcome.fail(ReasonCode.CONTENT_MISMATCH, "CONTENT_MISMATCH: the size of \"clip\" differs"), result)
        // Reading 64 GiB would take far longer than this.
        assertTrue(elapsedMs < 2000, "took $elapsedMs ms")
    }

    @Test
    fun `unreadable files give null - missing, a directory, a URL given as a path - and an empty file hashes the salt`() {
        val salt = ByteArray(16) { 1 }
        assertNull(ContentHashing.hashFile(File(directory, "absent"), salt))
        assertNull(ContentHashing.hashFile(directory, salt))
        assertNull(ContentHashing.hashFile(File("https://example.com/x"), salt))
        val empty = File(directory, "empty").also { it.writeBytes(ByteArray(0)) }
        assertEquals(Sha256.hash(salt).hex(), ContentHashing.hashFile(empty, salt)!!.hex())
    }

    @Test
    fun `a read error part-way is INCONCLUSIVE CONTENT_UNRESOLVED, never an exception`() {
        // /proc/self/mem is a regular file of size 0 whose read at offset 0 fails with EIO.
        val mem = File("/proc/self/mem")
        assumeTrue(mem.isFile)
        val salt = ByteArray(16) { 3 }
        val item = commit("mem", "application/octet-stream", ByteArray(0), salt)
        assertEquals(0L, ContentHashing.fileSize(mem))
        assertEquals(
            Outcome.inconclusive(ReasonCode.CONTENT_UNRESOLVED, "CONTENT_UNRESOLVED: \"mem\" could not be read"),
            judge(item, salt, mem)
        )
    }

    @Test
    fun `a file without read permission is INCONCLUSIVE CONTENT_UNRESOLVED`() {
        val file = File(directory, "secret.bin").also { it.writeBytes("hello".toByteArray()) }
        assumeTrue(file.setReadable(false, false) && !file.canRead(), "running as root: permissions do not stop reads")
        val salt = ByteArray(16) { 4 }
        val result = judge(commit("secret", "text/plain", "hello".toByteArray(), salt), salt, file)
        assertEquals(OutcomeStatus.INCONCLUSIVE, result.status)
        assertEquals(ReasonCode.CONTENT_UNRESOLVED, result.code)
    }

    @Test
    fun `a file whose length differs from its size is a size mismatch, by fstat or as read`() {
        val salt = ByteArray(16) { 5 }
        val longer = File(directory, "longer.bin").also { it.writeBytes("hello!".toByteArray()) }
        assertTrue(ContentHashing.hashFile(longer, salt, 5) is ContentHashing.FileOutcome.SizeMismatch)
        val shorter = File(directory, "shorter.bin").also { it.writeBytes("hell".toByteArray()) }
        assertTrue(ContentHashing.hashFile(shorter, salt, 5) is ContentHashing.FileOutcome.SizeMismatch)
        val right = File(directory, "right.bin").also { it.writeBytes("hello".toByteArray()) }
        val digest = ContentHashing.hashFile(right, salt, 5)
        assertEquals(Sha256.hash(salt, "hello".toByteArray()).hex(), (digest as ContentHashing.FileOutcome.Digest).digest.hex())
    }

    @Test
    fun `a file longer when read than its fstat size (as if it grew) is a size mismatch`() {
        // /proc/self/status reports size 0 but reads as text: the read-back length, not fstat's, decides.
        val status = File("/proc/self/status")
        assumeTrue(status.isFile && status.length() == 0L)
        assertEquals(0L, ContentHashing.fileSize(status))
        assertTrue(ContentHashing.hashFile(status, ByteArray(16), 0) is ContentHashing.FileOutcome.SizeMismatch)
        val item = commit("status", "text/plain", ByteArray(0), ByteArray(16))
        assertEquals(
            Outcome.fail(ReasonCode.CONTENT_MISMATCH, "CONTENT_MISMATCH: the size of \"status\" differs"),
            judge(item, ByteArray(16), status)
        )
    }
}
