package dev.octet.outcome

/**
 * The status of an [Outcome]: the five of `dev.octet.CheckStatus`, in its order, here below every
 * package that judges so that none of them names the public API (Swift: `OutcomeStatus`, of which
 * `CheckStatus` is an alias; a Kotlin enum cannot be aliased for Java callers, so the recipe maps
 * it once, in `Outcome.toCheck`).
 */
internal enum class OutcomeStatus {
    PASS,
    FAIL,
    WARN,
    NOT_CHECKED,
    INCONCLUSIVE
}
