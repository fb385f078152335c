package dev.octet

import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode

/**
 * One check of the recipe: its name from the seed's taxonomy, and how it judges a decoded proof
 * (Swift: `Check`). A check never throws: every way a proof can be wrong is an [Outcome], and
 * [run] turns anything thrown while judging — a `RuntimeException` or an `Error` from the
 * platform's provider, from an injected store or source, or from a bug — into this check's own
 * FAIL ([failureCode], the code the check gives for invalid evidence), so one check's trouble
 * never hides another's result and never escapes [dev.octet.Octet.verify].
 *
 * A check that depends on another reads the typed value the context keeps for it
 * (`attestation-required` reads `context.hardwareAttestation`), never a result by name.
 */
internal abstract class Check(
    val name: String,
    /**
     * Evaluated after every other check (it reads `context.otherChecksVerdict`) and reported at its
     * place in the recipe: `replay-uniqueness` records a proof only when the rest leave it valid.
     */
    val runsLast: Boolean = false
) {
    /** The outcome; null when the check does not appear in the result. */
    protected abstract fun evaluate(context: VerificationContext): Outcome?

    /** The code of this check's FAIL when judging it threw. */
    protected abstract val failureCode: ReasonCode

    /** The outcome when judging threw `error`. */
    protected open fun onFailure(error: Throwable): Outcome =
        Outcome.fail(failureCode, "could not be judged: ${Failures.describe(error)}")

    fun run(context: VerificationContext): Outcome? =
        try {
            evaluate(context)
        } catch (error: Throwable) {
            Failures.keepInterrupt(error)
            onFailure(error)
        }
}

/** What a detail says about something thrown: its class only (a message may carry data). */
internal object Failures {
    fun describe(error: Throwable): String = "${error.javaClass.name} was thrown"

    /** An interrupt is absorbed into an outcome, never lost: the thread's flag is set again for its owner. */
    fun keepInterrupt(error: Throwable) {
        if (error is InterruptedException) Thread.currentThread().interrupt()
    }

    /** Runs `judge`, turning anything thrown into a FAIL with `code` (for values several checks share). */
    inline fun guarded(code: ReasonCode, judge: () -> Outcome): Outcome =
        try {
            judge()
        } catch (error: Throwable) {
            keepInterrupt(error)
            Outcome.fail(code, "could not be judged: ${describe(error)}")
        }
}
