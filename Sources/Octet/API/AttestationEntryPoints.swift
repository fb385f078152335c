import Foundation
import OctetAttestation
import OctetCrypto
import OctetEncoding
import OctetOutcome

/// Hardware attestation on its own, outside a proof: what a backend runs when it receives an
/// enrolment, and how the real device samples are tested. Each entry point calls the code that
/// `hardware-attestation` or `device-attestation-sig` calls inside `verify`, and returns the same
/// log-safe `ProofCheck` (status and detail) that the check would give for the same evidence.
/// None of them throws; none reads the network or the clock.
extension Octet {
    /// Judges an App Attest enrolment bundle (an encoded `AppAttestEnrolment`, the bytes
    /// `VerifyOptions.attestationBundle` takes) for the App Attest key `publicKey`.
    ///
    /// It is `hardware-attestation` for an `app_attest` proof anchored by this bundle: the bundle's
    /// `key_id` must be `SHA-256(publicKey)` (else FAIL "enrolment is for another key_id"), its
    /// attestation object must chain to an App Attest root of `trustAnchors` and attest exactly
    /// `publicKey` for `appId`, with the nonce, counter and aaguid rules of the design.
    ///
    /// - Parameters:
    ///   - bundle: the encoded `AppAttestEnrolment` message; malformed bytes FAIL.
    ///   - publicKey: the App Attest key, a 65-byte SEC1 uncompressed P-256 point.
    ///   - appId: "TEAMID.bundle.id", as a proof would claim it in `claims.app_id`.
    ///   - time: the instant the key is used (a proof's `createdAt`; a backend receiving an
    ///     enrolment passes now). Earlier than the credential certificate's notBefore FAILs.
    ///   - trustAnchors: the roots; default `.bundled` (Apple's App Attestation Root CA).
    /// - Returns: a `ProofCheck` named `hardware-attestation`: PASS naming "production" or
    ///   "development", or FAIL naming the rule that failed.
    public static func verifyAttestationBundle(
        _ bundle: Data, publicKey: Data, appId: String, at time: Date, trustAnchors: TrustAnchors = .bundled
    ) -> ProofCheck {
        let key = [UInt8](publicKey)
        let outcome = EnrolmentJudge.judgeBundle(
            [UInt8](bundle), keyId: SHA256.hash(key), publicKey: key, appId: appId,
            createdAtMs: VerificationContext.milliseconds(time.timeIntervalSince1970), anchors: trustAnchors)
        return ProofCheck(name: CheckName.hardwareAttestation, outcome)
    }

    /// Judges one App Attest assertion: `device-attestation-sig` for an `app_attest` proof.
    ///
    /// PASS when `keyId == SHA-256(publicKey)`, the assertion is canonical CBOR holding exactly
    /// `signature` and `authenticatorData`, the signature verifies under `publicKey` over
    /// `nonce = SHA-256(authenticatorData || clientDataHash)` taken as a message (as CryptoKit's
    /// `isValidSignature(_:for:)` does), rpIdHash is `SHA-256(appId)` and the counter is at least 1.
    /// It does not say the key is attested: that is `verifyAttestationBundle`'s job.
    ///
    /// - Parameters:
    ///   - assertion: what `generateAssertion` returned (1..4096 bytes).
    ///   - clientDataHash: the bytes given to `generateAssertion` (in a proof, `SHA-256(device input)`).
    ///   - keyId: the key identifier `generateKey` returned (32 bytes).
    ///   - publicKey: the App Attest key, a 65-byte SEC1 uncompressed P-256 point.
    ///   - appId: "TEAMID.bundle.id".
    /// - Returns: a `ProofCheck` named `device-attestation-sig`.
    public static func verifyAppAttestAssertion(
        _ assertion: Data, clientDataHash: Data, keyId: Data, publicKey: Data, appId: String
    ) -> ProofCheck {
        // Inside a proof the decoder holds the assertion to the schema's bound; so does this door.
        guard ProofSchema.assertionBytes.contains(assertion.count) else {
            return ProofCheck(
                name: CheckName.deviceAttestationSig,
                .fail(
                    .evidenceSizeInvalid,
                    "assertion of \(assertion.count) bytes, expected \(FieldSpec.text(ProofSchema.assertionBytes))"))
        }
        let outcome = AppAttest.judgeAssertion(
            assertion: [UInt8](assertion), clientDataHash: [UInt8](clientDataHash), keyId: [UInt8](keyId),
            publicKey: [UInt8](publicKey), appId: appId)
        return ProofCheck(name: CheckName.deviceAttestationSig, outcome)
    }

    /// Judges an Android Key Attestation chain: `hardware-attestation` for an `android_key` proof.
    ///
    /// The chain walk of the design: the chain (2 to 8 certificates, leaf first, the root
    /// optional) must lead to an Android root of `trustAnchors` in a factory or RKP shape, with
    /// the attestation extension in the leaf only, and the leaf's KeyDescription must say:
    /// generated in TrustedEnvironment or StrongBox, verified boot, locked bootloader, and an
    /// attestation application id (when present) naming `appId`. The attestation challenge is not
    /// judged (see docs/trust-model.md), nor is the leaf key: inside a proof it must equal
    /// `proof_key`, which `device-attestation-sig` checks.
    ///
    /// - Parameters:
    ///   - chainDER: the DER certificates Keystore returned, leaf first (each 1..16384 bytes).
    ///   - appId: the package name, as a proof would claim it in `claims.app_id`.
    ///   - time: the instant to judge the chain at when the key has no creationDateTime (in a
    ///     proof, its `createdAt`).
    ///   - trustAnchors: the roots; default `.bundled` (Google's hardware attestation roots).
    /// - Returns: a `ProofCheck` named `hardware-attestation` whose detail names the security
    ///   level and the provisioning (factory or RKP), never a device identifier.
    public static func verifyAndroidKeyChain(
        _ chainDER: [Data], appId: String, at time: Date, trustAnchors: TrustAnchors = .bundled
    ) -> ProofCheck {
        // Inside a proof the decoder holds each certificate to the schema's bound; so does this door.
        let bounds = ProofSchema.certificateBytes
        if let index = chainDER.firstIndex(where: { !bounds.contains($0.count) }) {
            return ProofCheck(
                name: CheckName.hardwareAttestation,
                .fail(
                    .evidenceSizeInvalid,
                    "certificate \(index) of \(chainDER[index].count) bytes, expected \(FieldSpec.text(bounds))"))
        }
        let outcome = AndroidKeyAttestation.judge(
            chainDER: chainDER.map { [UInt8]($0) }, appId: appId,
            createdAtMs: VerificationContext.milliseconds(time.timeIntervalSince1970), anchors: trustAnchors)
        return ProofCheck(name: CheckName.hardwareAttestation, outcome)
    }
}
