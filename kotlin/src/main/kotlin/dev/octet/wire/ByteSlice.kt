package dev.octet.wire

import java.security.MessageDigest

/**
 * A range of the input's bytes: how the decoded proof keeps everything that is signed or hashed,
 * so signatures and hashes are checked over exactly what arrived (never a re-encoding). The
 * underlying array is the verifier's own copy of the input and is never written.
 */
internal class ByteSlice(private val bytes: ByteArray, val start: Int, val end: Int) {
    val size: Int get() = end - start

    operator fun get(index: Int): Byte = bytes[start + index]

    /** A fresh array of these bytes. */
    fun toByteArray(): ByteArray = bytes.copyOfRange(start, end)

    fun update(digest: MessageDigest) = digest.update(bytes, start, end - start)

    fun contentEquals(other: ByteArray): Boolean {
        if (other.size != size) return false
        for (i in other.indices) if (other[i] != bytes[start + i]) return false
        return true
    }
}
