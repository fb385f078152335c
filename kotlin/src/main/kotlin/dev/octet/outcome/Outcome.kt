package dev.octet.outcome

/**
 * What one check, or one rule inside a check, concluded: a status, a stable reason code, and a
 * log-safe detail (no coordinates, proof bytes, content, keys or identifiers). The one outcome
 * type of every package: the attestation, content and region judges return it, and the recipe
 * turns it into a [dev.octet.ProofCheck] without translating anything (Swift: `Outcome`).
 */
internal class Outcome private constructor(val status: OutcomeStatus, val code: ReasonCode?, val detail: String) {
    /** True for PASS. */
    val passed: Boolean get() = status == OutcomeStatus.PASS

    override fun equals(other: Any?): Boolean =
        other is Outcome && other.status == status && other.code == code && other.detail == detail

    override fun hashCode(): Int = (status.hashCode() * 31 + (code?.hashCode() ?: 0)) * 31 + detail.hashCode()

    override fun toString(): String = "${status.name}" + (code?.let { " $it" } ?: "") + ": $detail"

    companion object {
        fun pass(detail: String) = Outcome(OutcomeStatus.PASS, null, detail)
        fun notChecked(detail: String) = Outcome(OutcomeStatus.NOT_CHECKED, null, detail)
        fun fail(code: ReasonCode, detail: String) = Outcome(OutcomeStatus.FAIL, code, detail)
        fun warn(code: ReasonCode, detail: String) = Outcome(OutcomeStatus.WARN, code, detail)
        fun inconclusive(code: ReasonCode, detail: String) = Outcome(OutcomeStatus.INCONCLUSIVE, code, detail)
    }
}
