package dev.octet.encoding.json

/**
 * Why [JsonReader] refused its input: a stable code, the byte offset where reading stopped, and
 * nothing from the input itself, so the description is safe to log (Swift: `JSONError`).
 * Equal by code and offset.
 */
internal class JsonError(val code: Code, val offset: Int) {
    /** A stable reason code; compare codes, not descriptions. [text] is the Swift code's wording. */
    enum class Code(val text: String) {
        TOO_LARGE("input larger than the limit"),
        BYTE_ORDER_MARK("byte order mark"),
        UNEXPECTED_END("unexpected end of input"),
        UNEXPECTED_BYTE("unexpected byte"),
        TRAILING_DATA("trailing data after the value"),
        TOO_DEEP("nesting deeper than the limit"),
        TOO_MANY_VALUES("more values than the limit"),
        STRING_TOO_LONG("string longer than the limit"),
        INVALID_LITERAL("invalid literal"),
        INVALID_NUMBER("invalid number"),
        NUMBER_TOO_LONG("number literal longer than the limit"),
        INVALID_UTF8("invalid UTF-8"),
        CONTROL_CHARACTER_IN_STRING("unescaped control character in string"),
        INVALID_ESCAPE("invalid escape"),
        LONE_SURROGATE("lone surrogate escape"),
        DUPLICATE_MEMBER("duplicate member name")
    }

    override fun equals(other: Any?): Boolean = other is JsonError && other.code == code && other.offset == offset

    override fun hashCode(): Int = code.hashCode() * 31 + offset

    override fun toString(): String = "${code.text} at byte $offset"
}

/**
 * Bounds on what [JsonReader] accepts; each is checked before the work it limits.
 * Depth: a scalar at top level has depth 0, `[]` has depth 1. Values: every scalar, array and
 * object counts one. String length is counted in bytes of the raw (escaped) form.
 */
internal class JsonLimits(
    val maxBytes: Int = 1 shl 20,
    val maxDepth: Int = 64,
    val maxValues: Int = 1 shl 18,
    val maxStringBytes: Int = 1 shl 20,
    val maxNumberBytes: Int = 64
)
