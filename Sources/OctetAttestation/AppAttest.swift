import Foundation
import OctetOutcome

/// Apple App Attest, verified offline: enrolment (`hardware-attestation`) and assertions
/// (`device-attestation-sig`). See docs/trust-model.md for what a PASS proves.
///
/// Both judges return a value on every input and never crash; a FAIL's detail names the rule
/// that failed and never quotes keys, identifiers or input bytes.
public enum AppAttest {
    /// `hardware-attestation` for `app_attest`: every enrolment rule of the design.
    ///
    /// PASS only when: the enrolment is for `proofKeyId`; the attestation object is canonical
    /// CBOR holding exactly `fmt` ("apple-appattest"), `attStmt` (exactly `x5c` and `receipt`)
    /// and `authData`; x5c holds exactly two certificates, each well-formed by our own strict
    /// reader (design, "Well-formed certificates"; CERTIFICATE_MALFORMED naming its index), chained (names as DER bytes, signatures) to an App Attest root
    /// of `anchors`, valid at the credential certificate's notBefore; the nonce extension
    /// 1.2.840.113635.100.8.2 holds `H(authData || clientDataHash)`; the COSE key equals the
    /// certificate's key; `H(key) == keyId == credentialId`; rpIdHash is `H(appId)` and
    /// `appId == claimsAppId`; the counter is 0; the aaguid names production or development
    /// (the PASS detail says which); the key equals `proofPublicKey`; and `claimsCreatedAtMs`
    /// is not before the credential certificate's notBefore. The receipt's bytes are not judged.
    public static func judgeEnrolment(
        _ enrolment: AppAttestEnrolmentInput, proofKeyId: [UInt8], proofPublicKey: [UInt8], claimsAppId: String,
        claimsCreatedAtMs: Int64, anchors: TrustAnchors
    ) -> Outcome {
        judge { () throws(AppAttestFailure) -> String in
            try verifyEnrolment(
                enrolment, proofKeyId: proofKeyId, proofPublicKey: proofPublicKey, claimsAppId: claimsAppId,
                claimsCreatedAtMs: claimsCreatedAtMs, anchors: anchors.appAttestRoots)
        }
    }

    /// `device-attestation-sig` for `app_attest`.
    ///
    /// PASS only when: `keyId == H(publicKey)`; the assertion is canonical CBOR holding exactly
    /// `signature` and `authenticatorData` (byte strings); the authenticator data is 37 bytes
    /// followed by nothing or one CBOR map; the signature verifies over
    /// `nonce = H(authenticatorData || clientDataHash)` as a message (so ECDSA hashes it once
    /// more, as CryptoKit's `isValidSignature(_:for:)` does); rpIdHash is `H(appId)`; and the
    /// counter is at least 1.
    public static func judgeAssertion(
        assertion: [UInt8], clientDataHash: [UInt8], keyId: [UInt8], publicKey: [UInt8], appId: String
    ) -> Outcome {
        judge { () throws(AppAttestFailure) -> String in
            try verifyAssertion(
                assertion: assertion, clientDataHash: clientDataHash, keyId: keyId, publicKey: publicKey, appId: appId)
        }
    }

    private static func judge(_ rules: () throws(AppAttestFailure) -> String) -> Outcome {
        do {
            return .pass(try rules())
        } catch {
            return .fail(error.code, error.detail)
        }
    }
}
