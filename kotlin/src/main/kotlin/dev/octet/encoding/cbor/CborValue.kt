package dev.octet.encoding.cbor

import dev.octet.encoding.Hex
import java.math.BigInteger

/**
 * One decoded CBOR data item from the definite-length subset read here (Swift: `CBORValue`).
 * Byte and text strings are copies of the input's bytes; text is valid UTF-8 by construction.
 * [toString] is RFC 8949 diagnostic notation (for tests and diagnostics, never for logs).
 */
internal sealed class CborValue {
    /** Major type 0; [bits] is the value read as unsigned 64 bits. */
    class Unsigned(val bits: Long) : CborValue()

    /** Major type 1: the value is `-1 - n` with `n` = [bits] read as unsigned 64 bits. */
    class Negative(val bits: Long) : CborValue()

    /** Major type 2. */
    class Bytes(internal val value: ByteArray) : CborValue()

    /** Major type 3, validated UTF-8. */
    class Text(internal val utf8: ByteArray) : CborValue() {
        val string: String get() = String(utf8, Charsets.UTF_8)
    }

    /** Major type 4. */
    class ArrayValue(val items: List<CborValue>) : CborValue()

    /** Major type 5, in encoded order (which the decoder requires to be canonical). */
    class MapValue(val entries: List<Entry>) : CborValue()

    /** `false` / `true` (simple values 20 and 21). */
    class Bool(val value: Boolean) : CborValue()

    /** Simple value 22. */
    object Null : CborValue()

    /** Simple value 23. */
    object Undefined : CborValue()

    /** Any other simple value (0..19, 32..255). */
    class Simple(val value: Int) : CborValue()

    /** One key/value pair of a map. */
    class Entry(val key: CborValue, val value: CborValue)

    /** The map's entries, or null for any other type. */
    val mapEntries: List<Entry>? get() = (this as? MapValue)?.entries

    /** The byte string's bytes (a copy), or null for any other type. */
    val byteString: ByteArray? get() = (this as? Bytes)?.value?.copyOf()

    /** The integer value when it fits in a Long, or null. */
    val int64: Long?
        get() = when (this) {
            is Unsigned -> if (bits >= 0) bits else null
            is Negative -> if (bits >= 0) -1 - bits else null
            else -> null
        }

    /** True when this value is the text string `string`. */
    fun isText(string: String): Boolean =
        this is Text && utf8.contentEquals(string.toByteArray(Charsets.UTF_8))

    /** The value stored under the text key `key` of a map, or null (also for a non-map). */
    operator fun get(textKey: String): CborValue? = mapEntries?.firstOrNull { it.key.isText(textKey) }?.value

    /** The value stored under the integer key `key` of a map, or null (also for a non-map). */
    fun valueForIntKey(key: Long): CborValue? = mapEntries?.firstOrNull { it.key.int64 == key }?.value

    override fun toString(): String = when (this) {
        is Unsigned -> unsigned(bits).toString()
        is Negative -> BigInteger.ONE.negate().subtract(unsigned(bits)).toString()
        is Bytes -> "h'" + hex(value) + "'"
        is Text -> "\"" + string + "\""
        is ArrayValue -> items.joinToString(", ", "[", "]")
        is MapValue -> entries.joinToString(", ", "{", "}") { "${it.key}: ${it.value}" }
        is Bool -> value.toString()
        is Null -> "null"
        is Undefined -> "undefined"
        is Simple -> "simple($value)"
    }

    private companion object {
        fun unsigned(bits: Long): BigInteger =
            if (bits >= 0) BigInteger.valueOf(bits) else BigInteger.valueOf(bits).add(BigInteger.ONE.shiftLeft(64))

        fun hex(bytes: ByteArray): String = Hex.encode(bytes)
    }
}
