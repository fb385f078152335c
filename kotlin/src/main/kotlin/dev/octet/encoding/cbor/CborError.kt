package dev.octet.encoding.cbor

/** The rule a CBOR input broke (Swift: `CBORError.Code`), with the Swift library's words. */
internal enum class CborErrorCode(val text: String) {
    /** The input ends inside an item. */
    TRUNCATED("truncated"),
    /** Bytes follow the single top-level item. */
    TRAILING_BYTES("trailing bytes"),
    /** An indefinite-length string, array or map (additional information 31). */
    INDEFINITE_LENGTH("indefinite length"),
    /** A stop code (0xff) outside an indefinite-length item. */
    UNEXPECTED_BREAK("unexpected break"),
    /** Additional information 28, 29 or 30, which RFC 8949 reserves. */
    RESERVED_ADDITIONAL_INFORMATION("reserved additional information"),
    /** An argument encoded in more bytes than its value needs (RFC 8949 §4.2.1). */
    NON_MINIMAL_ARGUMENT("non-minimal argument"),
    /** Two map keys with the same encoding. */
    DUPLICATE_MAP_KEY("duplicate map key"),
    /** Map keys not in bytewise lexicographic order of their encodings (RFC 8949 §4.2.1). */
    MAP_KEYS_OUT_OF_ORDER("map keys out of order"),
    /** A text string that is not valid UTF-8. */
    INVALID_UTF8("invalid UTF-8"),
    /** A tag (major type 6): no structure read here uses one. */
    UNSUPPORTED_TAG("unsupported tag"),
    /** A floating-point value: no structure read here uses one. */
    UNSUPPORTED_FLOAT("unsupported float"),
    /** A two-byte simple value below 32, which RFC 8949 declares not well-formed. */
    INVALID_SIMPLE_VALUE("invalid simple value"),
    /** Arrays and maps nested deeper than the limit. */
    DEPTH_LIMIT_EXCEEDED("depth limit exceeded"),
    /** More items in total than the limit. */
    ITEM_LIMIT_EXCEEDED("item limit exceeded"),
    /** The input is longer than the limit. */
    SIZE_LIMIT_EXCEEDED("size limit exceeded");

    override fun toString(): String = text
}

/**
 * Why bytes are not the strict CBOR accepted here: the rule, the offset of the offending item's
 * first byte from the start of the input, and a short log-safe reason. Equal by code.
 */
internal class CborException(val code: CborErrorCode, val offset: Int, val reason: String = "") :
    Exception(if (reason.length == 0) "CBOR: ${code.text} at offset $offset" else "CBOR: ${code.text} at offset $offset: $reason") {
    override fun equals(other: Any?): Boolean = other is CborException && other.code == code

    override fun hashCode(): Int = code.hashCode()

    override fun fillInStackTrace(): Throwable = this
}
