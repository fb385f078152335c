package dev.octet.wire

/** How one field of a message is declared in the schema. */
internal class FieldSpec(
    val number: Int,
    val name: String,
    val wireType: WireType,
    val cardinality: Cardinality = Cardinality.SINGLE,
    /** Fields sharing a oneof name: at most one of them may be present. */
    val oneof: String? = null,
    /** The payload's length in bytes, for a length-delimited field the schema bounds; [WireView.bounded] reads it. */
    val bytes: IntRange? = null,
    /** How many records a repeated field may have; the decoder reads it where it counts them. */
    val records: IntRange? = null
) {
    enum class Cardinality { SINGLE, REPEATED, PACKED }
}

/**
 * One message type as the strict reader checks it (Swift: `WireSchema`): every field known, with
 * its declared wire type; a non-repeated field at most once; a packed field in exactly one
 * record; at most one member of the oneof. The rules that do not depend on values are bit masks
 * over field numbers (every message of `octet.proto` numbers its fields within 1..31).
 */
internal class WireSchema(val name: String, val fields: List<FieldSpec>) {
    private val known: Long
    private val varints: Long
    private val repeated: Long
    private val packed: Long
    private val oneofMembers: Long
    private val oneofName: String?

    init {
        var known = 0L
        var varints = 0L
        var repeated = 0L
        var packed = 0L
        var oneofMembers = 0L
        val firstOneof = fields.firstOrNull { it.oneof != null }?.oneof
        for (field in fields) {
            check(field.number in 1..31) { "$name: field numbers are 1..31" }
            check(field.wireType == WireType.VARINT || field.wireType == WireType.LENGTH_DELIMITED) { "$name: wire type" }
            check(field.oneof == null || field.oneof == firstOneof) { "$name: one oneof" }
            val bit = 1L shl field.number
            check(known and bit == 0L) { "$name: field ${field.number} declared twice" }
            known = known or bit
            if (field.wireType == WireType.VARINT) varints = varints or bit
            if (field.cardinality == FieldSpec.Cardinality.REPEATED) repeated = repeated or bit
            if (field.cardinality == FieldSpec.Cardinality.PACKED) packed = packed or bit
            if (field.oneof != null) oneofMembers = oneofMembers or bit
        }
        this.known = known
        this.varints = varints
        this.repeated = repeated
        this.packed = packed
        this.oneofMembers = oneofMembers
        this.oneofName = firstOneof
    }

    /**
     * Reads `bytes[start, end)` once, in wire order, and hands `record` every record that passes
     * the schema's rules; the first that does not is thrown before `record` sees it.
     */
    fun read(bytes: ByteArray, start: Int, end: Int, record: (WireSlot) -> Unit) {
        val reader = WireReader(bytes, start, end)
        var seen = 0L
        while (true) {
            val slot = reader.next() ?: break
            val bit = if (slot.fieldNumber < 32) 1L shl slot.fieldNumber else 0L
            if (known and bit == 0L) {
                throw WireException(WireCode.UNKNOWN_FIELD, slot.offset, "field ${slot.fieldNumber} of $name")
            }
            val expected = if (varints and bit != 0L) WireType.VARINT else WireType.LENGTH_DELIMITED
            if (slot.wireType != expected) {
                throw WireException(WireCode.WRONG_WIRE_TYPE, slot.offset, "$name.${fieldName(slot.fieldNumber)}")
            }
            if (seen and bit != 0L) {
                if (packed and bit != 0L) {
                    throw WireException(WireCode.DUPLICATE_PACKED_RECORD, slot.offset, "$name.${fieldName(slot.fieldNumber)}")
                }
                if (repeated and bit == 0L) {
                    throw WireException(
                        WireCode.DUPLICATE_FIELD, slot.offset, "$name.${fieldName(slot.fieldNumber)} appears twice"
                    )
                }
            }
            // Another member of the oneof already present is a conflict (a second record of the
            // same member was a duplicate above).
            if (oneofMembers and bit != 0L && (seen and oneofMembers and bit.inv()) != 0L) {
                throw WireException(WireCode.ONEOF_CONFLICT, slot.offset, "$name.${oneofName ?: ""}")
            }
            seen = seen or bit
            record(slot)
        }
    }

    /** Only on the error paths: the schema is a handful of fields. */
    fun fieldName(number: Int): String = fields.firstOrNull { it.number == number }?.name ?: "field $number"
}

/** The records of one repeated field found by [WireSchema.read]: the first and how many. */
internal class WireRun {
    var first: WireSlot? = null
        private set
    var count = 0
        private set

    fun add(slot: WireSlot) {
        if (first == null) first = slot
        count += 1
    }
}

/**
 * One message of an input: the bytes, where it lies in them, and its schema; reads its records and
 * gives typed values with the "required" and "within its type" rules (Swift: `WireView`). Errors
 * name the message and the field, never a value.
 */
internal class WireView(val bytes: ByteArray, val start: Int, val end: Int, val schema: WireSchema) {
    val name: String get() = schema.name

    /** Offset of the message, for errors about it as a whole. */
    val offset: Int get() = start

    fun read(record: (WireSlot) -> Unit) = schema.read(bytes, start, end, record)

    /** Every record of a repeated field, in wire order: read again from the first, skipping the other fields. */
    fun forEach(run: WireRun, body: (WireSlot) -> Unit) {
        val first = run.first ?: return
        val reader = WireReader(bytes, first.offset, end)
        var remaining = run.count
        while (remaining > 0) {
            val slot = reader.next() ?: break
            if (slot.fieldNumber != first.fieldNumber) continue
            remaining -= 1
            body(slot)
        }
    }

    /** The nested message in a length-delimited record. */
    fun message(slot: WireSlot, schema: WireSchema): WireView = WireView(bytes, slot.start, slot.end, schema)

    fun payload(slot: WireSlot): ByteSlice = ByteSlice(bytes, slot.start, slot.end)

    fun required(slot: WireSlot?, field: FieldSpec): WireSlot =
        slot ?: throw WireException(WireCode.MISSING_FIELD, offset, "$name.${field.name}")

    fun uint32(slot: WireSlot, field: String): Long {
        if ((slot.varint ushr 32) != 0L) throw WireException(WireCode.VALUE_OUT_OF_RANGE, slot.offset, "$name.$field exceeds uint32")
        return slot.varint
    }

    fun int64(slot: WireSlot): Long = slot.varint

    fun sint32(slot: WireSlot, field: String): Int =
        ZigZag.decode32(slot.varint) ?: throw WireException(WireCode.VALUE_OUT_OF_RANGE, slot.offset, "$name.$field exceeds sint32")

    /** An enum (int32 on the wire): one of the named non-zero values, which `named` maps (null for the rest). */
    fun <E> enumValue(slot: WireSlot, field: String, named: (Int) -> E?): E {
        val raw = slot.varint
        val value = if (raw in 1L..Int.MAX_VALUE.toLong()) named(raw.toInt()) else null
        return value ?: throw WireException(WireCode.INVALID_ENUM, slot.offset, "$name.$field")
    }

    fun string(slot: WireSlot, field: String): String {
        if (!Utf8.isValid(bytes, slot.start, slot.end)) throw WireException(WireCode.INVALID_UTF8, slot.offset, "$name.$field")
        return String(bytes, slot.start, slot.end - slot.start, Charsets.UTF_8)
    }

    /** A bytes or string field whose length must lie in `min..max`. */
    /**
     * The payload of [slot], a record of [field], within the field's byte bound ([FieldSpec.bytes],
     * which every field read this way declares): the decoder passes a field, never a number, and
     * the detail prints the schema's numbers.
     */
    fun bounded(slot: WireSlot, field: FieldSpec): ByteSlice {
        val bound = requireNotNull(field.bytes) { "${field.name} declares no byte bound" }
        val count = slot.end - slot.start
        if (count !in bound) {
            val expected = if (bound.first == bound.last) "${bound.first}" else "${bound.first}..${bound.last}"
            throw WireException(WireCode.BOUND_VIOLATED, slot.offset, "$name.${field.name} is $count bytes, expected $expected")
        }
        return payload(slot)
    }
}
