import Foundation
import OctetAttestation
import OctetCrypto
import OctetEncoding
import OctetOutcome
import OctetTestSupport
import Testing

/// Genuine App Attest objects changed in one way each: every change fails with its own detail,
/// except the receipt, which is not judged.
@Suite("App Attest: mutations of genuine objects", .enabled(if: SharedVectors.isAvailable, "shared vectors absent"))
struct AppAttestMutationTests {
    /// The iOS 27 sample (trailing `apple_*` map) and one iOS 14 development key with its assertion.
    static var ios27: Enrolment? {
        AppAttestVectors.enrolments.first { $0.vector.id == "apple-guide-2026-ios27-production" }
    }
    static var basD: Enrolment? {
        AppAttestVectors.enrolments.first { $0.vector.id == "bas-d-appattest-2021-development" }
    }
    static var basDAssertion: AssertionCase? {
        AppAttestVectors.assertions.first { $0.vector.id == "bas-d-appattest-2021-development" }
    }

    // MARK: - Attestation object

    @Test("one flipped byte of authData fails the nonce")
    func flippedAuthData() throws {
        let row = try #require(Self.ios27)
        let judgement = try judge(row) { object in
            try object.replacing("authData") { value in
                var bytes = try #require(value.byteString.map(Array.init))
                bytes[40] ^= 0x01
                return .bytes(bytes)
            }
        }
        #expect(judgement.code == .nonceMismatch)
    }

    @Test("a fourth key in the attestation object fails")
    func extraTopLevelKey() throws {
        let judgement = try judge(try #require(Self.basD)) { object in
            object.adding(key: .text("extra"), value: .null)
        }
        #expect(judgement.code == .evidenceMalformed)
    }

    @Test(
        "attStmt holds exactly x5c and receipt: without the receipt, with a receipt that is not bytes, or with another member, it fails"
    )
    func receipt() throws {
        let row = try #require(Self.basD)
        let withoutReceipt = try judge(row) { object in
            try object.replacing("attStmt") { statement in statement.removing(key: "receipt") }
        }
        #expect(withoutReceipt.code == .evidenceMalformed)
        let textReceipt = try judge(row) { object in
            try object.replacing("attStmt") { statement in try statement.replacing("receipt") { _ in .text("r") } }
        }
        #expect(textReceipt.code == .evidenceMalformed)
        let extraStatementKey = try judge(row) { object in
            try object.replacing("attStmt") { statement in statement.adding(key: .text("alg"), value: .int(-7)) }
        }
        #expect(extraStatementKey.code == .evidenceMalformed)
    }

    @Test("a format other than apple-appattest fails")
    func otherFormat() throws {
        let judgement = try judge(try #require(Self.basD)) { object in
            try object.replacing("fmt") { _ in .text("packed") }
        }
        #expect(judgement.code == .evidenceMalformed)
    }

    @Test("x5c with one or three certificates fails", arguments: [1, 3])
    func certificateCount(_ count: Int) throws {
        let judgement = try judge(try #require(Self.basD)) { object in
            try object.replacing("attStmt") { statement in
                try statement.replacing("x5c") { chain in
                    guard case .array(let certificates) = chain else { throw Mutation.unexpectedShape }
                    return .array(count == 1 ? [certificates[0]] : certificates + [certificates[1]])
                }
            }
        }
        #expect(judgement.code == .evidenceMalformed)
    }

    @Test("an attestation statement without an x5c array, or with a non-bytes element, fails")
    func statementShape() throws {
        let row = try #require(Self.basD)
        let noArray = try judge(row) { object in
            try object.replacing("attStmt") { statement in try statement.replacing("x5c") { _ in .bytes([0x30, 0x00]) }
            }
        }
        #expect(noArray.code == .evidenceMalformed)
        let textElement = try judge(row) { object in
            try object.replacing("attStmt") { statement in
                try statement.replacing("x5c") { chain in
                    guard case .array(let certificates) = chain else { throw Mutation.unexpectedShape }
                    return .array([certificates[0], .text("CA 1")])
                }
            }
        }
        #expect(textElement.code == .evidenceMalformed)
    }

    @Test("strict DER that is not a certificate fails as such")
    func notACertificate() throws {
        let judgement = try judge(try #require(Self.basD)) { object in
            try object.replacing("attStmt") { statement in
                try statement.replacing("x5c") { chain in
                    guard case .array(let certificates) = chain else { throw Mutation.unexpectedShape }
                    return .array([certificates[0], .bytes([0x30, 0x03, 0x02, 0x01, 0x01])])
                }
            }
        }
        #expect(judgement.code == .certificateMalformed)
    }

    @Test("x5c in the wrong order fails the chain")
    func swappedCertificates() throws {
        let judgement = try judge(try #require(Self.basD)) { object in
            try object.replacing("attStmt") { statement in
                try statement.replacing("x5c") { chain in
                    guard case .array(let certificates) = chain else { throw Mutation.unexpectedShape }
                    return .array(certificates.reversed())
                }
            }
        }
        #expect(judgement.code == .chainBroken)
    }

    @Test("a credential certificate with a non-minimal DER length fails, although its signature still holds")
    func nonMinimalCertificateLength() throws {
        let judgement = try judge(try #require(Self.basD)) { object in
            try object.replacing("attStmt") { statement in
                try statement.replacing("x5c") { chain in
                    guard case .array(let certificates) = chain, let der = certificates[0].byteString,
                        der.prefix(2).elementsEqual([0x30, 0x82])
                    else { throw Mutation.unexpectedShape }
                    // 30 82 LL LL → 30 83 00 LL LL: the same length in one byte more.
                    let longer = [0x30, 0x83, 0x00] + der.dropFirst(2)
                    return .array([.bytes(Array(longer)), certificates[1]])
                }
            }
        }
        #expect(judgement.code == .certificateMalformed)
    }

    @Test("a duplicate key, keys out of order, an indefinite map, a non-minimal length and trailing bytes all fail")
    func nonCanonicalEncodings() throws {
        let row = try #require(Self.basD)
        let original = try base64(row.attestation.attestationObjectBase64)
        let object = try CBORDecoder.decode(original)
        let entries = try #require(object.mapEntries)
        #expect(entries.count == 3)

        let duplicate = CBOREncoder.encodePreservingOrder(.map([entries[0], entries[0], entries[1], entries[2]]))
        let reordered = CBOREncoder.encodePreservingOrder(.map([entries[1], entries[0], entries[2]]))
        let indefinite = [0xBF] + original.dropFirst() + [0xFF]
        let trailing = original + [0x00]
        // authData, last in the map, re-headed from `58 LL` to `59 00 LL`.
        let authData = try #require(entries[2].value.byteString)
        #expect(authData.count < 256)
        let nonMinimal = CBOREncoder.encode(.map([entries[0], entries[1]])).dropFirst()
        let rebuilt =
            [0xA3] + nonMinimal + CBOREncoder.encode(.text("authData")) + [0x59, 0x00, UInt8(authData.count)]
            + authData

        let cases: [([UInt8], String)] = [
            (duplicate, "duplicate map key at offset 29"),
            (reordered, "map keys out of order"),
            (indefinite, "indefinite length at offset 0"),
            (trailing, "trailing bytes at offset \(original.count)"),
            (Array(rebuilt), "non-minimal argument"),
        ]
        for (bytes, expected) in cases {
            let judgement = judge(row, attestationObject: bytes)
            #expect(judgement.status == .fail)
            #expect(judgement.detail.hasPrefix("attestation object is not canonical CBOR ("), "\(expected)")
            #expect(judgement.detail.contains(expected.components(separatedBy: " at offset").first ?? expected))
        }
        #expect(judge(row, attestationObject: original).status == .pass)
    }

    @Test("every truncation of a genuine attestation object fails without crashing")
    func truncations() throws {
        let row = try #require(Self.ios27)
        let original = try base64(row.attestation.attestationObjectBase64)
        for length in stride(from: 0, to: original.count, by: 13) {
            #expect(judge(row, attestationObject: Array(original.prefix(length))).status == .fail)
        }
    }

    @Test("a flipped byte anywhere fails, unless it lies in the receipt, which is not judged")
    func byteFlips() throws {
        let row = try #require(Self.basD)
        let original = try base64(row.attestation.attestationObjectBase64)
        let receipt = try #require(
            try CBORDecoder.decode(original)[textKey: "attStmt"]?[textKey: "receipt"]?.byteString)
        var passedInReceipt = 0
        for index in stride(from: 0, to: original.count, by: 9) {
            var mutated = original
            mutated[index] ^= 0x04
            let judgement = judge(row, attestationObject: mutated)
            if receipt.indices.contains(index) {
                passedInReceipt += judgement.status == .pass ? 1 : 0
            } else {
                #expect(judgement.status == .fail, "byte \(index) flipped and still passed")
            }
        }
        #expect(passedInReceipt > 50)
    }

    // MARK: - Assertion

    @Test(
        "a genuine assertion with an extra key, a duplicate key, swapped keys, indefinite length or trailing bytes fails"
    )
    func assertionEncodings() throws {
        let row = try #require(Self.basDAssertion)
        let original = try base64(row.assertion.assertionBase64)
        let entries = try #require(try CBORDecoder.decode(original).mapEntries)
        let cases: [([UInt8], String)] = [
            (
                CBOREncoder.encode(.map(entries + [CBORMapEntry(key: .text("x"), value: .null)])),
                "assertion must hold exactly \"signature\" and \"authenticatorData\" byte strings"
            ),
            (
                CBOREncoder.encodePreservingOrder(.map([entries[0], entries[0], entries[1]])),
                "assertion is not canonical CBOR (duplicate map key at offset 84)"
            ),
            (
                CBOREncoder.encodePreservingOrder(.map([entries[1], entries[0]])),
                "assertion is not canonical CBOR (map keys out of order at offset 58)"
            ),
            ([0xBF] + original.dropFirst() + [0xFF], "assertion is not canonical CBOR (indefinite length at offset 0)"),
            (original + [0x00], "assertion is not canonical CBOR (trailing bytes at offset \(original.count))"),
            (CBOREncoder.encode(.array(entries.map(\.value))), "assertion is not a CBOR map"),
        ]
        for (bytes, expected) in cases {
            #expect(judge(row, assertion: bytes) == .fail(.evidenceMalformed, expected))
        }
        #expect(judge(row, assertion: original).status == .pass)
    }

    @Test("one flipped byte of a genuine assertion's authenticator data fails the signature")
    func flippedAssertionAuthData() throws {
        let row = try #require(Self.basDAssertion)
        let object = try CBORDecoder.decode(try base64(row.assertion.assertionBase64))
        let mutated = try object.replacing("authenticatorData") { value in
            var bytes = try #require(value.byteString.map(Array.init))
            bytes[36] ^= 0x01  // the counter's low byte: 3 becomes 2
            return .bytes(bytes)
        }
        #expect(
            judge(row, assertion: CBOREncoder.encode(mutated)).code == .deviceSignatureInvalid)
    }

    // MARK: - Helpers

    enum Mutation: Error {
        case unexpectedShape
        case missingKey(String)
    }

    private func judge(_ row: Enrolment, mutate: (CBORValue) throws -> CBORValue) throws -> Outcome {
        let object = try CBORDecoder.decode(try base64(row.attestation.attestationObjectBase64))
        return judge(row, attestationObject: CBOREncoder.encode(try mutate(object)))
    }

    private func judge(_ row: Enrolment, attestationObject: [UInt8]) -> Outcome {
        guard let keyId = try? base64(row.vector.keyIdBase64),
            let clientDataHash = try? base64(row.attestation.clientDataHashBase64),
            let publicKey = try? base64(row.attestation.expected.publicKeyX962Base64),
            let createdAt = try? unixMilliseconds(row.attestation.verifyAt)
        else { return .notChecked("bad vector") }
        return AppAttest.judgeEnrolment(
            AppAttestEnrolmentInput(
                keyId: keyId, attestationObject: attestationObject, clientDataHash: clientDataHash,
                appId: row.vector.appId),
            proofKeyId: keyId, proofPublicKey: publicKey, claimsAppId: row.vector.appId,
            claimsCreatedAtMs: createdAt, anchors: .bundled)
    }

    private func judge(_ row: AssertionCase, assertion: [UInt8]) -> Outcome {
        guard let key = try? base64(row.publicKeyBase64),
            let clientDataHash = try? base64(row.assertion.clientDataHashBase64)
        else { return .notChecked("bad vector") }
        return AppAttest.judgeAssertion(
            assertion: assertion, clientDataHash: clientDataHash, keyId: SHA256.hash(key), publicKey: key,
            appId: row.vector.appId)
    }
}

extension CBORValue {
    /// This map with the value under text key `key` replaced.
    func replacing(_ key: String, _ change: (CBORValue) throws -> CBORValue) throws -> CBORValue {
        guard let entries = mapEntries, let index = entries.firstIndex(where: { $0.key.isText(key) }) else {
            throw AppAttestMutationTests.Mutation.missingKey(key)
        }
        var changed = entries
        changed[index].value = try change(entries[index].value)
        return .map(changed)
    }

    /// This map with one more entry.
    func adding(key: CBORValue, value: CBORValue) -> CBORValue {
        .map((mapEntries ?? []) + [CBORMapEntry(key: key, value: value)])
    }

    /// This map without the entry under text key `key`.
    func removing(key: String) -> CBORValue {
        .map((mapEntries ?? []).filter { !$0.key.isText(key) })
    }
}
