package dev.octet

/**
 * One check that ran (seed: "ProofCheck"): a stable [name] from the check taxonomy, its [status],
 * and a log-safe [detail] (no coordinates, no proof bytes, no content, no keys or identifiers).
 *
 * [reasonCode] is the reason code of a FAIL, WARN or INCONCLUSIVE, a case of the closed set
 * docs/checks.md lists; null on PASS and NOT_CHECKED. [code] is its documented string
 * (SCREAMING_SNAKE_CASE), for logs, metrics and JSON. Both are additions to the seed's fields, as
 * in the Swift library, whose `ProofCheck.code` is the same `ReasonCode`.
 */
data class ProofCheck(
    val name: String,
    val status: CheckStatus,
    val detail: String,
    val reasonCode: ReasonCode? = null
) {
    /** [reasonCode]'s documented string ("STALE", "WIRE_UNKNOWN_FIELD"), or null. */
    val code: String? get() = reasonCode?.wire
}
