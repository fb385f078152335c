import OctetCrypto
import OctetEncoding
import OctetOutcome
import OctetTestSupport
import Testing

@testable import OctetAttestation

/// The parsers behind the judges, checked field by field against what the vectors record.
@Suite("App Attest: attestation object, authenticator data and COSE key parsers")
struct AppAttestParserTests {
    @Test(
        "every genuine attestation's authenticator data reads as the vector records it",
        .enabled(if: SharedVectors.isAvailable, "shared vectors absent"), arguments: AppAttestVectors.enrolments)
    func attestationFields(_ row: Enrolment) throws {
        let expected = row.attestation.expected
        let object = try AppAttestAttestationObject.parse(try base64(row.attestation.attestationObjectBase64))
        #expect(object.x5c.count == 2)
        #expect(object.authData.count == expected.authDataLength)
        let (authData, credential) = try AppAttestAuthenticatorData.parseAttestation(object.authData)
        #expect(Array(authData.rpIdHash) == (try base64(expected.rpIdHashBase64)))
        #expect(authData.counter == UInt32(expected.counter))
        #expect(credential.aaguid.map { String($0, radix: 16).leftPadded(2) }.joined() == expected.aaguidHex)
        #expect(Array(credential.credentialId) == (try base64(expected.credentialIdBase64)))
        #expect(credential.publicKey == (try base64(expected.publicKeyX962Base64)))
        let clientDataHash = try base64(row.attestation.clientDataHashBase64)
        #expect(SHA256.hash(Array(object.authData) + clientDataHash) == (try base64(expected.nonceBase64)))

        // The iOS 27 sample's trailing map; older objects end after the COSE key.
        let recorded = expected.authDataExtensions ?? [:]
        let entries = authData.extensions?.mapEntries ?? []
        #expect(entries.count == recorded.count)
        for entry in entries {
            let name = try #require(entry.key.textString)
            let value =
                entry.value.textString
                ?? entry.value.byteString.map { bytes in
                    bytes.map { String($0, radix: 16).leftPadded(2) }.joined()
                }
            #expect(value == recorded[name])
            #expect(name.hasPrefix("apple_"))
        }
    }

    @Test(
        "every genuine assertion's authenticator data is the 37-byte header with its counter",
        .enabled(if: SharedVectors.isAvailable, "shared vectors absent"), arguments: AppAttestVectors.assertions)
    func assertionFields(_ row: AssertionCase) throws {
        let assertion = try AppAttestAssertion.parse(try base64(row.assertion.assertionBase64))
        #expect(assertion.authenticatorData.count == row.assertion.expected.authenticatorDataLength)
        let authData = try AppAttestAuthenticatorData.parseAssertion(assertion.authenticatorData)
        #expect(authData.counter == UInt32(row.assertion.expected.counter))
        #expect(authData.flags & 0x40 != 0, "real assertions set AT with no credential data")
        #expect(authData.credential == nil && authData.extensions == nil)
        let clientDataHash = try base64(row.assertion.clientDataHashBase64)
        #expect(
            SHA256.hash(Array(assertion.authenticatorData) + clientDataHash)
                == (try base64(row.assertion.expected.nonceBase64)))
    }

    struct KeyCase: Sendable, CustomTestStringConvertible {
        let name: String
        let entries: [(Int64, CBORValue)]
        let failure: String?
        var testDescription: String { name }
        init(_ name: String, _ entries: [(Int64, CBORValue)], _ failure: String?) {
            self.name = name
            self.entries = entries
            self.failure = failure
        }
    }

    static let x = CBORValue.bytes([UInt8](repeating: 1, count: 32))
    static let y = CBORValue.bytes([UInt8](repeating: 2, count: 32))
    static let keyCases: [KeyCase] = [
        KeyCase(
            "kty 2, alg -7, crv 1, x, y (as App Attest writes it)",
            [(1, .int(2)), (3, .int(-7)), (-1, .int(1)), (-2, x), (-3, y)], nil),
        KeyCase("no alg", [(1, .int(2)), (-1, .int(1)), (-2, x), (-3, y)], nil),
        KeyCase("another alg (set aside)", [(1, .int(2)), (3, .int(-35)), (-1, .int(1)), (-2, x), (-3, y)], nil),
        KeyCase(
            "alg as text", [(1, .int(2)), (3, .text("ES256")), (-1, .int(1)), (-2, x), (-3, y)],
            "credential public key has a non-integer alg"),
        KeyCase(
            "kty 3 (RSA)", [(1, .int(3)), (-1, .int(1)), (-2, x), (-3, y)], "credential public key is not an EC2 key"),
        KeyCase("no kty", [(-1, .int(1)), (-2, x), (-3, y)], "credential public key is not an EC2 key"),
        KeyCase(
            "crv 2 (P-384)", [(1, .int(2)), (-1, .int(2)), (-2, x), (-3, y)], "credential public key is not on P-256"),
        KeyCase(
            "x of 31 bytes", [(1, .int(2)), (-1, .int(1)), (-2, .bytes([UInt8](repeating: 1, count: 31))), (-3, y)],
            "credential public key coordinates are not 32-byte strings"),
        KeyCase(
            "no y", [(1, .int(2)), (-1, .int(1)), (-2, x)], "credential public key coordinates are not 32-byte strings"),
        KeyCase(
            "y as text", [(1, .int(2)), (-1, .int(1)), (-2, x), (-3, .text("y"))],
            "credential public key coordinates are not 32-byte strings"),
        KeyCase(
            "a kid (label 2)", [(1, .int(2)), (2, .bytes([1])), (-1, .int(1)), (-2, x), (-3, y)],
            "credential public key has an unexpected COSE parameter"),
        KeyCase(
            "a private d (label -4)", [(1, .int(2)), (-1, .int(1)), (-2, x), (-3, y), (-4, x)],
            "credential public key has an unexpected COSE parameter"),
    ]

    @Test("a COSE key is an EC2 P-256 key with 32-byte x and y, alg set aside", arguments: keyCases)
    func coseKey(_ row: KeyCase) {
        let key = CBORValue.map(row.entries.map { CBORMapEntry(key: .int($0.0), value: $0.1) })
        do {
            let point = try COSEKey.p256Point(key)
            #expect(row.failure == nil)
            #expect(point == [0x04] + [UInt8](repeating: 1, count: 32) + [UInt8](repeating: 2, count: 32))
        } catch {
            #expect(error.detail == row.failure)
        }
    }

    @Test("attested credential data must fit: a credential id running past the end fails")
    func credentialIdBounds() {
        let header = [UInt8](repeating: 0, count: 37)
        let aaguid = Array("appattestdevelop".utf8)
        let cases: [([UInt8], String)] = [
            (header, "attested credential data is missing or cut short"),
            (header + aaguid + [0x00], "attested credential data is missing or cut short"),
            (header + aaguid + [0xFF, 0xFF] + [1, 2, 3], "credential id runs past the authenticator data"),
            (header + aaguid + [0x00, 0x00], "credential public key is not canonical CBOR (truncated at offset 0)"),
            (header + aaguid + [0x00, 0x00, 0x01], "credential public key is not a COSE key map"),
        ]
        for (bytes, failure) in cases {
            #expect(throws: AppAttestFailure(.evidenceMalformed, failure)) {
                try AppAttestAuthenticatorData.parseAttestation(bytes[...])
            }
        }
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
