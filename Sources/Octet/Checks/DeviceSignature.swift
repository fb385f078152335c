import OctetAttestation
import OctetCrypto
import OctetOutcome

/// `device-attestation-sig` for the hardware kinds (design, "Device signature").
enum DeviceSignature {
    /// The leaf certificate's key must be P-256 and equal `proof_key`; it signs the device input.
    static func android(signature: ArraySlice<UInt8>, context: VerificationContext) -> Outcome {
        // A malformed leaf (design, "Well-formed certificates") has no key to read: say so, with
        // the rule it broke, rather than blame the key.
        if let malformed = context.androidChain?.leafMalformed { return malformed }
        guard let leafKey = context.androidChain?.leafPublicKey else {
            return .fail(.keyInvalid, "the leaf certificate's key is not a P-256 key")
        }
        guard leafKey.x963Representation.elementsEqual(context.proof.proofKey) else {
            return .fail(.keyMismatch, "the leaf certificate's key is not the proof key")
        }
        return leafKey.isValidSignature(signature, digest: context.deviceDigest)
            ? .pass(
                "the leaf certificate's key, the proof key, signed the committed digest; hardware-attestation judges its chain"
            )
            : .fail(.deviceSignatureInvalid, "Android device signature does not verify over the committed digest")
    }

    /// The App Attest assertion over `clientDataHash = H(device input)`.
    ///
    /// The signature is checked under the key the proof carries. Without an enrolment in the proof and without
    /// an `attestationBundle`, nothing attests that key, and the PASS detail says so (docs/security.md: anyone
    /// can swap such a key and re-sign; only `requireAttestation` or a bundle closes that).
    static func appAttest(
        keyId: ArraySlice<UInt8>, publicKey: ArraySlice<UInt8>, assertion: ArraySlice<UInt8>, hasEnrolment: Bool,
        context: VerificationContext
    ) -> Outcome {
        let judgement = AppAttest.judgeAssertion(
            assertion: Array(assertion), clientDataHash: context.deviceDigest.bytes, keyId: Array(keyId),
            publicKey: Array(publicKey), appId: context.proof.claims.appId)
        guard judgement.passed else { return judgement }
        let attestedBy =
            hasEnrolment || context.options.attestationBundle != nil
            ? "; hardware-attestation judges whether it is attested"
            : "; no enrolment and no attestation bundle: nothing attests that key"
        return .pass("App Attest assertion verifies under the key the proof carries" + attestedBy)
    }
}
