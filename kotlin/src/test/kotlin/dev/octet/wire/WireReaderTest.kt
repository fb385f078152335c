package dev.octet.wire

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import dev.octet.assertThrowing

/** The strict reader's varint and record rules (proof-format.md, "Strict decoding"). */
class WireReaderTest {
    private fun bytes(vararg values: Int) = ByteArray(values.size) { values[it].toByte() }

    private fun varint(vararg values: Int): Long = WireReader(bytes(*values), 0, values.size).readVarint()

    private fun code(block: () -> Unit): WireCode = assertThrowing<WireException> { block() }.code

    @Test
    fun `a minimal varint of up to ten bytes reads its 64 bits`() {
        assertEquals(0L, varint(0x00))
        assertEquals(300L, varint(0xAC, 0x02))
        assertEquals(-1L, varint(0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01))
        assertEquals(Long.MIN_VALUE, varint(0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01))
    }

    @Test
    fun `a redundant trailing group is non-minimal`() {
        assertEquals(WireCode.NON_MINIMAL_VARINT, code { varint(0x80, 0x00) })
        assertEquals(WireCode.NON_MINIMAL_VARINT, code { varint(0x81, 0x80, 0x00) })
    }

    @Test
    fun `an eleventh byte, or a tenth above 1, is overlong`() {
        assertEquals(WireCode.OVERLONG_VARINT, code { varint(0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02) })
        assertEquals(WireCode.OVERLONG_VARINT, code { varint(0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x81, 0x00) })
    }

    @Test
    fun `a varint or a length running past its buffer is truncated`() {
        assertEquals(WireCode.TRUNCATED, code { varint(0x80) })
        assertEquals(WireCode.TRUNCATED, code { WireReader(bytes(0x12, 0x05, 0x01), 0, 3).next() })
        // A length of 2^63 and more is not a negative length that fits.
        assertEquals(WireCode.TRUNCATED, code {
            WireReader(bytes(0x12, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01), 0, 11).next()
        })
    }

    @Test
    fun `field number zero and tags above 32 bits are invalid field numbers`() {
        assertEquals(WireCode.INVALID_FIELD_NUMBER, code { WireReader(bytes(0x00), 0, 1).next() })
        assertEquals(WireCode.INVALID_FIELD_NUMBER, code { WireReader(bytes(0x80, 0x80, 0x80, 0x80, 0x10, 0x00), 0, 6).next() })
    }

    @Test
    fun `wire types 6 and 7 are wrong wire types, before the field is looked up`() {
        assertEquals(WireCode.WRONG_WIRE_TYPE, code { WireReader(bytes(0x0E), 0, 1).next() })
        assertEquals(WireCode.WRONG_WIRE_TYPE, code { WireReader(bytes(0x0F), 0, 1).next() })
    }

    @Test
    fun `a length-delimited record's payload is the bytes inside it, a varint's its own bytes`() {
        val reader = WireReader(bytes(0x12, 0x02, 0x61, 0x62, 0x08, 0xAC, 0x02), 0, 7)
        val text = reader.next()!!
        assertEquals(2, text.fieldNumber)
        assertEquals(2 to 4, text.start to text.end)
        val number = reader.next()!!
        assertEquals(5 to 7, number.start to number.end)
        assertEquals(300L, number.varint)
        assertNull(reader.next())
    }

    @Test
    fun `packed runs stop at their limit`() {
        assertEquals(3, WireReader.packedVarints(bytes(1, 2, 3), 0, 3, 3).size)
        assertEquals(WireCode.BOUND_VIOLATED, code { WireReader.packedVarints(bytes(1, 2, 3, 4), 0, 4, 3) })
    }

    @Test
    fun `zigzag sint32 decodes both signs and refuses values above 32 bits`() {
        assertEquals(0, ZigZag.decode32(0))
        assertEquals(-1, ZigZag.decode32(1))
        assertEquals(1, ZigZag.decode32(2))
        assertEquals(Int.MIN_VALUE, ZigZag.decode32(0xFFFFFFFFL))
        assertEquals(Int.MAX_VALUE, ZigZag.decode32(0xFFFFFFFEL))
        assertNull(ZigZag.decode32(0x100000000L))
    }

    @Test
    fun `UTF-8 is strict - no overlong forms, no surrogates, nothing above U+10FFFF`() {
        fun valid(vararg values: Int) = Utf8.isValid(bytes(*values), 0, values.size)
        assertTrue(valid(0x61, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80))
        assertTrue(valid(0xF4, 0x8F, 0xBF, 0xBF))
        assertFalse(valid(0xC0, 0xAF))
        assertFalse(valid(0xE0, 0x80, 0xAF))
        assertFalse(valid(0xF0, 0x80, 0x80, 0xAF))
        assertFalse(valid(0xED, 0xA0, 0x80))
        assertFalse(valid(0xF4, 0x90, 0x80, 0x80))
        assertFalse(valid(0xE2, 0x82))
        assertFalse(valid(0x80))
        assertFalse(valid(0xFF))
    }
}
