package dev.octet

import dev.octet.outcome.Outcome
import dev.octet.outcome.OutcomeStatus
import dev.octet.outcome.ReasonCode

/**
 * `app-identity` (proof-format.md, "App identity — revised 2026-12-02"): reported only when
 * `expectedApps` is given, right after `attestation-required`. PASS only for an app in the list
 * *and attested* by `hardware-attestation`; an app that only claims its name is never PASS.
 * Details name the platform and the outcome, never the app id, package name or digests.
 *
 * Where the design is silent, the Swift library's reading (docs/checks.md, "app-identity"), which
 * never lets an unpinned or unattested app through:
 * - an empty list fails every proof; the claimed app not in the list is FAIL `APP_NOT_ALLOWED`
 *   before anything else, whatever the evidence;
 * - an App Attest proof is matched against [ExpectedApp.Apple] entries only, an Android proof
 *   against [ExpectedApp.Android] entries only, a software-key proof against either (nothing
 *   attests it: INCONCLUSIVE `APP_UNATTESTED`);
 * - the Android attestation application id is read only when `hardware-attestation` passed; one
 *   without signature digests attests no signer (INCONCLUSIVE);
 * - every attested digest must be in *one* matching entry's list (entries for one package are
 *   alternatives, never pooled); an entry that can never match (ExpectedApp's notes) is ignored.
 */
internal object AppIdentityCheck : Check(CheckName.APP_IDENTITY) {
    override val failureCode = ReasonCode.APP_NOT_ALLOWED

    override fun evaluate(context: VerificationContext): Outcome? {
        val expected = context.expectedApps ?: return null
        if (expected.isEmpty()) return Outcome.fail(ReasonCode.APP_NOT_ALLOWED, "expectedApps is empty: no app is accepted")
        val usable = expected.filter { it.isWellFormed }
        val claimed = context.proof.claims.appId
        return when (context.proof.device) {
            is DeviceEvidence.Software ->
                if (usable.none { it.identifier == claimed }) {
                    Outcome.fail(ReasonCode.APP_NOT_ALLOWED, "the software-key proof's app is not in expectedApps")
                } else {
                    Outcome.inconclusive(ReasonCode.APP_UNATTESTED, "software key: nothing attests the app")
                }
            is DeviceEvidence.AppAttest -> apple(usable, claimed, context)
            is DeviceEvidence.AndroidKey -> android(usable, claimed, context)
        }
    }

    private fun apple(usable: List<ExpectedApp>, claimed: String, context: VerificationContext): Outcome {
        if (usable.none { it is ExpectedApp.Apple && it.appId == claimed }) {
            return Outcome.fail(ReasonCode.APP_NOT_ALLOWED, "the Apple app is not in expectedApps")
        }
        return when (context.hardwareAttestation.status) {
            OutcomeStatus.PASS -> Outcome.pass("attested Apple app, App ID allowed")
            OutcomeStatus.NOT_CHECKED -> Outcome.inconclusive(
                ReasonCode.APP_UNATTESTED, "assertion-only App Attest proof without an enrolment: nothing attests the App ID"
            )
            else -> Outcome.inconclusive(ReasonCode.APP_UNATTESTED, "hardware attestation did not pass: nothing attests the App ID")
        }
    }

    private fun android(usable: List<ExpectedApp>, claimed: String, context: VerificationContext): Outcome {
        val entries = usable.filterIsInstance<ExpectedApp.Android>().filter { it.packageName == claimed }
        if (entries.isEmpty()) return Outcome.fail(ReasonCode.APP_NOT_ALLOWED, "the Android app is not in expectedApps")
        if (!context.hardwareAttestation.passed) {
            return Outcome.inconclusive(ReasonCode.APP_UNATTESTED, "hardware attestation did not pass: nothing attests the Android app")
        }
        val attested = context.androidReport?.applicationId
            ?: return Outcome.inconclusive(
                ReasonCode.APP_UNATTESTED, "no attestation application id in the Android chain: nothing attests the app"
            )
        // `hardware-attestation` PASS already requires this; judged here too so the rule stands alone.
        // Compared as bytes: the attested names are DER OCTET STRINGs.
        val claimedBytes = claimed.toByteArray(Charsets.UTF_8)
        if (attested.packageNames.none { it.contentEquals(claimedBytes) }) {
            return Outcome.fail(ReasonCode.APP_NOT_ALLOWED, "the attested Android package is not the claimed app")
        }
        val digests = attested.signatureDigests
        if (digests.isEmpty()) {
            return Outcome.inconclusive(
                ReasonCode.APP_UNATTESTED, "the attestation application id lists no signing certificate: nothing attests the signer"
            )
        }
        return if (entries.any { entry -> digests.all { entry.allowsSigner(it) } }) {
            Outcome.pass("attested Android app, signer matches")
        } else {
            Outcome.fail(ReasonCode.APP_NOT_ALLOWED, "an attested Android signer is not among the expected signers")
        }
    }
}
