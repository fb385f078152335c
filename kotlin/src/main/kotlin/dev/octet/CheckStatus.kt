package dev.octet

/**
 * The status of one check (seed: "CheckStatus"). `INCONCLUSIVE` is new in 3.1: a `when` without
 * an `else` branch must handle it.
 */
enum class CheckStatus(
    /** The wire tag shared with `octet-verify`: `PASS`, `FAIL`, `WARN`, `NOT-CHECKED`, `INCONCLUSIVE`. */
    val wireTag: String
) {
    PASS("PASS"),
    FAIL("FAIL"),
    WARN("WARN"),
    NOT_CHECKED("NOT-CHECKED"),
    INCONCLUSIVE("INCONCLUSIVE"),
}
