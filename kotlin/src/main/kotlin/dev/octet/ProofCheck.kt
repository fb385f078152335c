package dev.octet

/**
 * One check that ran (seed: "ProofCheck"): a stable [name] from the check taxonomy, its [status],
 * and a log-safe [detail] (no coordinates, no proof bytes, no content, no keys or identifiers).
 *
 * [code] is the stable reason code of a FAIL, WARN or INCONCLUSIVE (SCREAMING_SNAKE_CASE, from the
 * closed set docs/checks.md lists), for logs and metrics; null on PASS and NOT_CHECKED. An addition
 * to the seed's fields, as in the Swift library.
 */
data class ProofCheck(val name: String, val status: CheckStatus, val detail: String, val code: String? = null)
