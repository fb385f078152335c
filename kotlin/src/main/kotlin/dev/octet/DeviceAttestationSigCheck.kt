package dev.octet

import dev.octet.attestation.AppAttest
import dev.octet.crypto.P256PublicKey
import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode

/**
 * `device-attestation-sig` (proof-format.md, "Device signature"): the device key signed the device
 * input `"octet/v1/device\0" || committed digest`, which covers every stage.
 * - software: the signature under `software.public_key`;
 * - android_key: the leaf certificate is well-formed, its key is P-256 and equals `proof_key`,
 *   and the signature verifies under it;
 * - app_attest: the assertion over `clientDataHash = H(device input)` ([AppAttest.judgeAssertion]).
 */
internal object DeviceAttestationSigCheck : Check(CheckName.DEVICE_ATTESTATION_SIG) {
    override val failureCode = ReasonCode.DEVICE_SIGNATURE_INVALID

    override fun evaluate(context: VerificationContext): Outcome = when (val device = context.proof.device) {
        is DeviceEvidence.Software -> software(device, context)
        is DeviceEvidence.AndroidKey -> android(device, context)
        is DeviceEvidence.AppAttest -> appAttest(device, context)
    }

    private fun software(device: DeviceEvidence.Software, context: VerificationContext): Outcome {
        val key = P256PublicKey.fromX963(device.publicKey.toByteArray(), context.signatures)
            ?: return Outcome.fail(ReasonCode.KEY_INVALID, "software device key is not a valid P-256 point")
        return if (key.isValidSignature(device.signature.toByteArray(), context.deviceInput, context.signatures)) {
            Outcome.pass("software device key signed the committed digest")
        } else {
            Outcome.fail(ReasonCode.DEVICE_SIGNATURE_INVALID, "software device signature does not verify over the committed digest")
        }
    }

    /** The leaf certificate's key must be P-256 and equal `proof_key`; it signs the device input. */
    private fun android(device: DeviceEvidence.AndroidKey, context: VerificationContext): Outcome {
        val chain = context.androidChain
            ?: return Outcome.fail(ReasonCode.KEY_INVALID, "the leaf certificate's key is not a P-256 key")
        // A malformed leaf has no key to read (proof-format.md, "Well-formed certificates").
        chain.leafMalformed?.let { return it }
        val leafKey = chain.leafPublicKey
            ?: return Outcome.fail(ReasonCode.KEY_INVALID, "the leaf certificate's key is not a P-256 key")
        if (!context.proof.proofKey.contentEquals(leafKey.x963Representation)) {
            return Outcome.fail(ReasonCode.KEY_MISMATCH, "the leaf certificate's key is not the proof key")
        }
        // The leaf's key is the proof key, byte for byte: the key stage-signatures decoded verifies.
        val key = context.proofKey ?: leafKey
        return if (key.isValidSignature(device.signature.toByteArray(), context.deviceInput, context.signatures)) {
            Outcome.pass("the leaf certificate's key, the proof key, signed the committed digest; hardware-attestation judges its chain")
        } else {
            Outcome.fail(ReasonCode.DEVICE_SIGNATURE_INVALID, "Android device signature does not verify over the committed digest")
        }
    }

    /**
     * The App Attest assertion, checked under the key the proof carries. Without an enrolment in
     * the proof and without an `attestationBundle`, nothing attests that key, and the PASS detail
     * says so (anyone can swap such a key and re-sign; only `requireAttestation` or a bundle closes that).
     */
    private fun appAttest(device: DeviceEvidence.AppAttest, context: VerificationContext): Outcome {
        val judgement = AppAttest.judgeAssertion(
            device.assertion.toByteArray(), context.deviceDigest, device.keyId.toByteArray(), device.publicKey.toByteArray(),
            context.proof.claims.appId
        )
        if (!judgement.passed) return judgement
        val attestedBy = if (device.enrolment != null || context.attestationBundle != null) {
            "; hardware-attestation judges whether it is attested"
        } else {
            "; no enrolment and no attestation bundle: nothing attests that key"
        }
        return Outcome.pass("App Attest assertion verifies under the key the proof carries$attestedBy")
    }
}
