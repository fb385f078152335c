package dev.octet.checks

import dev.octet.CheckStatus
import dev.octet.ExpectedApp
import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode
import dev.octet.wire.DeviceEvidence

/**
 * `app-identity` (proof-format.md, "App identity — revised 2026-12-02"): reported only when
 * `expectedApps` is given, right after `attestation-required`. PASS only when the proof's app is
 * in the list *and attested*:
 * - app_attest: `claims.app_id` equals an [ExpectedApp.Apple] App ID and `hardware-attestation`
 *   passed (which binds rpIdHash and the enrolment to that app id);
 * - android_key: `hardware-attestation` passed, the leaf's attestation application id names
 *   `claims.app_id`, which is an [ExpectedApp.Android] package, and its signature digests are
 *   non-empty and all among that entry's.
 * FAIL `APP_NOT_ALLOWED` when the claimed or attested app is not in the list (or a signer is not);
 * INCONCLUSIVE `APP_UNATTESTED` when the app is listed but nothing attests it. Details name the
 * platform and the outcome, never the app id, package name or digests.
 */
internal object AppIdentityCheck : Check(CheckName.APP_IDENTITY) {
    override val failureCode = ReasonCode.APP_NOT_ALLOWED

    override fun evaluate(context: VerificationContext): Outcome? {
        val apps = context.expectedApps ?: return null
        val appId = context.proof.claims.appId
        return when (context.proof.device) {
            is DeviceEvidence.Software -> {
                val listed = apps.any { (it is ExpectedApp.Apple && it.appId == appId) || (it is ExpectedApp.Android && it.packageName == appId) }
                if (!listed) {
                    Outcome.fail(ReasonCode.APP_NOT_ALLOWED, "software-key proof of an app not among the expected apps")
                } else {
                    Outcome.inconclusive(ReasonCode.APP_UNATTESTED, "software-key proof: nothing attests the app")
                }
            }
            is DeviceEvidence.AppAttest -> apple(apps, appId, context)
            is DeviceEvidence.AndroidKey -> android(apps, appId, context)
        }
    }

    private fun apple(apps: List<ExpectedApp>, appId: String, context: VerificationContext): Outcome {
        if (apps.none { it is ExpectedApp.Apple && it.appId == appId }) {
            return Outcome.fail(ReasonCode.APP_NOT_ALLOWED, "App Attest proof of an app not among the expected apps")
        }
        val attestation = context.hardwareAttestation
        return when {
            attestation.passed -> Outcome.pass("attested Apple app, App ID matches")
            attestation.status == CheckStatus.NOT_CHECKED ->
                Outcome.inconclusive(ReasonCode.APP_UNATTESTED, "expected Apple app, but no enrolment attests it (assertion-only proof)")
            else -> Outcome.inconclusive(ReasonCode.APP_UNATTESTED, "expected Apple app, but hardware attestation did not pass")
        }
    }

    private fun android(apps: List<ExpectedApp>, appId: String, context: VerificationContext): Outcome {
        val entries = apps.filterIsInstance<ExpectedApp.Android>().filter { it.packageName == appId }
        if (entries.isEmpty()) {
            return Outcome.fail(ReasonCode.APP_NOT_ALLOWED, "Android proof of an app not among the expected apps")
        }
        if (!context.hardwareAttestation.passed) {
            return Outcome.inconclusive(ReasonCode.APP_UNATTESTED, "expected Android app, but hardware attestation did not pass")
        }
        val attested = context.androidReport?.applicationId
            ?: return Outcome.inconclusive(ReasonCode.APP_UNATTESTED, "expected Android app, but the chain attests no application id")
        // Compared as bytes: the attested names are DER OCTET STRINGs, not necessarily UTF-8.
        val appIdBytes = appId.toByteArray(Charsets.UTF_8)
        if (attested.packageNames.none { it.contentEquals(appIdBytes) }) {
            return Outcome.fail(ReasonCode.APP_NOT_ALLOWED, "the attested Android package is not the expected app")
        }
        val digests = attested.signatureDigests
        if (digests.isEmpty()) {
            return Outcome.inconclusive(ReasonCode.APP_UNATTESTED, "expected Android app, but the chain attests no signer")
        }
        return if (entries.any { entry -> digests.all { entry.allowsSigner(it) } }) {
            Outcome.pass("attested Android app, signer matches")
        } else {
            Outcome.fail(ReasonCode.APP_NOT_ALLOWED, "attested Android app, signer not among the expected ones")
        }
    }
}
