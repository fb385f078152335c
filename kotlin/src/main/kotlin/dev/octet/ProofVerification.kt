package dev.octet

/**
 * The result of [Octet.verify]: a flat, log-safe record (seed: "ProofVerification"). The seed's
 * verdict rules are applied once, here, to [checks]:
 * - [isValid]: no check is FAIL (NOT_CHECKED and WARN never reject);
 * - [isAuthentic]: [isValid], `stage-signatures` is PASS, and no check is INCONCLUSIVE;
 * - [verdict]: INVALID if any check is FAIL, else VALID if [isAuthentic], else INCONCLUSIVE.
 *
 * Built only by the verifier, so the verdict can never disagree with the checks.
 */
class ProofVerification internal constructor(
    /** Every check that ran, in recipe order. */
    checks: List<ProofCheck>,
    /** The proof's signed assurance tier; since 3.1 null unless [VerifyOptions.honorVerdictTier]. */
    val spoofingVerdict: LocationProofVerdict?
) {
    /** The tri-state headline. */
    enum class Verdict { VALID, INVALID, INCONCLUSIVE }

    /** Every check that ran, in recipe order (read-only). */
    val checks: List<ProofCheck> = java.util.Collections.unmodifiableList(ArrayList(checks))

    /** No check is FAIL. NOT_CHECKED and WARN never reject. */
    val isValid: Boolean

    /** [isValid], `stage-signatures` is PASS, and no check is INCONCLUSIVE. */
    val isAuthentic: Boolean

    /** INVALID if any check is FAIL, else VALID if [isAuthentic], else INCONCLUSIVE. */
    val verdict: Verdict

    init {
        val rules = rules(this.checks)
        verdict = rules.first
        isValid = rules.second
        isAuthentic = rules.third
    }

    /** The check named [name], if it is in the result. */
    fun check(named: String): ProofCheck? = checks.firstOrNull { it.name == named }

    override fun equals(other: Any?): Boolean =
        other is ProofVerification && other.checks == checks && other.spoofingVerdict == spoofingVerdict

    override fun hashCode(): Int = checks.hashCode() * 31 + (spoofingVerdict?.hashCode() ?: 0)

    /** Log-safe, as every detail is. */
    override fun toString(): String =
        "ProofVerification(verdict=$verdict, isValid=$isValid, isAuthentic=$isAuthentic, " +
            "spoofingVerdict=$spoofingVerdict, checks=$checks)"

    internal companion object {
        /**
         * The seed's verdict rules, the only copy: the recipe also applies them to the checks before
         * `replay-uniqueness` to decide whether a proof is recorded. (verdict, isValid, isAuthentic)
         */
        fun rules(checks: List<ProofCheck>): Triple<Verdict, Boolean, Boolean> {
            val anyFail = checks.any { it.status == CheckStatus.FAIL }
            val anyInconclusive = checks.any { it.status == CheckStatus.INCONCLUSIVE }
            val signed = checks.any { it.name == "stage-signatures" && it.status == CheckStatus.PASS }
            val isValid = !anyFail
            val isAuthentic = isValid && signed && !anyInconclusive
            val verdict = if (anyFail) Verdict.INVALID else if (isAuthentic) Verdict.VALID else Verdict.INCONCLUSIVE
            return Triple(verdict, isValid, isAuthentic)
        }
    }
}
