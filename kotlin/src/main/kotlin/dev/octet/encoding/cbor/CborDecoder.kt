package dev.octet.encoding.cbor

/**
 * A strict reader for the definite-length CBOR (RFC 8949) that Apple App Attest produces
 * (Swift: `CBORDecoder`).
 *
 * Accepted: unsigned and negative integers, byte and text strings, arrays, maps and simple
 * values, each with its argument in the shortest form (RFC 8949 §4.2.1 "preferred
 * serialization"). Map keys must be unique and sorted bytewise by their encodings (the core
 * deterministic order of RFC 8949 §4.2.1). Rejected: indefinite lengths, tags, floats, reserved
 * encodings, trailing bytes. Size, depth and item count are bounded, so any input terminates
 * quickly and never overflows the stack.
 */
internal object CborDecoder {
    /** Bounds on what one decode may read. */
    class Limits(
        /** Nesting of arrays and maps; the top-level item is depth 0. */
        val maxDepth: Int = 16,
        /** Data items in total, map keys included. */
        val maxItems: Int = 4096,
        /** Input length in bytes. */
        val maxBytes: Int = 1 shl 20
    )

    /** Enough for any App Attest object: depth 16, 4096 items, 1 MiB. */
    val DEFAULT_LIMITS = Limits()

    /** Decodes exactly one item that fills `bytes[from until to]` (trailing bytes are an error). */
    fun decode(bytes: ByteArray, from: Int = 0, to: Int = bytes.size, limits: Limits = DEFAULT_LIMITS): CborValue {
        val (value, length) = decodePrefix(bytes, from, to, limits)
        if (length != to - from) {
            throw CborException(CborErrorCode.TRAILING_BYTES, length, "${to - from - length} bytes after the item")
        }
        return value
    }

    /**
     * Decodes the one item at the start of `bytes[from until to]` and returns it with its encoded
     * length; what follows is left to the caller (authenticator data embeds CBOR this way).
     */
    fun decodePrefix(bytes: ByteArray, from: Int = 0, to: Int = bytes.size, limits: Limits = DEFAULT_LIMITS): Pair<CborValue, Int> {
        if (to - from > limits.maxBytes) {
            throw CborException(CborErrorCode.SIZE_LIMIT_EXCEEDED, 0, "input of ${to - from} bytes")
        }
        val reader = CborReader(bytes, from, to, limits)
        val value = reader.readItem(0)
        return Pair(value, reader.position - from)
    }
}

/** The cursor behind [CborDecoder]. Offsets in errors are relative to `from`. */
private class CborReader(private val bytes: ByteArray, private val from: Int, private val to: Int, private val limits: CborDecoder.Limits) {
    var position = from
        private set
    private var items = 0

    private val remaining: Int get() = to - position

    private fun error(code: CborErrorCode, at: Int, reason: String = "") = CborException(code, at - from, reason)

    private fun byteAt(index: Int): Int = bytes[index].toInt() and 0xFF

    /** One item, recursively. `depth` counts the arrays and maps around it. */
    fun readItem(depth: Int): CborValue {
        val start = position
        items += 1
        if (items > limits.maxItems) throw error(CborErrorCode.ITEM_LIMIT_EXCEEDED, start, "more than ${limits.maxItems} items")
        if (remaining < 1) throw error(CborErrorCode.TRUNCATED, start, "item expected")
        val initial = byteAt(position)
        position += 1
        val major = initial ushr 5
        val info = initial and 0x1F

        if (major == 7) return readSimple(info, start)
        if (major == 6) throw error(CborErrorCode.UNSUPPORTED_TAG, start)
        val argument = readArgument(info, major, start)

        return when (major) {
            0 -> CborValue.Unsigned(argument)
            1 -> CborValue.Negative(argument)
            2 -> CborValue.Bytes(readPayload(argument, start))
            3 -> {
                val utf8 = readPayload(argument, start)
                if (!Utf8.isValid(utf8)) throw error(CborErrorCode.INVALID_UTF8, start)
                CborValue.Text(utf8)
            }
            4 -> CborValue.ArrayValue(readArray(argument, depth, start))
            else -> CborValue.MapValue(readMap(argument, depth, start)) // 5: the only major type left
        }
    }

    /**
     * The argument of major types 0–5: immediate below 24, else the next 1, 2, 4 or 8 bytes,
     * which must not fit in a shorter form. Returned as unsigned 64 bits in a Long.
     */
    private fun readArgument(info: Int, major: Int, start: Int): Long {
        val width: Int = when (info) {
            in 0..23 -> return info.toLong()
            24 -> 1
            25 -> 2
            26 -> 4
            27 -> 8
            31 -> throw error(
                if (major >= 2) CborErrorCode.INDEFINITE_LENGTH else CborErrorCode.RESERVED_ADDITIONAL_INFORMATION, start
            )
            else -> throw error(CborErrorCode.RESERVED_ADDITIONAL_INFORMATION, start)
        }
        if (remaining < width) throw error(CborErrorCode.TRUNCATED, start, "argument cut short")
        var value = 0L
        for (i in 0 until width) value = (value shl 8) or byteAt(position + i).toLong()
        position += width
        // The smallest value this width may carry: 24, 2^8, 2^16, 2^32 (compared as unsigned).
        val smallest: Long = if (width == 1) 24L else 1L shl (4 * width)
        if (width < 8 && value < smallest) throw error(CborErrorCode.NON_MINIMAL_ARGUMENT, start)
        if (width == 8 && value >= 0 && value < smallest) throw error(CborErrorCode.NON_MINIMAL_ARGUMENT, start)
        return value
    }

    /** True when `value` (unsigned 64 bits) is at most `limit` (non-negative). */
    private fun unsignedAtMost(value: Long, limit: Int): Boolean = value >= 0 && value <= limit.toLong()

    private fun readPayload(length: Long, start: Int): ByteArray {
        if (!unsignedAtMost(length, remaining)) throw error(CborErrorCode.TRUNCATED, start, "string runs past the end")
        val end = position + length.toInt()
        val payload = bytes.copyOfRange(position, end)
        position = end
        return payload
    }

    private fun readArray(count: Long, depth: Int, start: Int): List<CborValue> {
        if (depth >= limits.maxDepth) throw error(CborErrorCode.DEPTH_LIMIT_EXCEEDED, start)
        // Each element takes at least one byte: a larger count cannot be honest, and checking
        // first keeps a forged count from reserving memory.
        if (!unsignedAtMost(count, remaining)) throw error(CborErrorCode.TRUNCATED, start, "array runs past the end")
        val elements = ArrayList<CborValue>(count.toInt())
        for (i in 0 until count.toInt()) elements.add(readItem(depth + 1))
        return elements
    }

    private fun readMap(count: Long, depth: Int, start: Int): List<CborValue.Entry> {
        if (depth >= limits.maxDepth) throw error(CborErrorCode.DEPTH_LIMIT_EXCEEDED, start)
        if (!unsignedAtMost(count, remaining / 2)) throw error(CborErrorCode.TRUNCATED, start, "map runs past the end")
        val entries = ArrayList<CborValue.Entry>(count.toInt())
        var previousStart = -1
        var previousEnd = -1
        for (i in 0 until count.toInt()) {
            val keyStart = position
            val key = readItem(depth + 1)
            val keyEnd = position
            if (previousStart >= 0) {
                // Keys are compared as encoded: with minimal arguments enforced, equal values
                // have equal encodings, so this also finds every duplicate.
                val order = compare(previousStart, previousEnd, keyStart, keyEnd)
                if (order == 0) throw error(CborErrorCode.DUPLICATE_MAP_KEY, keyStart)
                if (order > 0) throw error(CborErrorCode.MAP_KEYS_OUT_OF_ORDER, keyStart)
            }
            previousStart = keyStart
            previousEnd = keyEnd
            val value = readItem(depth + 1)
            entries.add(CborValue.Entry(key, value))
        }
        return entries
    }

    /** Major type 7: simple values only; floats and the two-byte form below 32 are refused. */
    private fun readSimple(info: Int, start: Int): CborValue = when (info) {
        20 -> CborValue.Bool(false)
        21 -> CborValue.Bool(true)
        22 -> CborValue.Null
        23 -> CborValue.Undefined
        in 0..19 -> CborValue.Simple(info)
        24 -> {
            if (remaining < 1) throw error(CborErrorCode.TRUNCATED, start, "simple value cut short")
            val value = byteAt(position)
            position += 1
            if (value < 32) throw error(CborErrorCode.INVALID_SIMPLE_VALUE, start)
            CborValue.Simple(value)
        }
        25, 26, 27 -> throw error(CborErrorCode.UNSUPPORTED_FLOAT, start)
        31 -> throw error(CborErrorCode.UNEXPECTED_BREAK, start)
        else -> throw error(CborErrorCode.RESERVED_ADDITIONAL_INFORMATION, start)
    }

    /** Bytewise lexicographic comparison of two ranges of the input; a proper prefix sorts first. */
    private fun compare(aStart: Int, aEnd: Int, bStart: Int, bEnd: Int): Int {
        val aLength = aEnd - aStart
        val bLength = bEnd - bStart
        for (i in 0 until minOf(aLength, bLength)) {
            val x = byteAt(aStart + i)
            val y = byteAt(bStart + i)
            if (x != y) return if (x < y) -1 else 1
        }
        return if (aLength == bLength) 0 else if (aLength < bLength) -1 else 1
    }
}

/** Strict UTF-8 (RFC 3629): no overlong forms, no surrogates, nothing beyond U+10FFFF. */
internal object Utf8 {
    fun isValid(bytes: ByteArray): Boolean {
        var i = 0
        while (i < bytes.size) {
            val b0 = bytes[i].toInt() and 0xFF
            if (b0 < 0x80) {
                i += 1
                continue
            }
            val length: Int
            val minimum: Int
            var code: Int
            when {
                b0 in 0xC2..0xDF -> { length = 2; minimum = 0x80; code = b0 and 0x1F }
                b0 in 0xE0..0xEF -> { length = 3; minimum = 0x800; code = b0 and 0x0F }
                b0 in 0xF0..0xF4 -> { length = 4; minimum = 0x10000; code = b0 and 0x07 }
                else -> return false
            }
            if (bytes.size - i < length) return false
            for (k in 1 until length) {
                val b = bytes[i + k].toInt() and 0xFF
                if (b and 0xC0 != 0x80) return false
                code = (code shl 6) or (b and 0x3F)
            }
            if (code < minimum || code > 0x10FFFF || code in 0xD800..0xDFFF) return false
            i += length
        }
        return true
    }
}
