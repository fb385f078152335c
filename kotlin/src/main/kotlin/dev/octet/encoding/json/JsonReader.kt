package dev.octet.encoding.json

/** What [JsonReader.parse] came to: one value, or why the input was refused. */
internal sealed class JsonResult {
    class Success(val value: JsonValue) : JsonResult()
    class Failure(val error: JsonError) : JsonResult()
}

/**
 * A strict RFC 8259 JSON reader for untrusted input (Swift: `JSONReader`, the same rules and codes).
 *
 * Accepts exactly one JSON text: UTF-8 without a byte order mark, whitespace limited to space,
 * tab, LF and CR, the three lower-case literals, RFC 8259 number grammar (kept as text), strings of
 * valid UTF-8 (no overlong forms, no encoded surrogates) with only the escapes RFC 8259 defines,
 * where a `\u` surrogate escape must be a correctly ordered pair. Member names must be unique.
 * Everything is bounded by [JsonLimits]; every refusal is a [JsonError] with the byte offset, and
 * the reader never throws on any input.
 */
internal class JsonReader private constructor(private val bytes: ByteArray, private val limits: JsonLimits) {
    private val maxDepth = Math.min(Math.max(limits.maxDepth, 0), HARD_DEPTH_CEILING)
    private var position = 0
    private var valueCount = 0

    companion object {
        /** Recursion is bounded by the depth limit; this caps the limit itself so no configuration exhausts the stack. */
        const val HARD_DEPTH_CEILING = 512

        /** Reads [bytes] as one JSON text. */
        fun parse(bytes: ByteArray, limits: JsonLimits = JsonLimits()): JsonResult {
            if (bytes.size > limits.maxBytes) return JsonResult.Failure(JsonError(JsonError.Code.TOO_LARGE, 0))
            if (bytes.size >= 3 && bytes[0] == 0xEF.toByte() && bytes[1] == 0xBB.toByte() && bytes[2] == 0xBF.toByte()) {
                return JsonResult.Failure(JsonError(JsonError.Code.BYTE_ORDER_MARK, 0))
            }
            val reader = JsonReader(bytes, limits)
            return try {
                reader.skipWhitespace()
                val value = reader.readValue(0)
                reader.skipWhitespace()
                if (reader.position != bytes.size) throw Refusal(JsonError.Code.TRAILING_DATA, reader.position)
                JsonResult.Success(value)
            } catch (refusal: Refusal) {
                JsonResult.Failure(JsonError(refusal.code, refusal.offset))
            }
        }
    }

    /** Internal control flow only (Swift's typed throws); no stack trace is filled in. */
    private class Refusal(val code: JsonError.Code, val offset: Int) : Exception(null, null, false, false)

    // Bytes

    /** The byte at the cursor as 0..255, or -1 at the end. Bytes are compared as hex (ASCII), Kotlin 1.3 has no Char.code. */
    private fun peek(): Int = if (position < bytes.size) bytes[position].toInt() and 0xFF else -1

    private fun skipWhitespace() {
        while (true) {
            val byte = peek()
            if (byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D) position++ else return
        }
    }

    private fun expect(byte: Int) {
        val next = peek()
        if (next < 0) throw Refusal(JsonError.Code.UNEXPECTED_END, position)
        if (next != byte) throw Refusal(JsonError.Code.UNEXPECTED_BYTE, position)
        position++
    }

    private fun countValue() {
        valueCount++
        if (valueCount > limits.maxValues) throw Refusal(JsonError.Code.TOO_MANY_VALUES, position)
    }

    // Values

    private fun readValue(depth: Int): JsonValue {
        val byte = peek()
        if (byte < 0) throw Refusal(JsonError.Code.UNEXPECTED_END, position)
        countValue()
        return when (byte) {
            0x7B /* { */ -> JsonValue.Object(readObject(depth + 1))
            0x5B /* [ */ -> JsonValue.Array(readArray(depth + 1))
            0x22 /* " */ -> JsonValue.Text(readString())
            0x74 /* t */ -> { readLiteral("true"); JsonValue.Bool(true) }
            0x66 /* f */ -> { readLiteral("false"); JsonValue.Bool(false) }
            0x6E /* n */ -> { readLiteral("null"); JsonValue.Null }
            else -> if (byte == 0x2D /* - */ || isDigit(byte)) JsonValue.Number(readNumber())
            else throw Refusal(JsonError.Code.UNEXPECTED_BYTE, position)
        }
    }

    private fun readLiteral(literal: String) {
        val start = position
        for (c in literal) {
            val next = peek()
            if (next < 0) throw Refusal(JsonError.Code.UNEXPECTED_END, position)
            if (next != c - '\u0000') throw Refusal(JsonError.Code.INVALID_LITERAL, start)
            position++
        }
    }

    private fun readArray(depth: Int): List<JsonValue> {
        if (depth > maxDepth) throw Refusal(JsonError.Code.TOO_DEEP, position)
        expect(0x5B)
        val elements = ArrayList<JsonValue>()
        skipWhitespace()
        if (peek() == 0x5D) {
            position++
            return elements
        }
        while (true) {
            skipWhitespace()
            elements.add(readValue(depth))
            skipWhitespace()
            val next = peek()
            if (next < 0) throw Refusal(JsonError.Code.UNEXPECTED_END, position)
            position++
            if (next == 0x5D) return elements
            if (next != 0x2C) throw Refusal(JsonError.Code.UNEXPECTED_BYTE, position - 1)
        }
    }

    private fun readObject(depth: Int): JsonObject {
        if (depth > maxDepth) throw Refusal(JsonError.Code.TOO_DEEP, position)
        expect(0x7B)
        val members = ArrayList<JsonObject.Member>()
        // Decoded names: equal strings are equal scalar sequences (no lone surrogate gets this far),
        // so "\u00e9" and "e\u0301" stay two names.
        val seen = HashSet<String>()
        skipWhitespace()
        if (peek() == 0x7D) {
            position++
            return JsonObject(members)
        }
        while (true) {
            skipWhitespace()
            val nameOffset = position
            val quote = peek()
            if (quote < 0) throw Refusal(JsonError.Code.UNEXPECTED_END, position)
            if (quote != 0x22) throw Refusal(JsonError.Code.UNEXPECTED_BYTE, position)
            val name = readString()
            if (!seen.add(name)) throw Refusal(JsonError.Code.DUPLICATE_MEMBER, nameOffset)
            skipWhitespace()
            expect(0x3A)
            skipWhitespace()
            val value = readValue(depth)
            members.add(JsonObject.Member(name, value, nameOffset))
            skipWhitespace()
            val next = peek()
            if (next < 0) throw Refusal(JsonError.Code.UNEXPECTED_END, position)
            position++
            if (next == 0x7D) return JsonObject(members)
            if (next != 0x2C) throw Refusal(JsonError.Code.UNEXPECTED_BYTE, position - 1)
        }
    }

    // Numbers

    /** RFC 8259: `-? (0 | [1-9][0-9]*) (\.[0-9]+)? ([eE][+-]?[0-9]+)?`, kept as text. */
    private fun readNumber(): JsonNumber {
        val start = position
        var isInteger = true
        val isNegative = peek() == 0x2D
        if (isNegative) position++
        val first = peek()
        if (first < 0) throw Refusal(JsonError.Code.UNEXPECTED_END, position)
        if (first == 0x30) {
            position++
            // A leading zero may only be followed by a fraction, an exponent, or the end of the number.
            if (isDigit(peek())) throw Refusal(JsonError.Code.INVALID_NUMBER, position)
        } else if (isDigit(first)) {
            skipDigits()
        } else {
            throw Refusal(JsonError.Code.INVALID_NUMBER, position)
        }
        if (peek() == 0x2E) {
            isInteger = false
            position++
            if (!isDigit(peek())) throw Refusal(JsonError.Code.INVALID_NUMBER, position)
            skipDigits()
        }
        val e = peek()
        if (e == 0x65 || e == 0x45) {
            isInteger = false
            position++
            val sign = peek()
            if (sign == 0x2B || sign == 0x2D) position++
            if (!isDigit(peek())) throw Refusal(JsonError.Code.INVALID_NUMBER, position)
            skipDigits()
        }
        if (position - start > limits.maxNumberBytes) throw Refusal(JsonError.Code.NUMBER_TOO_LONG, start)
        val text = String(bytes, start, position - start, Charsets.US_ASCII)
        return JsonNumber(text, isInteger, isNegative)
    }

    private fun isDigit(byte: Int): Boolean = byte >= 0x30 && byte <= 0x39

    private fun skipDigits() {
        while (isDigit(peek())) position++
    }

    // Strings

    /** Reads a string starting at its opening quote and returns its decoded value. */
    private fun readString(): String {
        val start = position
        expect(0x22)
        // The decoded UTF-8; the input's bytes are copied in runs between escapes.
        val decoded = java.io.ByteArrayOutputStream()
        var runStart = position
        while (true) {
            // The cursor may stand at most maxStringBytes past the opening quote.
            if (position.toLong() - start > limits.maxStringBytes) throw Refusal(JsonError.Code.STRING_TOO_LONG, start)
            val byte = peek()
            if (byte < 0) throw Refusal(JsonError.Code.UNEXPECTED_END, position)
            when {
                byte == 0x22 -> {
                    decoded.write(bytes, runStart, position - runStart)
                    position++
                    // Valid UTF-8 (checked below), so the decoding loses nothing.
                    return String(decoded.toByteArray(), Charsets.UTF_8)
                }
                byte == 0x5C -> {
                    decoded.write(bytes, runStart, position - runStart)
                    readEscape(decoded)
                    runStart = position
                }
                byte < 0x20 -> throw Refusal(JsonError.Code.CONTROL_CHARACTER_IN_STRING, position)
                byte < 0x80 -> position++
                else -> skipUtf8Sequence()
            }
        }
    }

    /** Validates one multi-byte UTF-8 sequence at the cursor (RFC 3629; Unicode table 3-7) and skips it. */
    private fun skipUtf8Sequence() {
        val start = position
        val lead = peek()
        var secondLow = 0x80
        var secondHigh = 0xBF
        val length: Int
        when (lead) {
            in 0xC2..0xDF -> length = 2
            0xE0 -> { length = 3; secondLow = 0xA0 }
            in 0xE1..0xEC, in 0xEE..0xEF -> length = 3
            0xED -> { length = 3; secondHigh = 0x9F } // excludes encoded surrogates
            0xF0 -> { length = 4; secondLow = 0x90 }
            in 0xF1..0xF3 -> length = 4
            0xF4 -> { length = 4; secondHigh = 0x8F } // nothing above U+10FFFF
            else -> throw Refusal(JsonError.Code.INVALID_UTF8, start)
        }
        if (bytes.size - start < length) throw Refusal(JsonError.Code.INVALID_UTF8, start)
        val second = bytes[start + 1].toInt() and 0xFF
        if (second < secondLow || second > secondHigh) throw Refusal(JsonError.Code.INVALID_UTF8, start)
        for (index in start + 2 until start + length) {
            val continuation = bytes[index].toInt() and 0xFF
            if (continuation < 0x80 || continuation > 0xBF) throw Refusal(JsonError.Code.INVALID_UTF8, start)
        }
        position = start + length
    }

    /** Reads one escape at the cursor (the backslash) and appends its UTF-8 encoding. */
    private fun readEscape(decoded: java.io.ByteArrayOutputStream) {
        val start = position
        position++ // the backslash, already seen by the caller
        val kind = peek()
        if (kind < 0) throw Refusal(JsonError.Code.UNEXPECTED_END, position)
        position++
        when (kind) {
            0x22 -> decoded.write(0x22)
            0x5C -> decoded.write(0x5C)
            0x2F -> decoded.write(0x2F)
            0x62 /* b */ -> decoded.write(0x08)
            0x66 /* f */ -> decoded.write(0x0C)
            0x6E /* n */ -> decoded.write(0x0A)
            0x72 /* r */ -> decoded.write(0x0D)
            0x74 /* t */ -> decoded.write(0x09)
            0x75 /* u */ -> {
                val first = readHex4(start)
                var scalar = first
                if (first in 0xD800..0xDBFF) {
                    // A high surrogate must be followed at once by an escaped low surrogate.
                    if (peek() != 0x5C || position + 1 >= bytes.size || bytes[position + 1] != 0x75.toByte()) {
                        throw Refusal(JsonError.Code.LONE_SURROGATE, start)
                    }
                    position += 2
                    val second = readHex4(start)
                    if (second !in 0xDC00..0xDFFF) throw Refusal(JsonError.Code.LONE_SURROGATE, start)
                    scalar = 0x10000 + ((first - 0xD800) shl 10) + (second - 0xDC00)
                } else if (first in 0xDC00..0xDFFF) {
                    throw Refusal(JsonError.Code.LONE_SURROGATE, start)
                }
                writeUtf8(scalar, decoded)
            }
            else -> throw Refusal(JsonError.Code.INVALID_ESCAPE, start)
        }
    }

    private fun writeUtf8(scalar: Int, out: java.io.ByteArrayOutputStream) {
        when {
            scalar < 0x80 -> out.write(scalar)
            scalar < 0x800 -> {
                out.write(0xC0 or (scalar shr 6))
                out.write(0x80 or (scalar and 0x3F))
            }
            scalar < 0x10000 -> {
                out.write(0xE0 or (scalar shr 12))
                out.write(0x80 or ((scalar shr 6) and 0x3F))
                out.write(0x80 or (scalar and 0x3F))
            }
            else -> {
                out.write(0xF0 or (scalar shr 18))
                out.write(0x80 or ((scalar shr 12) and 0x3F))
                out.write(0x80 or ((scalar shr 6) and 0x3F))
                out.write(0x80 or (scalar and 0x3F))
            }
        }
    }

    /** Four hex digits (either case, as RFC 8259 allows); errors point at the escape's backslash. */
    private fun readHex4(escapeStart: Int): Int {
        if (bytes.size - position < 4) throw Refusal(JsonError.Code.INVALID_ESCAPE, escapeStart)
        var value = 0
        repeat(4) {
            val byte = bytes[position].toInt() and 0xFF
            val digit = when (byte) {
                in 0x30..0x39 -> byte - 0x30
                in 0x61..0x66 -> byte - 0x61 + 10
                in 0x41..0x46 -> byte - 0x41 + 10
                else -> throw Refusal(JsonError.Code.INVALID_ESCAPE, escapeStart)
            }
            value = (value shl 4) or digit
            position++
        }
        return value
    }
}
