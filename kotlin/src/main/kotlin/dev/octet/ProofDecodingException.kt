package dev.octet

/**
 * Why bytes are not a well-formed proof ([LocationProof]'s constructor throws it): [reasonCode] is
 * the `wire-format` reason code of the strict decoding rule that was broken
 * ([ReasonCode.WIRE_UNKNOWN_FIELD], [ReasonCode.WIRE_DUPLICATE_FIELD], … — docs/checks.md), [code]
 * its documented string, [detail] a log-safe explanation naming the rule, the field and the byte
 * offset, never the bytes ("smuggled duplicate field: Claims.app_id appears twice (at byte 87)").
 * Swift: `ProofDecodingError`.
 */
class ProofDecodingException(val reasonCode: ReasonCode, val detail: String) : Exception("${reasonCode.wire}: $detail") {
    /** [reasonCode]'s documented string ("WIRE_UNKNOWN_FIELD"). */
    val code: String get() = reasonCode.wire
}
