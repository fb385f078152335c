package dev.octet

/**
 * A [RevocationList] with the time it was fetched and the most it may age: it lists what the list
 * lists and, for anything it does not list, answers [RevocationLookup.NotListed] only while the
 * list is current. An older list, one never fetched (no record, or a record of other bytes), or
 * one fetched more than [CLOCK_SKEW_MILLIS] in the future of [clock] answers
 * [RevocationLookup.Stale]: `revocation` is then INCONCLUSIVE `REVOCATION_LIST_STALE`, never PASS.
 * The rule of the Swift backend's `DatedRevocationList` (`--revocation-max-age`), on the same vectors.
 *
 * The age is measured against [clock] at each look-up, not against a proof's verification time:
 * it says how current the verifier's knowledge of revocations is.
 */
class DatedRevocationList(
    val list: RevocationList,
    /** Unix milliseconds of the fetch; null when the list was never fetched. */
    val fetchedAtMillis: Long?,
    val maxAgeMillis: Long,
    /** Why the list counts as never fetched, for the detail (log-safe). */
    private val neverFetchedReason: String = "no fetch record",
    /** Unix milliseconds now (`System.currentTimeMillis` unless a test gives another clock). */
    private val clock: () -> Long = { System.currentTimeMillis() }
) : RevocationSource {
    override val entryCount: Int? get() = list.count

    override fun lookUp(subject: RevocationSubject): RevocationLookup {
        val answer = list.lookUp(subject)
        if (answer != RevocationLookup.NotListed) return answer
        return staleness(clock())?.let { RevocationLookup.Stale(it) } ?: answer
    }

    /** Why the list is not current at [now], null when it is. */
    fun staleness(now: Long): String? {
        val fetched = fetchedAtMillis ?: return "never fetched ($neverFetchedReason)"
        val age = now - fetched
        // Overflow: the signs of the operands differ and the result's sign is not now's.
        if (((now xor fetched) and (now xor age)) < 0 || age == Long.MIN_VALUE) {
            return "fetched at a time this clock cannot compare"
        }
        if (age < -CLOCK_SKEW_MILLIS) return "fetched ${text(-age)} in the future of this clock"
        if (age <= maxAgeMillis) return null
        return "fetched ${text(age)} ago, more than its maximum age of ${text(maxAgeMillis)}"
    }

    companion object {
        /** A fetch time later than the clock by more than this is not believed (a clock that stepped back). */
        const val CLOCK_SKEW_MILLIS = 300_000L

        /**
         * The list's bytes dated by the bytes of its fetch record (null: there is none): a record
         * that does not parse, or dates other bytes, leaves the list never fetched. Throws
         * [RevocationList.MalformedException] when the list itself is not one.
         */
        fun of(list: ByteArray, record: ByteArray?, maxAgeMillis: Long, clock: () -> Long = { System.currentTimeMillis() }): DatedRevocationList {
            val parsed = RevocationList.parse(list)
            if (record == null) return DatedRevocationList(parsed, null, maxAgeMillis, clock = clock)
            val read = try {
                RevocationFetchRecord.parse(record)
            } catch (error: RevocationFetchRecord.MalformedException) {
                return DatedRevocationList(parsed, null, maxAgeMillis, "fetch record unreadable: ${error.message}", clock)
            }
            return if (read.dates(list)) {
                DatedRevocationList(parsed, read.fetchedAtMillis, maxAgeMillis, clock = clock)
            } else {
                DatedRevocationList(parsed, null, maxAgeMillis, "fetch record is for other bytes", clock)
            }
        }

        /** Milliseconds as the largest whole unit: `90s`, `26h`, `3d`. */
        internal fun text(millis: Long): String {
            val seconds = millis / 1000
            return when {
                seconds < 120 -> "${seconds}s"
                seconds < 7200 -> "${seconds / 60}m"
                seconds < 172_800 -> "${seconds / 3600}h"
                else -> "${seconds / 86_400}d"
            }
        }
    }
}
