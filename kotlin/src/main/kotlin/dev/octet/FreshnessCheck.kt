package dev.octet

import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode

/**
 * `freshness` (proof-format.md, "Freshness"): for `created_at_ms` and `fix_time_ms`,
 * `now_ms − max_ms ≤ t ≤ now_ms + 60,000`, in integer milliseconds. `max_ms` is
 * `maxAgeSeconds × 1000` saturated to the Long range (so a huge window is simply unbounded); a
 * negative `maxAgeSeconds` is FAIL `MAX_AGE_INVALID`. STALE outranks FUTURE_DATED for the code.
 */
internal object FreshnessCheck : Check(CheckName.FRESHNESS) {
    override val failureCode = ReasonCode.STALE

    /** Allowed clock skew into the future. */
    private const val FUTURE_SKEW_MS = 60_000L

    override fun evaluate(context: VerificationContext): Outcome {
        val maxAge = context.options.maxAgeSeconds
        if (maxAge < 0) return Outcome.fail(ReasonCode.MAX_AGE_INVALID, "invalid maxAgeSeconds")
        val maxMs = if (maxAge > Long.MAX_VALUE / 1000) Long.MAX_VALUE else maxAge * 1000
        val now = context.nowMs
        val claims = context.proof.claims
        val problems = ArrayList<String>()
        var code = ReasonCode.FUTURE_DATED
        for ((what, t) in listOf("created" to claims.createdAtMs, "fix taken" to claims.fix.fixTimeMs)) {
            val problem = problem(what, t, now, maxMs) ?: continue
            problems.add(problem.first)
            if (problem.second) code = ReasonCode.STALE
        }
        if (problems.isEmpty()) return Outcome.pass("created ${age(now, claims.createdAtMs)}, window ${maxMs / 1000} s")
        return Outcome.fail(code, problems.joinToString("; "))
    }

    /** The problem with instant `t`, and whether it is too old (STALE) rather than ahead (FUTURE_DATED). */
    private fun problem(what: String, t: Long, now: Long, maxMs: Long): Pair<String, Boolean>? {
        // Saturating arithmetic: a bound that overflows does not exist.
        val earliest = now - maxMs
        val underflow = ((now xor maxMs) and (now xor earliest)) < 0
        val latest = now + FUTURE_SKEW_MS
        val overflow = ((now xor latest) and (FUTURE_SKEW_MS xor latest)) < 0
        if (!underflow && t < earliest) return Pair("$what ${age(now, t)}, window ${maxMs / 1000} s", true)
        if (!overflow && t > latest) return Pair("$what ${age(now, t)}: device clock ahead?", false)
        return null
    }

    /** "412 s ago" or "75 s in the future", from whole milliseconds. */
    private fun age(now: Long, t: Long): String {
        val difference = now - t
        val overflow = ((now xor t) and (now xor difference)) < 0
        if (overflow) return if (t > now) "far in the future" else "far in the past"
        return if (difference >= 0) "${difference / 1000} s ago" else "${-(difference / 1000)} s in the future"
    }
}
