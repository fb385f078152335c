package dev.octet

import dev.octet.crypto.Sha256
import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode

/**
 * `revocation` (seed: "Backend-only"): with a [dev.octet.RevocationSource], FAIL when the proof
 * key, the device key or any certificate of an Android chain is listed REVOKED or SUSPENDED,
 * naming the kind and the status (never the key or the serial). SUSPENDED fails closed; REVOKED
 * outranks it for the code. A list that is not current ([RevocationLookup.Stale]), a certificate
 * that cannot be read, or a source that cannot answer (or throws), is INCONCLUSIVE, in that order —
 * unless a listing already fails the proof.
 */
internal object RevocationCheck : Check(CheckName.REVOCATION) {
    override val failureCode = ReasonCode.REVOCATION_SOURCE_UNAVAILABLE

    override fun evaluate(context: VerificationContext): Outcome {
        val source = context.options.revocationSource
            ?: return Outcome.notChecked("backend-only: needs a revocation source")
        val findings = ArrayList<String>()
        val statuses = ArrayList<RevocationEntry.Status>()
        var unavailable: String? = null
        var stale: String? = null
        fun ask(subject: RevocationSubject, what: String) {
            val answer = try {
                source.lookUp(subject)
            } catch (error: Throwable) {
                Failures.keepInterrupt(error)
                RevocationLookup.Unavailable(Failures.describe(error))
            }
            when (answer) {
                is RevocationLookup.Listed -> {
                    findings.add("$what ${answer.entry.status.name}" + (answer.entry.reason?.let { " ($it)" } ?: ""))
                    statuses.add(answer.entry.status)
                }
                RevocationLookup.NotListed -> Unit
                is RevocationLookup.Unavailable -> if (unavailable == null) unavailable = answer.reason
                is RevocationLookup.Stale -> if (stale == null) stale = answer.reason
            }
        }
        ask(RevocationSubject.ProofKey(Sha256.hash(context.proof.proofKey.toByteArray())), "proof key")
        val deviceKey = context.deviceKeyPoint
        if (deviceKey != null) ask(RevocationSubject.DeviceKey(Sha256.hash(deviceKey)), "device key")
        val serials = context.androidChain?.certificateSerialsHex ?: emptyList()
        var unreadable = 0
        for ((index, serial) in serials.withIndex()) {
            if (serial == null) {
                unreadable += 1
                continue
            }
            ask(RevocationSubject.Certificate(serial), "Android attestation certificate ${index + 1} of ${serials.size}")
        }
        if (findings.isNotEmpty()) {
            val code = if (RevocationEntry.Status.REVOKED in statuses) ReasonCode.REVOKED else ReasonCode.SUSPENDED
            return Outcome.fail(code, findings.joinToString("; "))
        }
        // A list that is not current cannot say "nothing listed": its own code, so a dashboard
        // tells an unfetched list from an unreachable source.
        stale?.let { return Outcome.inconclusive(ReasonCode.REVOCATION_LIST_STALE, "revocation list not current: $it") }
        unavailable?.let { return Outcome.inconclusive(ReasonCode.REVOCATION_SOURCE_UNAVAILABLE, "revocation source unavailable: $it") }
        if (unreadable > 0) {
            return Outcome.inconclusive(
                ReasonCode.CERTIFICATE_UNREADABLE, "$unreadable certificate(s) of the Android chain could not be read: serial unknown"
            )
        }
        val entries = try {
            source.entryCount
        } catch (error: Throwable) {
            Failures.keepInterrupt(error)
            null
        }
        val checked = "proof key, " + (if (deviceKey == null) "no device key" else "device key") +
            (if (serials.isEmpty()) "" else ", ${serials.size} certificates")
        return Outcome.pass("nothing listed ($checked" + (entries?.let { " against $it entries" } ?: "") + ")")
    }

    override fun onFailure(error: Throwable): Outcome =
        Outcome.inconclusive(ReasonCode.REVOCATION_SOURCE_UNAVAILABLE, "revocation could not be judged: ${Failures.describe(error)}")
}
