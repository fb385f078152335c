package dev.octet.encoding.der

import org.junit.jupiter.api.Assertions.assertArrayEquals
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource

private fun bytes(vararg values: Int): ByteArray = ByteArray(values.size) { values[it].toByte() }

private fun refused(code: DerErrorCode, offset: Int, block: () -> Unit) {
    val error = assertThrows(DerException::class.java) { block() }
    assertEquals(code, error.code)
    assertEquals(offset, error.offset)
}

/** The DER reader's rule tables, ported from the Swift library's DERReaderTests (same codes and offsets). */
internal class DerReaderTest {
    class Refusal(val name: String, val bytes: ByteArray, val code: DerErrorCode, val offset: Int) {
        override fun toString(): String = name
    }

    companion object {
        @JvmStatic
        fun refusals(): List<Refusal> = listOf(
            Refusal("empty input", bytes(), DerErrorCode.MISSING_ELEMENT, 0),
            Refusal("header without length", bytes(0x04), DerErrorCode.TRUNCATED, 1),
            Refusal("content shorter than its length", bytes(0x04, 0x03, 1, 2), DerErrorCode.TRUNCATED, 2),
            Refusal("indefinite length", bytes(0x30, 0x80, 0x00, 0x00), DerErrorCode.INDEFINITE_LENGTH, 1),
            Refusal("long form for a short length", bytes(0x04, 0x81, 0x01, 0xAA), DerErrorCode.NON_MINIMAL_LENGTH, 0),
            Refusal("long form with a leading zero byte", bytes(0x04, 0x82, 0x00, 0x81) + ByteArray(0x81), DerErrorCode.NON_MINIMAL_LENGTH, 1),
            Refusal("five length bytes", bytes(0x04, 0x85, 1, 0, 0, 0, 0), DerErrorCode.LENGTH_TOO_LARGE, 1),
            Refusal("reserved length 0xFF", bytes(0x04, 0xFF), DerErrorCode.LENGTH_TOO_LARGE, 1),
            Refusal("four length bytes beyond the input", bytes(0x04, 0x84, 0x7F, 0xFF, 0xFF, 0xFF), DerErrorCode.TRUNCATED, 6),
            Refusal("high tag form for a low number", bytes(0x9F, 0x1E, 0x00), DerErrorCode.NON_MINIMAL_TAG, 0),
            Refusal("high tag form with a leading 0x80 group", bytes(0x9F, 0x80, 0x20, 0x00), DerErrorCode.NON_MINIMAL_TAG, 0),
            Refusal("tag number beyond 32 bits", bytes(0x9F, 0x90, 0x80, 0x80, 0x80, 0x00, 0x00), DerErrorCode.NON_MINIMAL_TAG, 0),
            Refusal("truncated high tag", bytes(0x9F, 0x81), DerErrorCode.TRUNCATED, 2),
            Refusal("end-of-contents marker", bytes(0x00, 0x00), DerErrorCode.UNEXPECTED_TAG, 0),
            Refusal("a byte after the element", bytes(0x05, 0x00, 0x00), DerErrorCode.TRAILING_DATA, 2)
        )

        @JvmStatic
        fun integers(): List<Array<Any?>> = listOf(
            arrayOf<Any?>(bytes(0x00), 0L, null),
            arrayOf<Any?>(bytes(0x7F), 127L, null),
            arrayOf<Any?>(bytes(0x00, 0x80), 128L, null),
            arrayOf<Any?>(bytes(0xFF), -1L, null),
            arrayOf<Any?>(bytes(0x80), -128L, null),
            arrayOf<Any?>(bytes(0xFF, 0x7F), -129L, null),
            arrayOf<Any?>(bytes(0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF), Long.MAX_VALUE, null),
            arrayOf<Any?>(bytes(0x80, 0, 0, 0, 0, 0, 0, 0), Long.MIN_VALUE, null),
            arrayOf<Any?>(bytes(), null, DerErrorCode.INVALID_INTEGER),
            arrayOf<Any?>(bytes(0x00, 0x7F), null, DerErrorCode.INVALID_INTEGER),
            arrayOf<Any?>(bytes(0xFF, 0x80), null, DerErrorCode.INVALID_INTEGER),
            arrayOf<Any?>(bytes(0x00, 0x80, 0, 0, 0, 0, 0, 0, 0), null, DerErrorCode.INTEGER_OVERFLOW)
        )

        @JvmStatic
        fun times(): List<Array<Any?>> = listOf(
            arrayOf<Any?>(0x17, "700101000000Z", 0L),
            arrayOf<Any?>(0x17, "491231235959Z", 2_524_607_999L),
            arrayOf<Any?>(0x17, "500101000000Z", -631_152_000L),
            arrayOf<Any?>(0x18, "21060207062815Z", 4_294_967_295L),
            arrayOf<Any?>(0x18, "20240229120000.5Z", 1_709_208_000L),
            arrayOf<Any?>(0x18, "19691231235959Z", -1L),
            arrayOf<Any?>(0x17, "7001010000Z", null),
            arrayOf<Any?>(0x17, "700101000000+0000", null),
            arrayOf<Any?>(0x18, "20230229000000Z", null),
            arrayOf<Any?>(0x18, "20240101000000.50Z", null),
            arrayOf<Any?>(0x18, "20240101000000.Z", null),
            arrayOf<Any?>(0x18, "20241301000000Z", null),
            arrayOf<Any?>(0x18, "20240101246000Z", null),
            arrayOf<Any?>(0x17, "240230000000Z", null),
            arrayOf<Any?>(0x17, "240101000060Z", null),
            arrayOf<Any?>(0x17, "2401010000 0Z", null)
        )
    }

    @ParameterizedTest
    @MethodSource("refusals")
    fun `malformed headers and trailing bytes are refused with a code and the offset`(refusal: Refusal) {
        refused(refusal.code, refusal.offset) { Der.parse(refusal.bytes) }
    }

    @Test
    fun `a high tag number is read in base 128 - 719 is 0xBF 0x85 0x4F`() {
        val node = Der.parse(bytes(0xBF, 0x85, 0x4F, 0x03, 0x02, 0x01, 0x01))
        assertEquals(DerTag.context(719), node.tag)
        assertEquals(1L, node.explicit(719).int64())
    }

    @Test
    fun `a 256-byte OCTET STRING uses a two-byte long-form length`() {
        val input = bytes(0x30, 0x82, 0x01, 0x04, 0x04, 0x82, 0x01, 0x00) + ByteArray(256) { 7 }
        val node = Der.parse(input)
        val children = node.sequence()
        val octets = children.read(DerTag.OCTET_STRING)
        children.finish()
        assertEquals(256, octets.octetString().size)
        assertEquals(8, octets.contentStart)
        assertArrayEquals(input, node.encoded())
    }

    @Test
    fun `children left unread are an unconsumed error - reading past the end is missing element`() {
        val node = Der.parse(bytes(0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02))
        val children = node.sequence()
        children.read(DerTag.INTEGER)
        refused(DerErrorCode.UNCONSUMED, 5) { children.finish() }
        children.read(DerTag.INTEGER)
        refused(DerErrorCode.MISSING_ELEMENT, 8) { children.read() }
    }

    @Test
    fun `nesting beyond the depth limit is refused`() {
        var nested = bytes(0x05, 0x00)
        repeat(40) { nested = bytes(0x30, nested.size) + nested }
        refused(DerErrorCode.TOO_DEEP, 64) { Der.parse(nested).validateStructure() }
        Der.parse(nested, maxDepth = 64).validateStructure()
    }

    @Test
    fun `an expected tag must match class, form and number`() {
        val node = Der.parse(bytes(0xA0, 0x03, 0x02, 0x01, 0x05))
        refused(DerErrorCode.UNEXPECTED_TAG, 0) { node.sequence() }
        refused(DerErrorCode.UNEXPECTED_TAG, 0) { node.explicit(1) }
        assertEquals(5L, node.explicit(0).int64())
        refused(DerErrorCode.UNEXPECTED_TAG, 0) { Der.parse(bytes(0x80, 0x01, 0x05)).explicit(0) }
    }

    @Test
    fun `an EXPLICIT tag holds exactly one element`() {
        refused(DerErrorCode.UNCONSUMED, 5) { Der.parse(bytes(0xA0, 0x06, 0x02, 0x01, 0x05, 0x02, 0x01, 0x06)).explicit(0) }
        refused(DerErrorCode.MISSING_ELEMENT, 2) { Der.parse(bytes(0xA0, 0x00)).explicit(0) }
    }

    @Test
    fun `SET OF children are read in the order they arrived`() {
        val set = Der.parse(bytes(0x31, 0x06, 0x02, 0x01, 0x02, 0x02, 0x01, 0x01)).set()
        assertEquals(listOf(2L, 1L), set.readAll().map { it.int64() })
    }

    @ParameterizedTest
    @MethodSource("integers")
    fun `INTEGER is minimal two's complement and fits a Long when asked`(content: ByteArray, value: Long?, code: DerErrorCode?) {
        val node = Der.parse(bytes(0x02, content.size) + content)
        if (code != null) {
            refused(code, 0) { node.int64() }
        } else {
            assertEquals(value, node.int64())
            assertArrayEquals(content, node.integerBytes())
        }
    }

    @Test
    fun `ENUMERATED follows the INTEGER rules under its own tag`() {
        assertEquals(2L, Der.parse(bytes(0x0A, 0x01, 0x02)).enumerated())
        refused(DerErrorCode.INVALID_INTEGER, 0) { Der.parse(bytes(0x0A, 0x02, 0x00, 0x01)).enumerated() }
        refused(DerErrorCode.UNEXPECTED_TAG, 0) { Der.parse(bytes(0x02, 0x01, 0x02)).enumerated() }
    }

    @Test
    fun `BOOLEAN is strict 0x00 or 0xFF - the lenient reading takes any non-zero byte as true`() {
        assertTrue(Der.parse(bytes(0x01, 0x01, 0xFF)).boolean())
        assertFalse(Der.parse(bytes(0x01, 0x01, 0x00)).boolean())
        refused(DerErrorCode.INVALID_BOOLEAN, 0) { Der.parse(bytes(0x01, 0x01, 0x01)).boolean() }
        refused(DerErrorCode.INVALID_BOOLEAN, 0) { Der.parse(bytes(0x01, 0x02, 0xFF, 0xFF)).boolean() }
        refused(DerErrorCode.INVALID_BOOLEAN, 0) { Der.parse(bytes(0x01, 0x00)).lenientBoolean() }
        assertTrue(Der.parse(bytes(0x01, 0x01, 0x01)).lenientBoolean())
        assertFalse(Der.parse(bytes(0x01, 0x01, 0x00)).lenientBoolean())
    }

    @Test
    fun `OBJECT IDENTIFIER reads to dotted form - non-minimal and unterminated arcs are refused`() {
        val keyDescription = bytes(0x06, 0x0A, 0x2B, 0x06, 0x01, 0x04, 0x01, 0xD6, 0x79, 0x02, 0x01, 0x11)
        assertEquals("1.3.6.1.4.1.11129.2.1.17", Der.parse(keyDescription).objectIdentifier())
        assertEquals("2.5.4.5", Der.parse(bytes(0x06, 0x03, 0x55, 0x04, 0x05)).objectIdentifier())
        assertEquals("2.999", Der.parse(bytes(0x06, 0x02, 0x88, 0x37)).objectIdentifier())
        assertEquals("0.9", Der.parse(bytes(0x06, 0x01, 0x09)).objectIdentifier())
        refused(DerErrorCode.INVALID_OBJECT_IDENTIFIER, 0) { Der.parse(bytes(0x06, 0x03, 0x2B, 0x80, 0x01)).objectIdentifier() }
        refused(DerErrorCode.INVALID_OBJECT_IDENTIFIER, 0) { Der.parse(bytes(0x06, 0x02, 0x2B, 0x86)).objectIdentifier() }
        refused(DerErrorCode.INVALID_OBJECT_IDENTIFIER, 0) { Der.parse(bytes(0x06, 0x00)).objectIdentifier() }
        val huge = bytes(0x06, 0x0B, 0x2B) + ByteArray(9) { 0xFF.toByte() } + bytes(0x7F)
        refused(DerErrorCode.INVALID_OBJECT_IDENTIFIER, 0) { Der.parse(huge).objectIdentifier() }
        // The largest 64-bit arc reads as an unsigned decimal.
        val max = bytes(0x06, 0x0B, 0x2B, 0x81) + ByteArray(8) { 0xFF.toByte() } + bytes(0x7F)
        assertEquals("1.3.18446744073709551615", Der.parse(max).objectIdentifier())
    }

    @Test
    fun `BIT STRING - unused bits 0 to 7, zero padding, none when empty`() {
        val value = Der.parse(bytes(0x03, 0x02, 0x04, 0xF0)).bitString()
        assertEquals(4, value.unusedBits)
        assertArrayEquals(bytes(0xF0), value.bytes)
        refused(DerErrorCode.INVALID_BIT_STRING, 0) { Der.parse(bytes(0x03, 0x02, 0x04, 0xF8)).bitString() }
        refused(DerErrorCode.INVALID_BIT_STRING, 0) { Der.parse(bytes(0x03, 0x01, 0x01)).bitString() }
        refused(DerErrorCode.INVALID_BIT_STRING, 0) { Der.parse(bytes(0x03, 0x02, 0x08, 0x00)).bitString() }
        refused(DerErrorCode.INVALID_BIT_STRING, 0) { Der.parse(bytes(0x03, 0x00)).bitString() }
    }

    @ParameterizedTest
    @MethodSource("times")
    fun `UTCTime and GeneralizedTime read as Unix seconds in the DER profile`(tag: Int, text: String, seconds: Long?) {
        val content = text.toByteArray(Charsets.US_ASCII)
        val node = Der.parse(bytes(tag, content.size) + content)
        if (seconds != null) assertEquals(seconds, node.time()) else refused(DerErrorCode.INVALID_TIME, 0) { node.time() }
    }

    @Test
    fun `the certificate profile refuses a GeneralizedTime fraction`() {
        val content = "20240229120000.5Z".toByteArray(Charsets.US_ASCII)
        refused(DerErrorCode.INVALID_TIME, 0) { Der.parse(bytes(0x18, content.size) + content).time(fraction = false) }
        val plain = "20240229120000Z".toByteArray(Charsets.US_ASCII)
        assertEquals(1_709_208_000L, Der.parse(bytes(0x18, plain.size) + plain).time(fraction = false))
    }

    @Test
    fun `a nested structure validates - a bad length two levels down is found with its offset`() {
        Der.parse(bytes(0x30, 0x07, 0x31, 0x05, 0xA0, 0x03, 0x02, 0x01, 0x01)).validateStructure()
        refused(DerErrorCode.NON_MINIMAL_LENGTH, 6) {
            Der.parse(bytes(0x30, 0x08, 0x31, 0x06, 0xA0, 0x04, 0x02, 0x81, 0x01, 0x01)).validateStructure()
        }
        refused(DerErrorCode.TRUNCATED, 6) { Der.parse(bytes(0x30, 0x05, 0x31, 0x03, 0x02, 0x02, 0x01)).validateStructure() }
    }

    @Test
    fun `universal types must be in the form DER requires`() {
        Der.parse(bytes(0x30, 0x05, 0x31, 0x03, 0x04, 0x01, 0x00)).validateStructureAndForms()
        // A constructed OCTET STRING, BIT STRING or UTF8String; a primitive SEQUENCE.
        refused(DerErrorCode.WRONG_FORM, 2) { Der.parse(bytes(0x30, 0x05, 0x24, 0x03, 0x04, 0x01, 0x00)).validateStructureAndForms() }
        refused(DerErrorCode.WRONG_FORM, 2) { Der.parse(bytes(0x30, 0x06, 0x23, 0x04, 0x03, 0x02, 0x00, 0x00)).validateStructureAndForms() }
        refused(DerErrorCode.WRONG_FORM, 2) { Der.parse(bytes(0x30, 0x05, 0x2C, 0x03, 0x0C, 0x01, 0x41)).validateStructureAndForms() }
        refused(DerErrorCode.WRONG_FORM, 0) { Der.parse(bytes(0x10, 0x00)).validateStructureAndForms() }
        // Context and application classes are free.
        Der.parse(bytes(0x30, 0x04, 0xA1, 0x02, 0x81, 0x00)).validateStructureAndForms()
    }

    @Test
    fun `thousands of mutated and truncated structures are read without a crash, and errors point inside the input`() {
        val seed = bytes(0x30, 0x13, 0x02, 0x01, 0x05, 0xA0, 0x0E, 0x31, 0x0C, 0x04, 0x02, 0xAB, 0xCD, 0x06, 0x03, 0x55, 0x04, 0x05, 0x01, 0x01, 0xFF)
        val random = java.util.Random(7)
        repeat(20_000) {
            val input = seed.copyOf(1 + random.nextInt(seed.size))
            repeat(1 + random.nextInt(3)) { input[random.nextInt(input.size)] = random.nextInt(256).toByte() }
            try {
                val node = Der.parse(input)
                node.validateStructureAndForms()
            } catch (error: DerException) {
                assertTrue(error.offset in 0..input.size, "offset ${error.offset} outside ${input.size}")
            }
        }
    }
}
