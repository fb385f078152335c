package dev.octet

import dev.octet.attestation.AndroidAttestationReport
import dev.octet.attestation.AndroidKeyAttestation
import dev.octet.attestation.AppAttest
import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode
import dev.octet.wire.WireException

/**
 * `hardware-attestation` (proof-format.md, "Hardware attestation"): the device evidence traces to
 * a root of `trustAnchors`. An Android chain is always anchorable (an unknown root is FAIL); an
 * App Attest key is anchorable with an enrolment, from the proof or else from `attestationBundle`
 * (decoded by the proof decoder's own rules: malformed is FAIL `BUNDLE_MALFORMED`); a software key
 * has no hardware evidence (NOT_CHECKED).
 */
internal object HardwareAttestationCheck : Check(CheckName.HARDWARE_ATTESTATION) {
    override val failureCode = ReasonCode.EVIDENCE_MALFORMED

    /** Judged once per call, through `context.hardwareAttestation`. */
    override fun evaluate(context: VerificationContext): Outcome = context.hardwareAttestation

    /** The outcome, and for Android the chain walk's report (`app-identity` reads its application id). */
    fun judge(context: VerificationContext): Pair<Outcome, AndroidAttestationReport?> {
        val claims = context.proof.claims
        val anchors = context.options.trustAnchors
        return when (val device = context.proof.device) {
            is DeviceEvidence.Software -> Pair(Outcome.notChecked("software key: no hardware evidence"), null)
            is DeviceEvidence.AndroidKey -> {
                val chain = context.androidChain ?: return Pair(Outcome.notChecked("no Android chain"), null)
                val report = AndroidKeyAttestation.judge(chain, claims.appId, claims.createdAtMs, anchors.androidRoots)
                Pair(report.judgement, report)
            }
            is DeviceEvidence.AppAttest -> {
                val enrolment = device.enrolment
                val bundle = context.attestationBundle
                val outcome = when {
                    enrolment != null -> judgeEnrolment(enrolment, device, context)
                    bundle == null -> Outcome.notChecked("assertion-only proof; no enrolment bundle")
                    else -> {
                        try {
                            judgeEnrolment(ProofDecoder.decodeEnrolmentBundle(bundle), device, context)
                        } catch (error: WireException) {
                            Outcome.fail(ReasonCode.BUNDLE_MALFORMED, "attestation bundle is malformed: ${error.description}")
                        }
                    }
                }
                Pair(outcome, null)
            }
        }
    }

    private fun judgeEnrolment(enrolment: DecodedEnrolment, device: DeviceEvidence.AppAttest, context: VerificationContext): Outcome {
        val claims = context.proof.claims
        return AppAttest.judgeEnrolment(
            enrolment.keyId.toByteArray(), enrolment.attestationObject.toByteArray(), enrolment.clientDataHash.toByteArray(),
            enrolment.appId, device.keyId.toByteArray(), device.publicKey.toByteArray(), claims.appId, claims.createdAtMs,
            context.options.trustAnchors.appAttestRoots
        )
    }
}
