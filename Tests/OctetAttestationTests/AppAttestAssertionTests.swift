import OctetAttestation
import OctetCrypto
import OctetEncoding
import OctetOutcome
import OctetTestSupport
import Testing

/// Assertions made with a software P-256 key, so every rule of `device-attestation-sig` for
/// `app_attest` can be broken on its own.
@Suite("App Attest: assertion rules, with a software key")
struct AppAttestAssertionTests {
    static let appId = "ABCDE12345.com.example.octet"
    static let clientDataHash = SHA256.hash(Array("octet/v1/device\0 committed digest".utf8))
    let key = P256PrivateKey()

    /// Authenticator data: rpIdHash | flags | counter | tail.
    func authenticatorData(
        appId: String = appId, flags: UInt8 = 0x40, counter: UInt32 = 1, tail: [UInt8] = []
    ) -> [UInt8] {
        SHA256.hash(Array(appId.utf8)) + [flags]
            + [
                UInt8(counter >> 24), UInt8((counter >> 16) & 0xFF), UInt8((counter >> 8) & 0xFF),
                UInt8(counter & 0xFF),
            ]
            + tail
    }

    /// A signed assertion as App Attest makes it: the signature is over the nonce as a message.
    func assertion(_ authenticatorData: [UInt8], signature: [UInt8]? = nil) -> [UInt8] {
        let nonce = SHA256.hash(authenticatorData + Self.clientDataHash)
        return CBOREncoder.encode(
            .map([
                CBORMapEntry(key: .text("signature"), value: .bytes(signature ?? key.signature(for: nonce))),
                CBORMapEntry(key: .text("authenticatorData"), value: .bytes(authenticatorData)),
            ]))
    }

    func judge(_ assertion: [UInt8], appId: String = appId, publicKey: [UInt8]? = nil, keyId: [UInt8]? = nil)
        -> Outcome
    {
        let point = publicKey ?? key.publicKey.x963Representation
        return AppAttest.judgeAssertion(
            assertion: assertion, clientDataHash: Self.clientDataHash, keyId: keyId ?? SHA256.hash(point),
            publicKey: point, appId: appId)
    }

    static let pass = Outcome.pass("App Attest assertion verifies under the given public key")

    struct Layout: Sendable, CustomTestStringConvertible {
        let name: String
        let flags: UInt8
        let tail: [UInt8]
        let expected: Outcome
        var testDescription: String { name }
    }

    static let layouts: [Layout] = [
        Layout(name: "AT flag set, no credential data (as real devices do)", flags: 0x40, tail: [], expected: pass),
        Layout(name: "no flags", flags: 0x00, tail: [], expected: pass),
        Layout(
            name: "one trailing apple_* map without ED (iOS 27)", flags: 0x40,
            tail: CBOREncoder.encode(.map([CBORMapEntry(key: .text("apple_bundle_version_01"), value: .text("1"))])),
            expected: pass),
        Layout(
            name: "one trailing map with ED", flags: 0xC0,
            tail: CBOREncoder.encode(.map([CBORMapEntry(key: .text("apple_x"), value: .bytes([1, 0, 0, 0]))])),
            expected: pass),
        Layout(name: "an empty trailing map", flags: 0x40, tail: [0xA0], expected: pass),
        Layout(
            name: "two trailing maps", flags: 0x40, tail: [0xA0, 0xA0],
            expected: .fail(
                .evidenceMalformed,
                "data after the authenticator data's fixed fields is not canonical CBOR (trailing bytes at offset 1)")),
        Layout(
            name: "a trailing integer", flags: 0x40, tail: [0x00],
            expected: .fail(.evidenceMalformed, "authenticator data ends with something other than one CBOR map")),
        Layout(
            name: "a trailing array", flags: 0x40, tail: [0x80],
            expected: .fail(.evidenceMalformed, "authenticator data ends with something other than one CBOR map")),
        Layout(
            name: "trailing bytes that are not CBOR", flags: 0x40, tail: [0xFF],
            expected: .fail(
                .evidenceMalformed,
                "data after the authenticator data's fixed fields is not canonical CBOR (unexpected break at offset 0)")
        ),
        Layout(
            name: "a trailing map with keys out of order", flags: 0x40, tail: hexBytes("a2 61 62 00 61 61 00"),
            expected: .fail(
                .evidenceMalformed,
                "data after the authenticator data's fixed fields is not canonical CBOR (map keys out of order at offset 4)"
            )),
        Layout(
            name: "attested credential data (not allowed in an assertion)", flags: 0x40,
            tail: Array("appattest".utf8) + [UInt8](repeating: 0, count: 7) + [0x00, 0x20],
            expected: .fail(
                .evidenceMalformed,
                "data after the authenticator data's fixed fields is not canonical CBOR (trailing bytes at offset 2)")),
    ]

    @Test("authenticator data is read by position: the flags never decide the layout", arguments: layouts)
    func layout(_ row: Layout) {
        #expect(judge(assertion(authenticatorData(flags: row.flags, tail: row.tail))) == row.expected)
    }

    @Test("the counter must be at least 1", arguments: [(UInt32(0), false), (1, true), (UInt32.max, true)])
    func counter(_ counter: UInt32, _ passes: Bool) {
        let judgement = judge(assertion(authenticatorData(counter: counter)))
        #expect(judgement == (passes ? Self.pass : .fail(.counterInvalid, "assertion counter is 0")))
    }

    @Test("authenticator data shorter than 37 bytes fails")
    func shortAuthenticatorData() {
        let short = Array(authenticatorData().prefix(36))
        #expect(judge(assertion(short)).code == .evidenceMalformed)
    }

    @Test("rpIdHash must be the hash of the app id")
    func rpIdHash() {
        let signed = assertion(authenticatorData(appId: "ABCDE12345.com.example.other"))
        #expect(judge(signed).code == .rpIdMismatch)
    }

    @Test("key_id must be the hash of the public key")
    func keyId() {
        var wrong = SHA256.hash(key.publicKey.x963Representation)
        wrong[31] ^= 1
        #expect(judge(assertion(authenticatorData()), keyId: wrong).code == .keyIdMismatch)
        #expect(judge(assertion(authenticatorData()), keyId: []).code == .keyIdMismatch)
    }

    @Test("a public key that is not a P-256 point fails, whatever its key_id")
    func invalidPoint() {
        var point = key.publicKey.x963Representation
        point[64] ^= 0x01  // off the curve
        #expect(
            judge(assertion(authenticatorData()), publicKey: point).code == .keyInvalid)
        #expect(judge(assertion(authenticatorData()), publicKey: []).code == .keyInvalid)
    }

    @Test("a signature with the wrong hashing semantics (nonce used as the digest) fails")
    func prehashedSignature() {
        let data = authenticatorData()
        // Signing the concatenation makes the ECDSA digest equal the nonce itself: what a
        // verifier that treats the nonce as a prehashed digest would accept.
        let prehashed = key.signature(for: data + Self.clientDataHash)
        let nonce = SHA256.hash(data + Self.clientDataHash)
        #expect(key.publicKey.isValidSignature(prehashed, for: data + Self.clientDataHash))
        #expect(!key.publicKey.isValidSignature(prehashed, for: nonce))
        #expect(
            judge(assertion(data, signature: prehashed)).code == .deviceSignatureInvalid)
    }

    @Test("a signature by another key, or one that is not strict DER, fails")
    func badSignatures() {
        let data = authenticatorData()
        let nonce = SHA256.hash(data + Self.clientDataHash)
        let other = P256PrivateKey().signature(for: nonce)
        let genuine = key.signature(for: nonce)
        // BER, not DER: the SEQUENCE length in the long form.
        let ber = [genuine[0], 0x81] + genuine.dropFirst()
        for signature in [other, Array(ber), [], genuine + [0x00]] {
            #expect(
                judge(assertion(data, signature: signature)).code == .deviceSignatureInvalid)
        }
        #expect(judge(assertion(data, signature: genuine)) == Self.pass)
    }

    @Test("the assertion map holds exactly two byte strings")
    func assertionShape() {
        let data = authenticatorData()
        let signature = key.signature(for: SHA256.hash(data + Self.clientDataHash))
        let shapeFailure = Outcome.fail(
            .evidenceMalformed, "assertion must hold exactly \"signature\" and \"authenticatorData\" byte strings")
        let cases: [CBORValue] = [
            .map([CBORMapEntry(key: .text("signature"), value: .bytes(signature))]),
            .map([
                CBORMapEntry(key: .text("signature"), value: .text("x")),
                CBORMapEntry(key: .text("authenticatorData"), value: .bytes(data)),
            ]),
            .map([
                CBORMapEntry(key: .text("signature"), value: .bytes(signature)),
                CBORMapEntry(key: .text("authData"), value: .bytes(data)),
            ]),
            .map([
                CBORMapEntry(key: .text("signature"), value: .bytes(signature)),
                CBORMapEntry(key: .text("authenticatorData"), value: .bytes(data)),
                CBORMapEntry(key: .text("clientDataHash"), value: .bytes(Self.clientDataHash)),
            ]),
        ]
        for value in cases { #expect(judge(CBOREncoder.encode(value)) == shapeFailure) }
        #expect(judge([]).code == .evidenceMalformed)
        #expect(judge(CBOREncoder.encode(.text("x"))).code == .evidenceMalformed)
    }

    @Test("a FAIL detail never quotes the key, the key id or the app id")
    func logSafety() {
        let point = key.publicKey.x963Representation
        let signed = assertion(authenticatorData(counter: 0))
        let details = [
            judge(signed).detail, judge(signed, appId: "X.y").detail,
            judge(signed, keyId: [UInt8](repeating: 7, count: 32)).detail,
        ]
        let secrets = [Self.appId, "X.y", String(describing: point), String(describing: SHA256.hash(point))]
        for detail in details {
            for secret in secrets { #expect(!detail.contains(secret)) }
        }
    }
}
