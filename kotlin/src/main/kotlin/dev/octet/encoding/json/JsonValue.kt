package dev.octet.encoding.json

/**
 * A JSON value as read by [JsonReader], losing nothing a strict consumer needs: numbers keep their
 * literal text (`1`, `1.0` and `1e0` stay distinct) and objects keep their members in document
 * order. Duplicate member names never reach this type: the reader refuses them.
 */
internal sealed class JsonValue {
    object Null : JsonValue()
    data class Bool(val value: Boolean) : JsonValue()
    data class Number(val number: JsonNumber) : JsonValue()
    data class Text(val value: String) : JsonValue()
    data class Array(val elements: List<JsonValue>) : JsonValue()
    data class Object(val members: JsonObject) : JsonValue()
}

/**
 * A number literal exactly as written, already validated against RFC 8259's grammar. Equal by text.
 * (A plain class: a data class's `copy` would expose the internal constructor.)
 */
internal class JsonNumber internal constructor(
    /** The literal's ASCII text, e.g. `-12.5e3`. */
    val text: String,
    /** True when the literal has neither a fraction nor an exponent (`12`, `-0`). */
    val isIntegerLiteral: Boolean,
    /** True when the literal starts with `-`. */
    val isNegative: Boolean
) {
    /**
     * The value of a non-negative integer literal that is at most [atMost] (itself non-negative);
     * null otherwise (negative, fraction, exponent, or too large). Never overflows.
     */
    fun nonNegativeInteger(atMost: Long): Long? {
        if (!isIntegerLiteral || isNegative || atMost < 0) return null
        var value = 0L
        for (c in text) {
            if (c < '0' || c > '9') return null
            val digit = (c - '0').toLong()
            // value * 10 + digit <= atMost, asked without overflowing.
            if (value > (atMost - digit) / 10) return null
            value = value * 10 + digit
        }
        return value
    }

    override fun equals(other: Any?): Boolean = other is JsonNumber && other.text == text

    override fun hashCode(): Int = text.hashCode()

    override fun toString(): String = text
}

/**
 * An object's members in document order. Names are unique (as Unicode scalar sequences, without
 * normalisation; equal Kotlin strings, since the reader admits no lone surrogate).
 */
internal class JsonObject internal constructor(val members: List<Member>) {
    class Member(val name: String, val value: JsonValue, /** Byte offset of the name, for consumers' errors. */ val offset: Int)

    /** The value of the member named [name], or null. */
    operator fun get(name: String): JsonValue? = members.firstOrNull { it.name == name }?.value

    /** The member names, in document order. */
    val names: List<String> get() = members.map { it.name }

    override fun equals(other: Any?): Boolean =
        other is JsonObject && other.members.size == members.size &&
            members.indices.all { members[it].name == other.members[it].name && members[it].value == other.members[it].value }

    override fun hashCode(): Int = members.fold(17) { hash, member -> hash * 31 + member.name.hashCode() }
}
