package dev.octet

/**
 * Why bytes are not a well-formed proof ([LocationProof]'s constructor throws it): [code] is the
 * `wire-format` reason code of the strict decoding rule that was broken (`WIRE_UNKNOWN_FIELD`,
 * `WIRE_DUPLICATE_FIELD`, … — docs/checks.md), [detail] a log-safe explanation naming the rule, the
 * field and the byte offset, never the bytes ("smuggled duplicate field: Claims.app_id appears
 * twice (at byte 87)"). Swift: `ProofDecodingError`.
 */
class ProofDecodingException(val code: String, val detail: String) : Exception("$code: $detail")
