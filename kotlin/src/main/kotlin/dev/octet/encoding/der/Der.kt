package dev.octet.encoding.der

/**
 * The entry point: strict X.690 DER, bounded (Swift: `DER`). Every element is a view of the
 * caller's buffer (the original offsets are kept, so error offsets and `encoded` ranges point
 * into it), which lets signed bytes be checked exactly as they arrived. The buffer is never
 * copied or changed: callers must not change it while nodes are in use.
 */
internal object Der {
    /** Nesting limit used when none is given. Certificates nest about 8 deep; KeyDescription about 6. */
    const val DEFAULT_MAX_DEPTH = 32

    /** Reads exactly one element spanning `bytes[from until to]`: anything after it is TRAILING_DATA. */
    fun parse(bytes: ByteArray, from: Int = 0, to: Int = bytes.size, maxDepth: Int = DEFAULT_MAX_DEPTH): DerNode {
        val reader = DerReader(bytes, from, to, 0, maxDepth)
        val node = reader.read()
        if (!reader.isAtEnd) throw DerException(DerErrorCode.TRAILING_DATA, reader.offset)
        return node
    }
}

/** One element: its tag, where its header and content lie in the buffer, and its depth. */
internal class DerNode(
    private val source: ByteArray,
    val tag: DerTag,
    /** Where the element's header starts in the original buffer. */
    val offset: Int,
    /** Where its content starts. */
    val contentStart: Int,
    /** One past its last content byte. */
    val end: Int,
    /** 0 for a top-level element, one more for each enclosing constructed element. */
    val depth: Int,
    private val maxDepth: Int
) {
    val contentLength: Int get() = end - contentStart

    /** Header and content, as they arrived (a copy). */
    fun encoded(): ByteArray = source.copyOfRange(offset, end)

    /** The content octets (a copy). */
    fun content(): ByteArray = source.copyOfRange(contentStart, end)

    /** The content byte at `index` (0-based within the content). */
    fun contentByte(index: Int): Int = source[contentStart + index].toInt() and 0xFF

    /** True when this element's whole encoding equals `other`'s, byte for byte. */
    fun sameEncoding(other: DerNode): Boolean {
        if (end - offset != other.end - other.offset) return false
        for (i in 0 until end - offset) if (source[offset + i] != other.source[other.offset + i]) return false
        return true
    }

    /** A reader over the children of this constructed element (any tag). */
    fun children(): DerReader {
        if (!tag.constructed) throw DerException(DerErrorCode.WRONG_FORM, offset)
        if (depth >= maxDepth) throw DerException(DerErrorCode.TOO_DEEP, offset)
        return DerReader(source, contentStart, end, depth + 1, maxDepth)
    }

    /** The children of a SEQUENCE (or of an implicitly tagged one when `expected` is given). */
    fun sequence(expected: DerTag = DerTag.SEQUENCE): DerReader {
        expect(expected)
        return children()
    }

    /** The children of a SET / SET OF. DER's sort order for SET OF is not enforced (Android KeyDescriptions). */
    fun set(expected: DerTag = DerTag.SET): DerReader {
        expect(expected)
        return children()
    }

    /** The single element inside an EXPLICIT context tag `[number]`. */
    fun explicit(number: Long): DerNode {
        val reader = sequence(DerTag.context(number, true))
        val inner = reader.read()
        reader.finish()
        return inner
    }

    /** Throws UNEXPECTED_TAG unless this element's tag (class, form and number) is `expected`. */
    fun expect(expected: DerTag) {
        if (tag != expected) throw DerException(DerErrorCode.UNEXPECTED_TAG, offset)
    }

    // ---- Typed readings of primitive elements (Swift: DERPrimitives.swift) ----

    /** The two's-complement content of an INTEGER: non-empty, with no redundant leading 0x00 or 0xFF. */
    fun integerBytes(expected: DerTag = DerTag.INTEGER): ByteArray {
        expect(expected)
        checkIntegerContent()
        return content()
    }

    /** An INTEGER that fits in a Long (INTEGER_OVERFLOW otherwise). */
    fun int64(expected: DerTag = DerTag.INTEGER): Long {
        expect(expected)
        return int64Value()
    }

    /** An ENUMERATED, by the INTEGER rules. */
    fun enumerated(expected: DerTag = DerTag.ENUMERATED): Long {
        expect(expected)
        return int64Value()
    }

    /** A DER BOOLEAN: exactly one byte, 0x00 or 0xFF. */
    fun boolean(expected: DerTag = DerTag.BOOLEAN): Boolean {
        expect(expected)
        if (contentLength != 1) throw DerException(DerErrorCode.INVALID_BOOLEAN, offset)
        val byte = contentByte(0)
        if (byte != 0x00 && byte != 0xFF) throw DerException(DerErrorCode.INVALID_BOOLEAN, offset)
        return byte == 0xFF
    }

    /**
     * A BER BOOLEAN: one byte, any non-zero value is true. Only for Android KeyDescriptions, which
     * some devices encode with 0x01 for true; everywhere else use [boolean].
     */
    fun lenientBoolean(expected: DerTag = DerTag.BOOLEAN): Boolean {
        expect(expected)
        if (contentLength != 1) throw DerException(DerErrorCode.INVALID_BOOLEAN, offset)
        return contentByte(0) != 0
    }

    /** The content of a primitive OCTET STRING (DER forbids the constructed form). */
    fun octetString(expected: DerTag = DerTag.OCTET_STRING): ByteArray {
        expect(expected)
        return content()
    }

    /** A BIT STRING's bytes and unused-bit count (0..7, 0 when empty, padding bits zero). */
    class BitString(val bytes: ByteArray, val unusedBits: Int)

    /** The bits of a primitive BIT STRING as bytes, with the count of unused trailing bits. */
    fun bitString(expected: DerTag = DerTag.BIT_STRING): BitString {
        expect(expected)
        if (contentLength < 1) throw DerException(DerErrorCode.INVALID_BIT_STRING, offset)
        val unused = contentByte(0)
        if (unused > 7) throw DerException(DerErrorCode.INVALID_BIT_STRING, offset)
        if (contentLength > 1) {
            val last = contentByte(contentLength - 1)
            if (last and ((1 shl unused) - 1) != 0) throw DerException(DerErrorCode.INVALID_BIT_STRING, offset)
        } else if (unused != 0) {
            throw DerException(DerErrorCode.INVALID_BIT_STRING, offset)
        }
        return BitString(source.copyOfRange(contentStart + 1, end), unused)
    }

    /**
     * An OBJECT IDENTIFIER in dotted form ("1.3.6.1.4.1.11129.2.1.17"). Each arc is minimal (no
     * leading 0x80 group) and fits in 64 bits (unsigned).
     */
    fun objectIdentifier(expected: DerTag = DerTag.OBJECT_IDENTIFIER): String {
        expect(expected)
        if (contentLength == 0 || contentByte(contentLength - 1) and 0x80 != 0) {
            throw DerException(DerErrorCode.INVALID_OBJECT_IDENTIFIER, offset)
        }
        val arcs = ArrayList<Long>()
        var value = 0L
        var startOfArc = true
        for (i in 0 until contentLength) {
            val byte = contentByte(i)
            if (startOfArc && byte == 0x80) throw DerException(DerErrorCode.INVALID_OBJECT_IDENTIFIER, offset)
            // value <= UInt64.max >> 7, read as unsigned: the top 7 bits must be clear.
            if (value ushr 57 != 0L) throw DerException(DerErrorCode.INVALID_OBJECT_IDENTIFIER, offset)
            value = (value shl 7) or (byte and 0x7F).toLong()
            startOfArc = byte and 0x80 == 0
            if (startOfArc) {
                arcs.add(value)
                value = 0
            }
        }
        // The first subidentifier packs two arcs: 40·X + Y, X ∈ {0, 1, 2}.
        val first = arcs[0]
        val text = StringBuilder()
        when {
            first in 0 until 40 -> text.append("0.").append(first)
            first in 40 until 80 -> text.append("1.").append(first - 40)
            else -> text.append("2.").append(unsignedDecimal(first - 80))
        }
        for (i in 1 until arcs.size) text.append('.').append(unsignedDecimal(arcs[i]))
        return text.toString()
    }

    /**
     * The content of an OBJECT IDENTIFIER, checked by X.690 but not converted: non-empty, each
     * subidentifier minimal (no leading 0x80 byte), the last one terminated. Unlike
     * [objectIdentifier], arcs of any size are accepted (2.25 UUID arcs are 128 bits).
     */
    fun objectIdentifierBytes(expected: DerTag = DerTag.OBJECT_IDENTIFIER): ByteArray {
        expect(expected)
        if (contentLength == 0 || contentByte(contentLength - 1) and 0x80 != 0) {
            throw DerException(DerErrorCode.INVALID_OBJECT_IDENTIFIER, offset)
        }
        var startOfSubidentifier = true
        for (i in 0 until contentLength) {
            val byte = contentByte(i)
            if (startOfSubidentifier && byte == 0x80) throw DerException(DerErrorCode.INVALID_OBJECT_IDENTIFIER, offset)
            startOfSubidentifier = byte and 0x80 == 0
        }
        return content()
    }

    /** NULL: empty content. */
    fun nullValue(expected: DerTag = DerTag.NULL) {
        expect(expected)
        if (contentLength != 0) throw DerException(DerErrorCode.INVALID_NULL, offset)
    }

    private fun checkIntegerContent() {
        if (contentLength == 0) throw DerException(DerErrorCode.INVALID_INTEGER, offset)
        if (contentLength > 1) {
            val first = contentByte(0)
            val second = contentByte(1)
            if ((first == 0x00 && second and 0x80 == 0) || (first == 0xFF && second and 0x80 != 0)) {
                throw DerException(DerErrorCode.INVALID_INTEGER, offset)
            }
        }
    }

    private fun int64Value(): Long {
        checkIntegerContent()
        if (contentLength > 8) throw DerException(DerErrorCode.INTEGER_OVERFLOW, offset)
        // Sign-extend from the first byte, then shift the rest in.
        var value: Long = if (contentByte(0) and 0x80 != 0) -1L else 0L
        for (i in 0 until contentLength) value = (value shl 8) or contentByte(i).toLong()
        return value
    }

    // ---- Times (Swift: DERTime.swift) ----

    /**
     * A UTCTime (`YYMMDDHHMMSSZ`, years 50–99 are 19xx) or GeneralizedTime (`YYYYMMDDHHMMSS[.f]Z`,
     * fraction without trailing zeros, truncated to whole seconds), as Unix seconds. Seconds and
     * the `Z` are required, as DER requires. With `fraction = false` a GeneralizedTime must be
     * exactly `YYYYMMDDHHMMSSZ` (the certificate profile).
     */
    fun time(fraction: Boolean = true): Long {
        val count = contentLength
        val digits: Int
        val year: Int
        when (tag) {
            DerTag.UTC_TIME -> {
                if (count != 13) throw DerException(DerErrorCode.INVALID_TIME, offset)
                val yy = number(0, 2) ?: throw DerException(DerErrorCode.INVALID_TIME, offset)
                year = if (yy < 50) 2000 + yy else 1900 + yy
                digits = 2
            }
            DerTag.GENERALIZED_TIME -> {
                if (count < 15) throw DerException(DerErrorCode.INVALID_TIME, offset)
                year = number(0, 4) ?: throw DerException(DerErrorCode.INVALID_TIME, offset)
                digits = 4
            }
            else -> throw DerException(DerErrorCode.UNEXPECTED_TAG, offset)
        }
        val month = number(digits, 2)
        val day = number(digits + 2, 2)
        val hour = number(digits + 4, 2)
        val minute = number(digits + 6, 2)
        val second = number(digits + 8, 2)
        if (month == null || day == null || hour == null || minute == null || second == null) {
            throw DerException(DerErrorCode.INVALID_TIME, offset)
        }
        var index = digits + 10
        if (tag == DerTag.GENERALIZED_TIME && fraction && index < count && contentByte(index) == 0x2E) {
            index += 1
            val fractionStart = index
            while (index < count && contentByte(index) in 0x30..0x39) index += 1
            // DER: at least one digit, and no trailing zero.
            if (index == fractionStart || contentByte(index - 1) == 0x30) {
                throw DerException(DerErrorCode.INVALID_TIME, offset)
            }
        }
        if (index != count - 1 || contentByte(index) != 0x5A) throw DerException(DerErrorCode.INVALID_TIME, offset)
        if (month !in 1..12 || day < 1 || day > CivilDate.daysIn(month, year) || hour >= 24 || minute >= 60 || second >= 60) {
            throw DerException(DerErrorCode.INVALID_TIME, offset)
        }
        val days = CivilDate.days(year, month, day)
        return days * 86_400L + (hour * 3600 + minute * 60 + second).toLong()
    }

    /** `count` ASCII digits at content index `start`, or null. */
    private fun number(start: Int, count: Int): Int? {
        if (start < 0 || count <= 0 || contentLength - start < count) return null
        var value = 0
        for (i in start until start + count) {
            val c = contentByte(i)
            if (c < 0x30 || c > 0x39) return null
            value = value * 10 + (c - 0x30)
        }
        return value
    }

    // ---- Structure (Swift: DERValidation.swift) ----

    /**
     * Walks every constructed element below this one, so that a structure read only in part is
     * still known to be DER throughout: definite minimal lengths, minimal tags, children that
     * exactly fill their parent, depth bounded. Primitive contents are not interpreted.
     */
    fun validateStructure() {
        if (!tag.constructed) return
        val children = children()
        while (true) {
            val child = children.next() ?: return
            child.validateStructure()
        }
    }

    /**
     * [validateStructure], and every universal element in the form DER requires: SEQUENCE, SET
     * (and EXTERNAL, EMBEDDED PDV, CHARACTER STRING) constructed, every other universal type
     * primitive (so a BIT STRING, OCTET STRING or character string is never constructed).
     */
    fun validateStructureAndForms() {
        if (tag.tagClass == DerTag.UNIVERSAL && tag.constructed != universalIsConstructed(tag.number)) {
            throw DerException(DerErrorCode.WRONG_FORM, offset)
        }
        if (!tag.constructed) return
        val children = children()
        while (true) {
            val child = children.next() ?: return
            child.validateStructureAndForms()
        }
    }

    private fun universalIsConstructed(number: Long): Boolean =
        number == 16L || number == 17L || number == 8L || number == 11L || number == 29L

    companion object {
        /** A Long read as unsigned 64 bits, in decimal (no JDK 8 unsigned helpers: Android API 24). */
        internal fun unsignedDecimal(value: Long): String {
            if (value >= 0) return value.toString()
            val quotient = (value ushr 1) / 5
            val remainder = value - quotient * 10
            return quotient.toString() + remainder.toString()
        }
    }
}

/** Reads consecutive elements from a byte range: the top level, or the children of one element. */
internal class DerReader(
    private val source: ByteArray,
    private var position: Int,
    private val end: Int,
    private val depth: Int,
    private val maxDepth: Int
) {
    /** True when every element has been read. */
    val isAtEnd: Boolean get() = position >= end

    /** Index of the next unread byte in the original buffer. */
    val offset: Int get() = position

    /** The tag of the next element without consuming it; null at the end. */
    fun peekTag(): DerTag? {
        if (isAtEnd) return null
        return readHeader(position).tag
    }

    /** The next element, or null at the end. */
    fun next(): DerNode? {
        if (isAtEnd) return null
        val node = readHeader(position)
        position = node.end
        return node
    }

    /** The next element, which must exist. */
    fun read(): DerNode = next() ?: throw DerException(DerErrorCode.MISSING_ELEMENT, position)

    /** The next element, which must exist and carry `tag`. */
    fun read(tag: DerTag): DerNode {
        val next = peekTag() ?: throw DerException(DerErrorCode.MISSING_ELEMENT, position)
        if (next != tag) throw DerException(DerErrorCode.UNEXPECTED_TAG, position)
        return read()
    }

    /** The next element if it carries `tag` (an OPTIONAL or DEFAULT field); otherwise nothing is consumed. */
    fun readIfPresent(tag: DerTag): DerNode? = if (peekTag() == tag) read() else null

    /** Every remaining element, at most `limit` of them (TOO_MANY_ELEMENTS beyond it). */
    fun readAll(limit: Int = 4096): List<DerNode> {
        val nodes = ArrayList<DerNode>()
        while (true) {
            val node = next() ?: return nodes
            if (nodes.size >= limit) throw DerException(DerErrorCode.TOO_MANY_ELEMENTS, node.offset)
            nodes.add(node)
        }
    }

    /** Throws UNCONSUMED unless every element was read: a structure must hold nothing extra. */
    fun finish() {
        if (!isAtEnd) throw DerException(DerErrorCode.UNCONSUMED, position)
    }

    /** Decodes the identifier and length at `start` and bounds the content. */
    private fun readHeader(start: Int): DerNode {
        if (depth > maxDepth) throw DerException(DerErrorCode.TOO_DEEP, start)
        var index = start
        if (index >= end) throw DerException(DerErrorCode.TRUNCATED, index)
        val first = source[index].toInt() and 0xFF
        index += 1
        val tagClass = first ushr 6
        val constructed = first and 0x20 != 0
        var number = (first and 0x1F).toLong()
        if (number == 0x1FL) {
            // High-tag-number form: base-128, no leading 0x80 group, and only for numbers ≥ 31.
            number = 0
            var groups = 0
            while (true) {
                if (index >= end) throw DerException(DerErrorCode.TRUNCATED, index)
                val byte = source[index].toInt() and 0xFF
                if (groups == 0 && byte == 0x80) throw DerException(DerErrorCode.NON_MINIMAL_TAG, start)
                if (number > (0xFFFFFFFFL ushr 7)) throw DerException(DerErrorCode.NON_MINIMAL_TAG, start)
                number = (number shl 7) or (byte and 0x7F).toLong()
                index += 1
                groups += 1
                if (byte and 0x80 == 0) break
            }
            if (number < 0x1F) throw DerException(DerErrorCode.NON_MINIMAL_TAG, start)
        }
        // Universal tag 0 is BER's end-of-contents marker, meaningless in DER.
        if (tagClass == DerTag.UNIVERSAL && number == 0L) throw DerException(DerErrorCode.UNEXPECTED_TAG, start)

        if (index >= end) throw DerException(DerErrorCode.TRUNCATED, index)
        val lengthByte = source[index].toInt() and 0xFF
        index += 1
        var length: Long
        if (lengthByte < 0x80) {
            length = lengthByte.toLong()
        } else if (lengthByte == 0x80) {
            throw DerException(DerErrorCode.INDEFINITE_LENGTH, index - 1)
        } else {
            val count = lengthByte and 0x7F
            if (count > 4) throw DerException(DerErrorCode.LENGTH_TOO_LARGE, index - 1)
            if (end - index < count) throw DerException(DerErrorCode.TRUNCATED, index)
            if (source[index] == 0.toByte()) throw DerException(DerErrorCode.NON_MINIMAL_LENGTH, index - 1)
            length = 0
            for (i in 0 until count) {
                length = (length shl 8) or (source[index].toLong() and 0xFF)
                index += 1
            }
            if (length < 0x80) throw DerException(DerErrorCode.NON_MINIMAL_LENGTH, start)
        }
        if ((end - index).toLong() < length) throw DerException(DerErrorCode.TRUNCATED, index)
        val tag = DerTag(tagClass, constructed, number)
        return DerNode(source, tag, start, index, index + length.toInt(), depth, maxDepth)
    }
}
