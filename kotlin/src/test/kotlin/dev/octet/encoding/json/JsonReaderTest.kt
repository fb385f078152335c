package dev.octet.encoding.json

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource

/** The strict reader's rules and bounds, beyond what the manifest's table already pins. */
internal class JsonReaderTest {
    class Refusal(val id: String, val bytes: ByteArray, val code: JsonError.Code, val offset: Int, val limits: JsonLimits = JsonLimits()) {
        constructor(id: String, text: String, code: JsonError.Code, offset: Int, limits: JsonLimits = JsonLimits()) :
            this(id, text.toByteArray(Charsets.UTF_8), code, offset, limits)

        override fun toString(): String = id
    }

    companion object {
        @JvmStatic
        fun refusals(): List<Refusal> = listOf(
            Refusal("input over the size limit", "[1]", JsonError.Code.TOO_LARGE, 0, JsonLimits(maxBytes = 2)),
            Refusal("depth over the limit", "[[[]]]", JsonError.Code.TOO_DEEP, 2, JsonLimits(maxDepth = 2)),
            Refusal("more values than the limit", "[1,2,3]", JsonError.Code.TOO_MANY_VALUES, 5, JsonLimits(maxValues = 3)),
            Refusal("a string over the limit", "\"abcd\"", JsonError.Code.STRING_TOO_LONG, 0, JsonLimits(maxStringBytes = 3)),
            Refusal("a number over the limit", "12345", JsonError.Code.NUMBER_TOO_LONG, 0, JsonLimits(maxNumberBytes = 4)),
            Refusal("a capitalised literal", "True", JsonError.Code.UNEXPECTED_BYTE, 0),
            Refusal("a misspelt literal", "nul1", JsonError.Code.INVALID_LITERAL, 0),
            Refusal("a truncated literal", "fals", JsonError.Code.UNEXPECTED_END, 4),
            Refusal("a fraction without digits", "1.", JsonError.Code.INVALID_NUMBER, 2),
            Refusal("an exponent without digits", "1e+", JsonError.Code.INVALID_NUMBER, 3),
            Refusal("a bare minus", "-", JsonError.Code.UNEXPECTED_END, 1),
            Refusal("an unknown escape", "\"\\x\"", JsonError.Code.INVALID_ESCAPE, 1),
            Refusal("a short unicode escape", "\"\\u12\"", JsonError.Code.INVALID_ESCAPE, 1),
            Refusal("a non-breaking space is not whitespace", "\u00a0[]", JsonError.Code.UNEXPECTED_BYTE, 0),
            Refusal("a value after a value", "[] []", JsonError.Code.TRAILING_DATA, 3),
            Refusal("a missing colon", "{\"a\" 1}", JsonError.Code.UNEXPECTED_BYTE, 5),
            Refusal("a name that is not a string", "{a:1}", JsonError.Code.UNEXPECTED_BYTE, 1),
            Refusal("a duplicate name spelt with an escape", "{\"a\":1,\"\\u0061\":2}", JsonError.Code.DUPLICATE_MEMBER, 7),
            Refusal("a truncated 4-byte sequence", byteArrayOf(0x22, 0xF0.toByte(), 0x9F.toByte(), 0x98.toByte()), JsonError.Code.INVALID_UTF8, 1),
            Refusal("a sequence above U+10FFFF", byteArrayOf(0x22, 0xF4.toByte(), 0x90.toByte(), 0x80.toByte(), 0x80.toByte(), 0x22), JsonError.Code.INVALID_UTF8, 1),
            Refusal("a lone continuation byte", byteArrayOf(0x22, 0x80.toByte(), 0x22), JsonError.Code.INVALID_UTF8, 1),
            Refusal("nothing at all", "", JsonError.Code.UNEXPECTED_END, 0)
        )
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusals")
    fun `each refusal has its code and offset`(row: Refusal) {
        val result = JsonReader.parse(row.bytes, row.limits)
        assertEquals(JsonError(row.code, row.offset), (result as? JsonResult.Failure)?.error, "accepted or other error")
    }

    @Test
    fun `numbers keep their literal text, and only plain integers have a value`() {
        val value = (JsonReader.parse("[-0, 1.50, 2E+3, 9007199254740992]".toByteArray()) as JsonResult.Success).value as JsonValue.Array
        val numbers = value.elements.map { (it as JsonValue.Number).number }
        assertEquals(listOf("-0", "1.50", "2E+3", "9007199254740992"), numbers.map { it.text })
        assertEquals(listOf(null, null, null, 9007199254740992L), numbers.map { it.nonNegativeInteger(Long.MAX_VALUE) })
        assertNull(numbers[3].nonNegativeInteger(9007199254740991L))
        val huge = ((JsonReader.parse("99999999999999999999".toByteArray()) as JsonResult.Success).value as JsonValue.Number).number
        assertNull(huge.nonNegativeInteger(Long.MAX_VALUE))
    }

    @Test
    fun `strings decode every escape and keep raw UTF-8, and names keep document order`() {
        val text = "{\"z\":\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00é\",\"a\":[true,false,null]}"
        val obj = ((JsonReader.parse(text.toByteArray(Charsets.UTF_8)) as JsonResult.Success).value as JsonValue.Object).members
        assertEquals(listOf("z", "a"), obj.names)
        assertEquals(JsonValue.Text("\"\\/\b\u000c\n\r\t\u00e9\uD83D\uDE00é"), obj["z"])
        assertEquals(JsonValue.Array(listOf(JsonValue.Bool(true), JsonValue.Bool(false), JsonValue.Null)), obj["a"])
    }

    @Test
    fun `the depth limit itself is capped, so deep input never exhausts the stack`() {
        val deep = "[".repeat(100_000) + "]".repeat(100_000)
        val result = JsonReader.parse(deep.toByteArray(), JsonLimits(maxDepth = Int.MAX_VALUE))
        assertEquals(JsonError(JsonError.Code.TOO_DEEP, JsonReader.HARD_DEPTH_CEILING), (result as JsonResult.Failure).error)
    }

    @Test
    fun `names that differ only by normalisation are two names`() {
        val result = JsonReader.parse("{\"\u00e9\":1,\"e\u0301\":2}".toByteArray(Charsets.UTF_8))
        assertEquals(2, (((result as JsonResult.Success).value) as JsonValue.Object).members.members.size)
    }
}
