package dev.octet.wire

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import dev.octet.assertThrowing

/** The schema's record rules: unknown fields, wire types, duplicates, packed records, oneofs. */
class WireSchemaTest {
    private val schema = WireSchema(
        "Test",
        listOf(
            FieldSpec(1, "number", WireType.VARINT),
            FieldSpec(2, "text", WireType.LENGTH_DELIMITED),
            FieldSpec(3, "items", WireType.LENGTH_DELIMITED, FieldSpec.Cardinality.REPEATED),
            FieldSpec(4, "packed", WireType.LENGTH_DELIMITED, FieldSpec.Cardinality.PACKED),
            FieldSpec(5, "a", WireType.LENGTH_DELIMITED, oneof = "choice"),
            FieldSpec(6, "b", WireType.LENGTH_DELIMITED, oneof = "choice")
        )
    )

    private fun read(vararg values: Int): Int {
        val bytes = ByteArray(values.size) { values[it].toByte() }
        var count = 0
        schema.read(bytes, 0, bytes.size) { count++ }
        return count
    }

    private fun code(vararg values: Int): WireCode = assertThrowing<WireException> { read(*values) }.code

    @Test
    fun `records in any order, repeated fields apart, are read`() {
        assertEquals(4, read(0x1A, 0x00, 0x08, 0x01, 0x1A, 0x00, 0x12, 0x00))
    }

    @Test
    fun `each rule has its code`() {
        assertEquals(WireCode.UNKNOWN_FIELD, code(0x38, 0x01))
        assertEquals(WireCode.UNKNOWN_FIELD, code(0xA0, 0x06, 0x01))
        assertEquals(WireCode.WRONG_WIRE_TYPE, code(0x0A, 0x00))
        assertEquals(WireCode.WRONG_WIRE_TYPE, code(0x09, 0, 0, 0, 0, 0, 0, 0, 0))
        assertEquals(WireCode.WRONG_WIRE_TYPE, code(0x20, 0x01))
        assertEquals(WireCode.DUPLICATE_FIELD, code(0x08, 0x01, 0x08, 0x01))
        assertEquals(WireCode.DUPLICATE_PACKED_RECORD, code(0x22, 0x01, 0x01, 0x22, 0x01, 0x02))
        assertEquals(WireCode.ONEOF_CONFLICT, code(0x2A, 0x00, 0x32, 0x00))
        assertEquals(WireCode.DUPLICATE_FIELD, code(0x2A, 0x00, 0x2A, 0x00))
    }
}
