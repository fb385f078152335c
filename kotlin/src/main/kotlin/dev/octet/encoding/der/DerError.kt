package dev.octet.encoding.der

/**
 * The rule a DER input broke (Swift: `DERError.Code`): a stable, log-safe text per rule, the
 * same words as the Swift library's codes.
 */
internal enum class DerErrorCode(val text: String) {
    /** The input ends inside a header or before the declared length. */
    TRUNCATED("truncated"),
    /** Length byte 0x80: BER's indefinite form, never DER. */
    INDEFINITE_LENGTH("indefinite length"),
    /** A long-form length that a shorter form could carry. */
    NON_MINIMAL_LENGTH("non-minimal length"),
    /** More than 4 length bytes (or the reserved 0xFF). */
    LENGTH_TOO_LARGE("length too large"),
    /** A high-tag-number form that a shorter form could carry, or a tag number beyond 2^32. */
    NON_MINIMAL_TAG("non-minimal tag"),
    /** Bytes after the one top-level element. */
    TRAILING_DATA("trailing data"),
    /** A constructed element whose children were not all read. */
    UNCONSUMED("unconsumed elements"),
    /** An element was expected and the enclosing content had ended. */
    MISSING_ELEMENT("missing element"),
    /** An element with another tag than the one expected. */
    UNEXPECTED_TAG("unexpected tag"),
    /** Nesting deeper than the reader's limit. */
    TOO_DEEP("nesting too deep"),
    /** A primitive where a constructed element was expected, or the reverse. */
    WRONG_FORM("wrong primitive/constructed form"),
    /** An INTEGER or ENUMERATED that is empty or has redundant leading bytes. */
    INVALID_INTEGER("invalid integer"),
    /** An INTEGER that does not fit the requested type. */
    INTEGER_OVERFLOW("integer out of range"),
    /** A BOOLEAN that is not one byte of 0x00 or 0xFF. */
    INVALID_BOOLEAN("invalid boolean"),
    /** An OBJECT IDENTIFIER that is empty, non-minimal, or has an arc beyond 64 bits. */
    INVALID_OBJECT_IDENTIFIER("invalid object identifier"),
    /** A UTCTime or GeneralizedTime outside the DER profile. */
    INVALID_TIME("invalid time"),
    /** A NULL with content. */
    INVALID_NULL("invalid null"),
    /** More elements than the reader's count limit. */
    TOO_MANY_ELEMENTS("too many elements"),
    /** A BIT STRING whose unused-bit count is out of range or whose padding bits are set. */
    INVALID_BIT_STRING("invalid bit string"),
    /** A KeyDescription with an attestation version the parser does not know. */
    UNSUPPORTED_ATTESTATION_VERSION("unsupported attestation version"),
    /** An ENUMERATED value outside the type's named values. */
    UNKNOWN_ENUMERATED_VALUE("unknown enumerated value"),
    /** A tag repeated within one AuthorizationList (a smuggled second value). */
    REPEATED_TAG("repeated authorization tag");

    override fun toString(): String = text
}

/**
 * Why DER bytes were refused: the rule, and the offset in the original buffer where it broke.
 * Log-safe: it never quotes input bytes. Equal by code, as in Swift.
 */
internal class DerException(val code: DerErrorCode, val offset: Int) : Exception("DER: ${code.text} at offset $offset") {
    override fun equals(other: Any?): Boolean = other is DerException && other.code == code

    override fun hashCode(): Int = code.hashCode()

    // A refusal is an expected outcome on hostile input: no stack trace to fill.
    override fun fillInStackTrace(): Throwable = this
}
