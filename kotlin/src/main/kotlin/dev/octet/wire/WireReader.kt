package dev.octet.wire

/**
 * Protobuf wire types. Only varint and length-delimited records appear in the Octet schema;
 * fixed32, fixed64 and groups are read as empty records that the schema then refuses as unknown
 * or of the wrong type.
 */
internal enum class WireType(val raw: Int) {
    VARINT(0),
    FIXED64(1),
    LENGTH_DELIMITED(2),
    START_GROUP(3),
    END_GROUP(4),
    FIXED32(5);

    companion object {
        fun of(raw: Int): WireType? = when (raw) {
            0 -> VARINT
            1 -> FIXED64
            2 -> LENGTH_DELIMITED
            3 -> START_GROUP
            4 -> END_GROUP
            5 -> FIXED32
            else -> null
        }
    }
}

/**
 * One record as offsets into the buffer it was read from: the payload is `bytes[start, end)` —
 * inside a length-delimited record, or a varint's own bytes (the claim hashes are taken over
 * exactly these, so nothing is ever re-encoded).
 */
internal class WireSlot(
    val fieldNumber: Int,
    val wireType: WireType,
    /** Offset of the record's tag. */
    val offset: Int,
    val start: Int,
    val end: Int,
    /** For a varint record its value (the 64 bits of a uint64, in a Long); for a length-delimited one its length. */
    val varint: Long
)

/**
 * A strict reader of protobuf wire records over `bytes[start, end)` (Swift: `WireReader`).
 * Stricter than protobuf: varints minimal and at most 10 bytes, lengths inside the enclosing
 * buffer. Offsets in errors are offsets in `bytes`, the outermost input.
 */
internal class WireReader(private val bytes: ByteArray, start: Int, private val end: Int) {
    private var index = start

    val isAtEnd: Boolean get() = index >= end

    /** The next record, or null at the end of the buffer. */
    fun next(): WireSlot? {
        if (index >= end) return null
        val start = index
        val tag = readVarint()
        if ((tag ushr 32) != 0L) throw WireException(WireCode.INVALID_FIELD_NUMBER, start, "tag larger than 32 bits")
        // tag < 2^32, so the field number is below 2^29: only 0 is out of protobuf's range.
        val fieldNumber = (tag ushr 3).toInt()
        if (fieldNumber < 1) throw WireException(WireCode.INVALID_FIELD_NUMBER, start, "field number $fieldNumber")
        val rawType = (tag and 7L).toInt()
        val wireType = WireType.of(rawType)
            ?: throw WireException(WireCode.WRONG_WIRE_TYPE, start, "wire type $rawType of field $fieldNumber")
        return when (wireType) {
            WireType.VARINT -> {
                val payloadStart = index
                val value = readVarint()
                WireSlot(fieldNumber, wireType, start, payloadStart, index, value)
            }
            WireType.LENGTH_DELIMITED -> {
                val length = readVarint()
                // Unsigned comparison: a length of 2^63 or more is negative as a Long.
                if (length < 0 || length > (end - index).toLong()) {
                    throw WireException(WireCode.TRUNCATED, start, "length of field $fieldNumber runs past its buffer")
                }
                val payloadStart = index
                index += length.toInt()
                WireSlot(fieldNumber, wireType, start, payloadStart, index, length)
            }
            // Not in the schema: the caller reports it as unknown or of the wrong type.
            else -> WireSlot(fieldNumber, wireType, start, index, index, 0L)
        }
    }

    /** A minimal varint of at most 10 bytes whose value fits in 64 bits. */
    fun readVarint(): Long {
        val start = index
        var value = 0L
        var shift = 0
        while (true) {
            if (index >= end) throw WireException(WireCode.TRUNCATED, start, "varint runs past its buffer")
            val byte = bytes[index].toInt() and 0xFF
            index += 1
            val count = index - start
            if (count == 10 && byte > 1) throw WireException(WireCode.OVERLONG_VARINT, start, "varint exceeds 64 bits")
            value = value or ((byte and 0x7F).toLong() shl shift)
            if (byte and 0x80 == 0) {
                if (count > 1 && byte == 0) throw WireException(WireCode.NON_MINIMAL_VARINT, start, "redundant trailing group")
                return value
            }
            if (count == 10) throw WireException(WireCode.OVERLONG_VARINT, start, "varint longer than 10 bytes")
            shift += 7
        }
    }

    companion object {
        /** One packed run of varints (the payload of a packed field); more than `limit` values is a bound violation. */
        fun packedVarints(bytes: ByteArray, start: Int, end: Int, limit: Int): LongArray {
            val reader = WireReader(bytes, start, end)
            var values = LongArray(16)
            var count = 0
            while (!reader.isAtEnd) {
                if (count >= limit) throw WireException(WireCode.BOUND_VIOLATED, reader.index, "more than $limit packed values")
                val value = reader.readVarint()
                if (count == values.size) values = values.copyOf(values.size * 2)
                values[count++] = value
            }
            return values.copyOf(count)
        }
    }
}

/** sint32's zigzag decoding (Swift: `ZigZag.decode32`). */
internal object ZigZag {
    /** null when the raw value does not fit the 32-bit type. */
    fun decode32(raw: Long): Int? {
        if ((raw ushr 32) != 0L) return null
        val value = raw.toInt()
        return (value ushr 1) xor -(value and 1)
    }
}
