package dev.octet

import dev.octet.outcome.Outcome
import dev.octet.outcome.OutcomeStatus
import dev.octet.outcome.ReasonCode

/**
 * `attestation-required` (proof-format.md, "Hardware attestation"): only with `requireAttestation`;
 * PASS exactly when `hardware-attestation` passed, so anything short of a traced root fails closed.
 */
internal object AttestationRequiredCheck : Check(CheckName.ATTESTATION_REQUIRED) {
    override val failureCode = ReasonCode.ATTESTATION_REQUIRED

    override fun evaluate(context: VerificationContext): Outcome {
        if (!context.options.requireAttestation) return Outcome.notChecked("requireAttestation is off")
        return if (context.hardwareAttestation.status == OutcomeStatus.PASS) {
            Outcome.pass("hardware attestation passed")
        } else {
            Outcome.fail(ReasonCode.ATTESTATION_REQUIRED, "hardware attestation required, and it did not pass")
        }
    }
}
