package dev.octet.attestation

import dev.octet.encoding.cbor.CborValue
import java.io.ByteArrayOutputStream

/**
 * A CBOR encoder for tests (Swift: `CBOREncoder.encode`): preferred serialization, map keys sorted
 * bytewise. Re-encoding a decoded (canonical) value gives back the bytes it was read from, so tests
 * rewrite real attestation objects one member at a time.
 */
internal object TestCbor {
    fun encode(value: CborValue): ByteArray {
        val out = ByteArrayOutputStream()
        write(value, out)
        return out.toByteArray()
    }

    fun head(major: Int, argument: Long, out: ByteArrayOutputStream) {
        val m = major shl 5
        when {
            argument in 0..23 -> out.write(m or argument.toInt())
            argument in 24..0xFF -> { out.write(m or 24); out.write(argument.toInt()) }
            argument in 0x100..0xFFFF -> { out.write(m or 25); for (s in listOf(8, 0)) out.write((argument shr s).toInt() and 0xFF) }
            argument in 0x10000..0xFFFFFFFFL -> { out.write(m or 26); for (s in listOf(24, 16, 8, 0)) out.write((argument shr s).toInt() and 0xFF) }
            else -> { out.write(m or 27); for (s in 56 downTo 0 step 8) out.write((argument ushr s).toInt() and 0xFF) }
        }
    }

    private fun write(value: CborValue, out: ByteArrayOutputStream) {
        when (value) {
            is CborValue.Unsigned -> head(0, value.bits, out)
            is CborValue.Negative -> head(1, value.bits, out)
            is CborValue.Bytes -> { head(2, value.value.size.toLong(), out); out.write(value.value) }
            is CborValue.Text -> { head(3, value.utf8.size.toLong(), out); out.write(value.utf8) }
            is CborValue.ArrayValue -> { head(4, value.items.size.toLong(), out); value.items.forEach { write(it, out) } }
            is CborValue.MapValue -> {
                head(5, value.entries.size.toLong(), out)
                // Keys in the bytewise order of their encodings (RFC 8949 §4.2.1), as Swift's CBOREncoder.encode.
                val encoded = value.entries.map { Pair(encode(it.key), encode(it.value)) }.sortedWith(Comparator { a, b -> compare(a.first, b.first) })
                for ((key, item) in encoded) { out.write(key); out.write(item) }
            }
            is CborValue.Bool -> out.write(if (value.value) 0xF5 else 0xF4)
            is CborValue.Null -> out.write(0xF6)
            is CborValue.Undefined -> out.write(0xF7)
            is CborValue.Simple -> if (value.value < 24) out.write(0xE0 or value.value) else { out.write(0xF8); out.write(value.value) }
        }
    }

    private fun compare(a: ByteArray, b: ByteArray): Int {
        for (i in 0 until minOf(a.size, b.size)) {
            val x = a[i].toInt() and 0xFF
            val y = b[i].toInt() and 0xFF
            if (x != y) return x - y
        }
        return a.size - b.size
    }

    fun int(value: Long): CborValue = if (value >= 0) CborValue.Unsigned(value) else CborValue.Negative(-(value + 1))

    fun text(s: String) = CborValue.Text(s.toByteArray(Charsets.UTF_8))
    fun bytes(b: ByteArray) = CborValue.Bytes(b)
    fun map(vararg entries: Pair<CborValue, CborValue>) = CborValue.MapValue(entries.map { CborValue.Entry(it.first, it.second) })
}
