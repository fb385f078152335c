import OctetCrypto
import OctetEncoding
import OctetOutcome

/// An App Attest assertion: the CBOR map `{"signature": DER, "authenticatorData": bytes}`.
struct AppAttestAssertion: Sendable {
    let signature: [UInt8]
    let authenticatorData: ArraySlice<UInt8>

    /// Canonical CBOR holding exactly the two keys, both byte strings.
    static func parse(_ bytes: [UInt8]) throws(AppAttestFailure) -> Self {
        let value: CBORValue
        do {
            value = try CBORDecoder.decode(bytes)
        } catch {
            throw AppAttestFailure.cbor("assertion", error)
        }
        guard let entries = value.mapEntries else {
            throw AppAttestFailure(.evidenceMalformed, "assertion is not a CBOR map")
        }
        guard entries.count == 2, let signature = value[textKey: "signature"]?.byteString,
            let authenticatorData = value[textKey: "authenticatorData"]?.byteString
        else {
            throw AppAttestFailure(
                .evidenceMalformed, "assertion must hold exactly \"signature\" and \"authenticatorData\" byte strings")
        }
        return Self(signature: Array(signature), authenticatorData: authenticatorData)
    }
}

extension AppAttest {
    /// Every rule of `device-attestation-sig` for `app_attest`, in the design's order; throws
    /// the first that fails, returns the PASS detail.
    static func verifyAssertion(
        assertion: [UInt8], clientDataHash: [UInt8], keyId: [UInt8], publicKey: [UInt8], appId: String
    ) throws(AppAttestFailure) -> String {
        guard keyId == SHA256.hash(publicKey) else {
            throw AppAttestFailure(.keyIdMismatch, "key_id is not SHA-256 of public_key")
        }
        guard let key = try? P256PublicKey(x963Representation: publicKey) else {
            throw AppAttestFailure(.keyInvalid, "public_key is not a valid P-256 point")
        }
        let parsed = try AppAttestAssertion.parse(assertion)
        let authenticatorData = try AppAttestAuthenticatorData.parseAssertion(parsed.authenticatorData)
        // Apple signs the nonce as a message (ECDSA hashes it once more), not as a digest.
        let nonce = SHA256.hash(parts: [Array(parsed.authenticatorData), clientDataHash])
        guard key.isValidSignature(parsed.signature, for: nonce) else {
            throw AppAttestFailure(
                .deviceSignatureInvalid, "assertion signature does not verify under the App Attest key")
        }
        guard Array(authenticatorData.rpIdHash) == SHA256.hash(Array(appId.utf8)) else {
            throw AppAttestFailure(.rpIdMismatch, "assertion rpIdHash does not match the app id")
        }
        guard authenticatorData.counter >= 1 else { throw AppAttestFailure(.counterInvalid, "assertion counter is 0") }
        // Says what was checked: whether anything attests this key is hardware-attestation's judgement.
        return "App Attest assertion verifies under the given public key"
    }
}
