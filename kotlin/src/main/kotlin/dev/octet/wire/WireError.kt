package dev.octet.wire

import dev.octet.outcome.ReasonCode

/**
 * The strict decoding rules (proof-format.md, "Strict decoding"), one per way bytes can fail to
 * be a well-formed message: the stable text of Swift's `WireError.Code` and the `wire-format`
 * reason code it is reported with.
 */
internal enum class WireCode(val text: String, val reasonCode: ReasonCode) {
    TOO_LARGE("input too large", ReasonCode.WIRE_TOO_LARGE),
    TRUNCATED("truncated", ReasonCode.WIRE_TRUNCATED),
    OVERLONG_VARINT("varint longer than 10 bytes", ReasonCode.WIRE_OVERLONG_VARINT),
    NON_MINIMAL_VARINT("non-minimal varint", ReasonCode.WIRE_NON_MINIMAL_VARINT),
    VALUE_OUT_OF_RANGE("value out of range for its type", ReasonCode.WIRE_VALUE_OUT_OF_RANGE),
    INVALID_FIELD_NUMBER("invalid field number", ReasonCode.WIRE_INVALID_FIELD_NUMBER),
    UNKNOWN_FIELD("unknown field", ReasonCode.WIRE_UNKNOWN_FIELD),
    WRONG_WIRE_TYPE("wrong wire type", ReasonCode.WIRE_WRONG_WIRE_TYPE),
    DUPLICATE_FIELD("smuggled duplicate field", ReasonCode.WIRE_DUPLICATE_FIELD),
    DUPLICATE_PACKED_RECORD("packed field in more than one record", ReasonCode.WIRE_DUPLICATE_PACKED_RECORD),
    ONEOF_CONFLICT("two members of one oneof", ReasonCode.WIRE_ONEOF_CONFLICT),
    MISSING_FIELD("required field absent", ReasonCode.WIRE_MISSING_FIELD),
    INVALID_UTF8("string is not valid UTF-8", ReasonCode.WIRE_INVALID_UTF8),
    INVALID_ENUM("enum value not named or zero", ReasonCode.WIRE_INVALID_ENUM),
    BOUND_VIOLATED("value outside its bound", ReasonCode.WIRE_BOUND_VIOLATED),
    DEPTH_EXCEEDED("nesting too deep", ReasonCode.WIRE_DEPTH_EXCEEDED)
}

/**
 * Why bytes are not a well-formed message: the rule, the byte offset in the outermost input, and
 * a log-safe reason naming fields, counts and bounds, never field values (Swift: `WireError`).
 * Thrown inside the decoder only; the recipe turns it into a `wire-format` FAIL and
 * `LocationProof` into a [dev.octet.ProofDecodingException].
 */
internal class WireException(val code: WireCode, val offset: Int, val reason: String = "") :
    RuntimeException(null, null) {
    /** "unknown field: field 9 of Claims (at byte 12)", as Swift's `WireError.description`. */
    val description: String
        get() = if (reason.length == 0) "${code.text} at byte $offset" else "${code.text}: $reason (at byte $offset)"

    override val message: String get() = description

    /** No stack trace: the exception is a decoding result, thrown often on hostile input. */
    override fun fillInStackTrace(): Throwable = this
}
