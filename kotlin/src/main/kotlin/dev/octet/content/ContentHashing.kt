package dev.octet.content

import dev.octet.crypto.Sha256
import java.io.File
import java.io.FileInputStream

/**
 * Salted content digests, `SHA-256(salt || content)`, for bytes in memory and for files of any
 * size (Swift: `ContentHashing`).
 *
 * A file is read as a stream through one [READ_BUFFER_SIZE] buffer, so memory stays bounded
 * however large it is, and only a regular file is opened, in bounded time ([FileOpener]): a FIFO
 * could block the open itself, a device could never end. No I/O error escapes: a file that cannot
 * be read is [FileOutcome.Unreadable].
 */
internal object ContentHashing {
    /** The read buffer: 64 KiB, small enough for any Android heap, large enough that reads cost little next to SHA-256. */
    const val READ_BUFFER_SIZE = 64 * 1024

    /** `SHA-256(salt || bytes)`. */
    fun hash(bytes: ByteArray, salt: ByteArray): ByteArray = Sha256.hash(salt, bytes)

    /**
     * `SHA-256(salt || file)`, streamed; null when the file cannot be read to its end as a regular
     * file, or reads longer or shorter than the size its open descriptor reported (what a device
     * swapped in for it would do: the JVM cannot ask which it opened).
     */
    fun hashFile(file: File, salt: ByteArray): ByteArray? =
        (hashFile(file, salt, null) as? FileOutcome.Digest)?.digest

    /** What reading a file for its digest came to. */
    internal sealed class FileOutcome {
        class Digest(val digest: ByteArray) : FileOutcome()
        /** The file's length (by `fstat`, or as read) is not the expected size. */
        object SizeMismatch : FileOutcome()
        object Unreadable : FileOutcome()
    }

    /**
     * The size of the regular file [file] as its open descriptor reports it (`fstat`), without
     * reading it; null when it cannot be opened or is not a regular file.
     */
    internal fun fileSize(file: File): Long? =
        try {
            open(file)?.use { it.channel.size() }
        } catch (e: Exception) {
            null // IOException, SecurityException: unreadable, never an escape
        }

    /**
     * Hashes the file; with [expectedSize], compares the size first (no byte is read on a
     * mismatch) and never reads more than one byte past it, so a file that grows while it is read
     * cannot stall the check.
     */
    internal fun hashFile(file: File, salt: ByteArray, expectedSize: Long?): FileOutcome =
        try {
            val stream = open(file)
            if (stream == null) FileOutcome.Unreadable else stream.use { read(it, salt, expectedSize) }
        } catch (e: Exception) {
            FileOutcome.Unreadable // IOException, SecurityException, a provider's RuntimeException
        }

    private fun read(stream: FileInputStream, salt: ByteArray, expectation: Long?): FileOutcome {
        val size = stream.channel.size()
        // Without an expected size, the open file's own: a read never runs past it by more than a byte.
        val expectedSize = expectation ?: size
        if (size != expectedSize) return FileOutcome.SizeMismatch
        // One byte past the expected size is enough to see that the file grew.
        val limit = if (expectedSize == Long.MAX_VALUE) Long.MAX_VALUE else expectedSize + 1
        val buffer = ByteArray(READ_BUFFER_SIZE)
        val digest = Sha256.newDigest()
        digest.update(salt)
        var total = 0L
        while (total < limit) {
            val want = Math.min(READ_BUFFER_SIZE.toLong(), limit - total).toInt()
            val count = stream.read(buffer, 0, want)
            if (count < 0) break
            digest.update(buffer, 0, count)
            total += count
        }
        // The length read, not only fstat's: the file may have changed in between.
        if (total != expectedSize) return FileOutcome.SizeMismatch
        return FileOutcome.Digest(digest.digest())
    }

    /**
     * An open stream over [file] when it is a regular file, else null. `File.isFile` is `stat`'s
     * S_ISREG (following links), asked first so that a FIFO or device met as such is never opened;
     * the path can change before the open, so the open itself is bounded in time and what it opened
     * judged again ([FileOpener]).
     */
    private fun open(file: File): FileInputStream? {
        if (!file.isFile) return null
        return FileOpener.open(file)
    }
}
