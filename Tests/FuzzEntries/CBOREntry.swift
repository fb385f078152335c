import OctetAttestation
import OctetCrypto
import OctetEncoding

enum CBOREntry {
    /// A fixed key for the assertion judge: the judge's CBOR and authenticator-data parsing run
    /// before the signature check, so the key only has to be well-formed.
    static let key: [UInt8] = {
        guard let key = try? P256PrivateKey(rawScalar: [UInt8](repeating: 0, count: 31) + [3]) else { return [] }
        return key.publicKey.x963Representation
    }()

    static func run(_ bytes: [UInt8]) {
        if let value = try? CBORDecoder.decode(bytes) {
            // Canonical input must re-encode to itself: the decoder accepts only canonical CBOR.
            precondition(CBOREncoder.encodePreservingOrder(value) == bytes, "accepted CBOR that is not canonical")
        }
        _ = try? CBORDecoder.decodePrefix(bytes[...])
        _ = AppAttest.judgeAssertion(
            assertion: bytes, clientDataHash: [UInt8](repeating: 1, count: 32), keyId: SHA256.hash(key),
            publicKey: key, appId: "TEAMID1234.com.example.octet")
        let enrolment = AppAttestEnrolmentInput(
            keyId: SHA256.hash(key), attestationObject: bytes, clientDataHash: [UInt8](repeating: 1, count: 32),
            appId: "TEAMID1234.com.example.octet")
        _ = AppAttest.judgeEnrolment(
            enrolment, proofKeyId: SHA256.hash(key), proofPublicKey: key, claimsAppId: "TEAMID1234.com.example.octet",
            claimsCreatedAtMs: 1_768_478_400_000, anchors: .bundled)
    }
}
