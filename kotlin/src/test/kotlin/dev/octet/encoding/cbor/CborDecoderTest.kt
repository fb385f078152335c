package dev.octet.encoding.cbor

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource

private fun hex(text: String): ByteArray {
    val digits = text.replace(" ", "")
    return ByteArray(digits.length / 2) { digits.substring(2 * it, 2 * it + 2).toInt(16).toByte() }
}

/** The strict CBOR decoder's rule tables, ported from the Swift library's CBORDecoderTests (same codes and offsets). */
internal class CborDecoderTest {
    class Row(val hex: String, val expected: String) {
        override fun toString(): String = hex
    }

    class Rejected(val hex: String, val code: CborErrorCode, val offset: Int, val why: String) {
        override fun toString(): String = "$why: $hex"
    }

    companion object {
        /** Accepted items and their diagnostic notation. */
        @JvmStatic
        fun accepted(): List<Row> = listOf(
            Row("00", "0"),
            Row("17", "23"),
            Row("18 18", "24"),
            Row("18 ff", "255"),
            Row("19 0100", "256"),
            Row("1a 00010000", "65536"),
            Row("1b 0000000100000000", "4294967296"),
            Row("1b ffffffffffffffff", "18446744073709551615"),
            Row("20", "-1"),
            Row("38 63", "-100"),
            Row("3b ffffffffffffffff", "-18446744073709551616"),
            Row("40", "h''"),
            Row("43 010203", "h'010203'"),
            Row("60", "\"\""),
            Row("64 49455446", "\"IETF\""),
            Row("62 c3bc", "\"\u00fc\""),
            Row("80", "[]"),
            Row("83 01 02 03", "[1, 2, 3]"),
            Row("a0", "{}"),
            Row("a2 01 02 03 04", "{1: 2, 3: 4}"),
            // COSE key labels 1, 3, -1, -2, -3 in the order App Attest writes them.
            Row("a5 01 02 03 26 20 01 21 40 22 40", "{1: 2, 3: -7, -1: 1, -2: h'', -3: h''}"),
            // A shorter text key sorts first: "b" before "aa" (its head byte is smaller).
            Row("a2 61 62 00 62 6161 00", "{\"b\": 0, \"aa\": 0}"),
            Row("f4", "false"),
            Row("f5", "true"),
            Row("f6", "null"),
            Row("f7", "undefined"),
            Row("f0", "simple(16)"),
            Row("f8 20", "simple(32)"),
            Row("f8 ff", "simple(255)")
        )

        @JvmStatic
        fun rejected(): List<Rejected> = listOf(
            Rejected("", CborErrorCode.TRUNCATED, 0, "empty input"),
            Rejected("18", CborErrorCode.TRUNCATED, 0, "one-byte argument missing"),
            Rejected("1a 0001", CborErrorCode.TRUNCATED, 0, "four-byte argument cut short"),
            Rejected("42 01", CborErrorCode.TRUNCATED, 0, "byte string runs past the end"),
            Rejected("5b ffffffffffffffff", CborErrorCode.TRUNCATED, 0, "absurd string length"),
            Rejected("82 01", CborErrorCode.TRUNCATED, 0, "array count beyond the input"),
            Rejected("82 01 42 00", CborErrorCode.TRUNCATED, 2, "second element cut short"),
            Rejected("9b 00ffffffffffffff 00", CborErrorCode.TRUNCATED, 0, "forged array count"),
            Rejected("a1 01", CborErrorCode.TRUNCATED, 0, "map value missing"),
            Rejected("bb 00ffffffffffffff 0000", CborErrorCode.TRUNCATED, 0, "forged map count"),
            Rejected("f8", CborErrorCode.TRUNCATED, 0, "simple value cut short"),
            Rejected("18 17", CborErrorCode.NON_MINIMAL_ARGUMENT, 0, "23 in two bytes"),
            Rejected("19 00ff", CborErrorCode.NON_MINIMAL_ARGUMENT, 0, "255 in three bytes"),
            Rejected("1a 0000ffff", CborErrorCode.NON_MINIMAL_ARGUMENT, 0, "65535 in five bytes"),
            Rejected("1b 00000000ffffffff", CborErrorCode.NON_MINIMAL_ARGUMENT, 0, "2^32-1 in nine bytes"),
            Rejected("38 17", CborErrorCode.NON_MINIMAL_ARGUMENT, 0, "-24 in two bytes"),
            Rejected("58 01 00", CborErrorCode.NON_MINIMAL_ARGUMENT, 0, "short string length in two bytes"),
            Rejected("98 00", CborErrorCode.NON_MINIMAL_ARGUMENT, 0, "empty array count in two bytes"),
            Rejected("82 00 18 01", CborErrorCode.NON_MINIMAL_ARGUMENT, 2, "non-minimal element, offset kept"),
            Rejected("1c", CborErrorCode.RESERVED_ADDITIONAL_INFORMATION, 0, "additional information 28"),
            Rejected("5d", CborErrorCode.RESERVED_ADDITIONAL_INFORMATION, 0, "additional information 29"),
            Rejected("fe", CborErrorCode.RESERVED_ADDITIONAL_INFORMATION, 0, "simple 30"),
            Rejected("1f", CborErrorCode.RESERVED_ADDITIONAL_INFORMATION, 0, "indefinite integer"),
            Rejected("5f 41 00 ff", CborErrorCode.INDEFINITE_LENGTH, 0, "indefinite byte string"),
            Rejected("7f 61 61 ff", CborErrorCode.INDEFINITE_LENGTH, 0, "indefinite text string"),
            Rejected("9f ff", CborErrorCode.INDEFINITE_LENGTH, 0, "indefinite array"),
            Rejected("bf ff", CborErrorCode.INDEFINITE_LENGTH, 0, "indefinite map"),
            Rejected("a1 61 61 9f ff", CborErrorCode.INDEFINITE_LENGTH, 3, "nested indefinite array"),
            Rejected("ff", CborErrorCode.UNEXPECTED_BREAK, 0, "lone break"),
            Rejected("c0 00", CborErrorCode.UNSUPPORTED_TAG, 0, "tag 0"),
            Rejected("d8 18 41 00", CborErrorCode.UNSUPPORTED_TAG, 0, "tag 24"),
            Rejected("f9 0000", CborErrorCode.UNSUPPORTED_FLOAT, 0, "half float"),
            Rejected("fa 00000000", CborErrorCode.UNSUPPORTED_FLOAT, 0, "single float"),
            Rejected("fb 0000000000000000", CborErrorCode.UNSUPPORTED_FLOAT, 0, "double float"),
            Rejected("f8 00", CborErrorCode.INVALID_SIMPLE_VALUE, 0, "two-byte simple 0"),
            Rejected("f8 1f", CborErrorCode.INVALID_SIMPLE_VALUE, 0, "two-byte simple 31"),
            Rejected("00 00", CborErrorCode.TRAILING_BYTES, 1, "a second item"),
            Rejected("a0 ff", CborErrorCode.TRAILING_BYTES, 1, "a stray break after a map"),
            Rejected("62 c3 28", CborErrorCode.INVALID_UTF8, 0, "bad continuation byte"),
            Rejected("62 c0 80", CborErrorCode.INVALID_UTF8, 0, "overlong NUL"),
            Rejected("63 e08080", CborErrorCode.INVALID_UTF8, 0, "overlong three-byte form"),
            Rejected("63 eda080", CborErrorCode.INVALID_UTF8, 0, "UTF-16 surrogate"),
            Rejected("64 f4908080", CborErrorCode.INVALID_UTF8, 0, "beyond U+10FFFF"),
            Rejected("61 80", CborErrorCode.INVALID_UTF8, 0, "lone continuation byte"),
            Rejected("62 e282", CborErrorCode.INVALID_UTF8, 0, "cut-short sequence"),
            Rejected("a2 01 02 01 03", CborErrorCode.DUPLICATE_MAP_KEY, 3, "integer key twice"),
            Rejected("a2 61 61 00 61 61 01", CborErrorCode.DUPLICATE_MAP_KEY, 4, "text key twice"),
            Rejected("a2 03 00 01 00", CborErrorCode.MAP_KEYS_OUT_OF_ORDER, 3, "3 before 1"),
            Rejected("a2 62 6161 00 61 62 00", CborErrorCode.MAP_KEYS_OUT_OF_ORDER, 5, "\"aa\" before \"b\""),
            // Length-first (RFC 7049) order would accept this; RFC 8949 bytewise order does not.
            Rejected("a2 20 00 18 18 00", CborErrorCode.MAP_KEYS_OUT_OF_ORDER, 3, "-1 before 24"),
            Rejected("a2 21 00 20 00", CborErrorCode.MAP_KEYS_OUT_OF_ORDER, 3, "-2 before -1")
        )
    }

    @ParameterizedTest
    @MethodSource("accepted")
    fun `accepts every well-formed canonical item and reads its value`(row: Row) {
        assertEquals(row.expected, CborDecoder.decode(hex(row.hex)).toString())
    }

    @ParameterizedTest
    @MethodSource("rejected")
    fun `rejects each rule's violation with its code and offset`(row: Rejected) {
        val error = assertThrows(CborException::class.java) { CborDecoder.decode(hex(row.hex)) }
        assertEquals(row.code, error.code)
        assertEquals(row.offset, error.offset)
    }

    @Test
    fun `nesting is bounded - 16 levels decode, 17 do not`() {
        CborDecoder.decode(ByteArray(16) { 0x81.toByte() } + byteArrayOf(0x00))
        val error = assertThrows(CborException::class.java) { CborDecoder.decode(ByteArray(17) { 0x81.toByte() } + byteArrayOf(0x00)) }
        assertEquals(CborErrorCode.DEPTH_LIMIT_EXCEEDED, error.code)
        assertEquals(16, error.offset)
    }

    @Test
    fun `the total item count is bounded, map keys included`() {
        val array = hex("99 0fff") + ByteArray(4095)
        CborDecoder.decode(array)
        val tooMany = hex("99 1000") + ByteArray(4096)
        assertEquals(CborErrorCode.ITEM_LIMIT_EXCEEDED, assertThrows(CborException::class.java) { CborDecoder.decode(tooMany) }.code)
        // 2048 distinct keys in canonical order (0..23, then 24..255, then 256..2047) and 2048 values: 4097 items.
        val entries = java.io.ByteArrayOutputStream()
        for (key in 0 until 2048) {
            when {
                key < 24 -> entries.write(key)
                key < 256 -> { entries.write(0x18); entries.write(key) }
                else -> { entries.write(0x19); entries.write(key shr 8); entries.write(key and 0xFF) }
            }
            entries.write(0)
        }
        val map = hex("b9 0800") + entries.toByteArray()
        assertEquals(CborErrorCode.ITEM_LIMIT_EXCEEDED, assertThrows(CborException::class.java) { CborDecoder.decode(map) }.code)
        // One entry fewer decodes: the limit counts keys and values alike.
        val smaller = hex("b9 07ff") + entries.toByteArray().copyOf(entries.size() - 4)
        assertEquals(2047, CborDecoder.decode(smaller).mapEntries!!.size)
    }

    @Test
    fun `the input size is bounded before any parsing`() {
        val limits = CborDecoder.Limits(maxBytes = 4)
        CborDecoder.decode(hex("43 010203"), limits = limits)
        val error = assertThrows(CborException::class.java) { CborDecoder.decode(hex("44 01020304"), limits = limits) }
        assertEquals(CborErrorCode.SIZE_LIMIT_EXCEEDED, error.code)
    }

    @Test
    fun `a prefix decode reports the item's length and leaves what follows`() {
        val (value, length) = CborDecoder.decodePrefix(hex("a1 01 02 ff ff"))
        assertEquals("{1: 2}", value.toString())
        assertEquals(3, length)
    }

    @Test
    fun `offsets are relative to the start of the range read`() {
        val error = assertThrows(CborException::class.java) { CborDecoder.decode(hex("ff ff 82 00 18 01"), 2, 6) }
        assertEquals(CborErrorCode.NON_MINIMAL_ARGUMENT, error.code)
        assertEquals(2, error.offset)
    }

    @Test
    fun `typed accessors read maps by text and integer keys`() {
        val value = CborDecoder.decode(hex("a3 01 02 20 41 aa 61 61 f5"))
        assertEquals(2L, value.valueForIntKey(1)?.int64)
        assertEquals("h'aa'", value.valueForIntKey(-1).toString())
        assertEquals("true", value["a"].toString())
        assertNull(value["b"])
        assertNull(CborDecoder.decode(hex("01"))["a"])
        assertNull(CborDecoder.decode(hex("1b ffffffffffffffff")).int64)
        assertEquals(Long.MIN_VALUE, CborDecoder.decode(hex("3b 7fffffffffffffff")).int64)
        assertNull(CborDecoder.decode(hex("3b 8000000000000000")).int64)
        assertTrue(CborDecoder.decode(hex("63 616263")).isText("abc"))
    }

    @Test
    fun `thousands of mutated inputs are decoded or refused, never crash`() {
        val seed = hex("a3 63 666d74 6f 6170706c652d617070617474657374 67 61747453746d74 a1 63 783563 81 42 0102 68 6175746844617461 43 010203")
        CborDecoder.decode(seed)
        val random = java.util.Random(11)
        repeat(20_000) {
            val input = seed.copyOf(1 + random.nextInt(seed.size))
            repeat(1 + random.nextInt(3)) { input[random.nextInt(input.size)] = random.nextInt(256).toByte() }
            try {
                CborDecoder.decode(input)
            } catch (error: CborException) {
                assertTrue(error.offset in 0..input.size)
            }
        }
    }
}
