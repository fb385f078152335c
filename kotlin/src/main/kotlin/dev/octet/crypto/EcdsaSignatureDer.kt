package dev.octet.crypto

import java.math.BigInteger

/**
 * The strict-DER rule for every ECDSA signature in the format (proof-format.md, "Stage
 * signatures"): `SEQUENCE { INTEGER r, INTEGER s }` with definite minimal lengths, minimal
 * non-negative integers, r and s in 1..n-1, and no byte after the sequence. High-S is valid.
 * Judged here, before any provider sees the bytes, so that the rule never depends on how lenient
 * a provider is (SunEC, Bouncy Castle and Conscrypt differ).
 */
internal object EcdsaSignatureDer {
    enum class Defect { NOT_A_SEQUENCE, BAD_LENGTH, TRAILING_BYTES, NOT_AN_INTEGER, NON_MINIMAL_INTEGER, NEGATIVE_INTEGER, OUT_OF_RANGE }

    /** The first defect of `der` as a P-256 signature, or null when it follows the rule. */
    fun defectP256(der: ByteArray): Defect? {
        if (der.size < 2 || der[0] != 0x30.toByte()) return Defect.NOT_A_SEQUENCE
        val index = intArrayOf(1)
        val bodyLength = readLength(der, index) ?: return Defect.BAD_LENGTH
        if (index[0] + bodyLength != der.size) {
            return if (index[0] + bodyLength < der.size) Defect.TRAILING_BYTES else Defect.BAD_LENGTH
        }
        val r = readInteger(der, index)
        if (r is Defect) return r
        val s = readInteger(der, index)
        if (s is Defect) return s
        if (index[0] != der.size) return Defect.TRAILING_BYTES
        if (!inRange(r as BigInteger) || !inRange(s as BigInteger)) return Defect.OUT_OF_RANGE
        return null
    }

    /** Short form, or `0x81 LL` with LL ≥ 0x80 (a P-256 signature never needs two length bytes). */
    private fun readLength(der: ByteArray, index: IntArray): Int? {
        if (index[0] >= der.size) return null
        val first = der[index[0]++].toInt() and 0xFF
        if (first < 0x80) return first
        if (first != 0x81 || index[0] >= der.size) return null
        val length = der[index[0]++].toInt() and 0xFF
        return if (length >= 0x80) length else null
    }

    /** A [BigInteger] magnitude, or the [Defect]. */
    private fun readInteger(der: ByteArray, index: IntArray): Any {
        if (index[0] >= der.size || der[index[0]] != 0x02.toByte()) return Defect.NOT_AN_INTEGER
        index[0]++
        val length = readLength(der, index)
        if (length == null || length == 0 || index[0] + length > der.size) return Defect.BAD_LENGTH
        val start = index[0]
        index[0] += length
        val first = der[start].toInt() and 0xFF
        if (first and 0x80 != 0) return Defect.NEGATIVE_INTEGER
        if (length > 1 && first == 0 && (der[start + 1].toInt() and 0x80) == 0) return Defect.NON_MINIMAL_INTEGER
        return BigInteger(1, der.copyOfRange(start, start + length))
    }

    private fun inRange(value: BigInteger): Boolean = value.signum() > 0 && value < P256Curve.n
}
