import Foundation
import OctetAttestation
import OctetCrypto
import OctetEncoding
import OctetOutcome
import OctetTestSupport
import Testing

/// Every real attestation and assertion in ../shared/vectors/apple-app-attest, judged by the
/// same entry points the checks call, with the times PROVENANCE.md gives.
@Suite("App Attest: real attestations and assertions", .enabled(if: SharedVectors.isAvailable, "shared vectors absent"))
struct AppAttestVectorTests {
    @Test("the vector files are all read")
    func vectorsLoad() {
        #expect(AppAttestVectors.enrolments.count == 13)
        #expect(AppAttestVectors.assertions.count == 10)
    }

    @Test(
        "every genuine attestation passes hardware-attestation and names its environment",
        arguments: AppAttestVectors.enrolments)
    func genuineEnrolmentPasses(_ row: Enrolment) throws {
        let judgement = try judge(row)
        #expect(row.attestation.expected.result == "valid")
        #expect(judgement == .pass("App Attest enrolment verified (\(row.attestation.expected.environment))"))
    }

    @Test(
        "every genuine attestation is canonical CBOR: it re-encodes to the same bytes",
        arguments: AppAttestVectors.enrolments)
    func attestationObjectIsCanonical(_ row: Enrolment) throws {
        let bytes = try base64(row.attestation.attestationObjectBase64)
        #expect(CBOREncoder.encode(try CBORDecoder.decode(bytes)) == bytes)
    }

    @Test("every genuine assertion passes device-attestation-sig", arguments: AppAttestVectors.assertions)
    func genuineAssertionPasses(_ row: AssertionCase) throws {
        #expect(row.assertion.expected.result == "valid")
        #expect(try judge(row) == .pass("App Attest assertion verifies under the given public key"))
    }

    @Test("every genuine assertion is canonical CBOR", arguments: AppAttestVectors.assertions)
    func assertionIsCanonical(_ row: AssertionCase) throws {
        let bytes = try base64(row.assertion.assertionBase64)
        #expect(CBOREncoder.encode(try CBORDecoder.decode(bytes)) == bytes)
    }

    // MARK: - The vectors' negative cases, where our API can express them

    @Test(
        "a proof created one millisecond before the credential certificate's notBefore fails",
        arguments: AppAttestVectors.enrolments)
    func predatingProofFails(_ row: Enrolment) throws {
        let notBefore = try unixMilliseconds(row.attestation.expected.credCert.notBefore)
        #expect(try judge(row, createdAtMs: notBefore).status == .pass)
        #expect(
            try judge(row, createdAtMs: notBefore - 1).code == .proofPredatesEnrolment)
    }

    /// The vectors reject verification after notAfter; the design judges the chain at notBefore
    /// instead (an enrolment is a one-time event), so a later proof still passes.
    @Test(
        "a proof made after the credential certificate expired still passes (chain judged at notBefore)",
        arguments: AppAttestVectors.enrolments)
    func laterProofPasses(_ row: Enrolment) throws {
        let notAfter = try unixMilliseconds(row.attestation.expected.credCert.notAfter)
        #expect(try judge(row, createdAtMs: notAfter + 1000).status == .pass)
    }

    @Test("clientDataHash formed the other way fails the nonce", arguments: AppAttestVectors.enrolments)
    func otherClientDataHashFails(_ row: Enrolment) throws {
        let challenge = try base64(row.attestation.challenge.base64)
        let other = row.attestation.clientDataHashFormedAs == "raw" ? SHA256.hash(challenge) : challenge
        #expect(
            try judge(row, clientDataHash: other).code == .nonceMismatch)
    }

    @Test("another app id fails: in the enrolment (rpIdHash) and in the claims", arguments: AppAttestVectors.enrolments)
    func otherAppIdFails(_ row: Enrolment) throws {
        let other = "ABCDE12345" + row.vector.appId.drop { $0 != "." }
        #expect(
            try judge(row, appId: other, claimsAppId: other).code == .rpIdMismatch)
        #expect(try judge(row, claimsAppId: other).code == .appIdMismatch)
    }

    @Test(
        "another key_id fails: a bundle for another key, and a key_id that is not the key's hash",
        arguments: AppAttestVectors.enrolments)
    func otherKeyIdFails(_ row: Enrolment) throws {
        var other = try base64(row.vector.keyIdBase64)
        other[0] ^= 0x01
        #expect(try judge(row, proofKeyId: other).code == .keyIdMismatch)
        #expect(try judge(row, keyId: other, proofKeyId: other).code == .keyIdMismatch)
    }

    @Test("a proof key other than the attested key fails", arguments: AppAttestVectors.enrolments)
    func otherProofKeyFails(_ row: Enrolment) throws {
        let other = P256PrivateKey().publicKey.x963Representation
        let judgement = try judge(row, proofPublicKey: other)
        #expect(judgement.status == .fail)
        #expect(judgement.detail.hasPrefix("attested credential key differs from app_attest.public_key"))
        #expect(judgement.detail.hasSuffix("(\(row.attestation.expected.environment))"))
    }

    @Test("the environment is named from the aaguid, never the other one", arguments: AppAttestVectors.enrolments)
    func environmentNaming(_ row: Enrolment) throws {
        let detail = try judge(row).detail
        let other = row.attestation.expected.environment == "production" ? "development" : "production"
        #expect(detail.contains(row.attestation.expected.environment))
        #expect(!detail.contains(other))
    }

    @Test("trust anchors without the App Attest root fail the chain", arguments: AppAttestVectors.enrolments)
    func otherAnchorsFail(_ row: Enrolment) throws {
        let g3 = TrustAnchors(appAttestRootsDER: [Data(try AppAttestVectors.appleRootG3DER())], androidRootsDER: [])
        let androidOnly = TrustAnchors(appAttestRootsDER: TrustAnchors.bundled.androidRootsDER, androidRootsDER: [])
        let none = TrustAnchors(appAttestRootsDER: [], androidRootsDER: TrustAnchors.bundled.appAttestRootsDER)
        for anchors in [g3, androidOnly, none] {
            #expect(
                try judge(row, anchors: anchors).code == .chainUntrusted)
        }
        let vectorRoot = TrustAnchors(
            appAttestRootsDER: [Data(try AppAttestVectors.appleRootDER())], androidRootsDER: [])
        #expect(try judge(row, anchors: vectorRoot).status == .pass)
    }

    @Test("an assertion over other client data fails the signature", arguments: AppAttestVectors.assertions)
    func otherClientDataFails(_ row: AssertionCase) throws {
        var clientData = try base64(row.assertion.clientData.base64)
        clientData[clientData.count / 2] ^= 0x20
        #expect(
            try judge(row, clientDataHash: SHA256.hash(clientData)).code == .deviceSignatureInvalid)
    }

    @Test("an assertion checked against another app id fails rpIdHash", arguments: AppAttestVectors.assertions)
    func assertionOtherAppIdFails(_ row: AssertionCase) throws {
        #expect(try judge(row, appId: row.vector.appId + "x").code == .rpIdMismatch)
    }

    @Test("an assertion checked with another vector's key fails", arguments: AppAttestVectors.assertions)
    func assertionOtherKeyFails(_ row: AssertionCase) throws {
        let own = try base64(row.publicKeyBase64)
        let other = try #require(AppAttestVectors.assertions.map(\.publicKeyBase64).first { $0 != row.publicKeyBase64 })
        let otherKey = try base64(other)
        #expect(otherKey != own)
        #expect(
            try judge(row, publicKey: otherKey, keyId: SHA256.hash(otherKey)).code == .deviceSignatureInvalid)
        #expect(try judge(row, keyId: SHA256.hash(otherKey)).code == .keyIdMismatch)
    }

    @Test("the standalone assertion's key is enrolled by neither attestation of its file")
    func standaloneAssertionHasNoEnrolment() throws {
        let standalone = try #require(AppAttestVectors.assertions.first { $0.vector.attestation == nil })
        let keyId = try base64(try #require(standalone.assertion.keyIdBase64))
        let publicKey = try base64(standalone.publicKeyBase64)
        let siblings = AppAttestVectors.enrolments.filter { $0.vector.appId == standalone.vector.appId }
        #expect(siblings.count == 2)
        for sibling in siblings {
            #expect(
                try judge(sibling, proofKeyId: keyId, proofPublicKey: publicKey).code == .keyIdMismatch)
        }
    }

    // MARK: - Calls with one thing changed

    private func judge(
        _ row: Enrolment, clientDataHash: [UInt8]? = nil, appId: String? = nil, claimsAppId: String? = nil,
        keyId: [UInt8]? = nil, proofKeyId: [UInt8]? = nil, proofPublicKey: [UInt8]? = nil, createdAtMs: Int64? = nil,
        anchors: TrustAnchors = .bundled
    ) throws -> Outcome {
        let vectorKeyId = try base64(row.vector.keyIdBase64)
        let enrolment = AppAttestEnrolmentInput(
            keyId: keyId ?? vectorKeyId, attestationObject: try base64(row.attestation.attestationObjectBase64),
            clientDataHash: try clientDataHash ?? base64(row.attestation.clientDataHashBase64),
            appId: appId ?? row.vector.appId)
        return AppAttest.judgeEnrolment(
            enrolment, proofKeyId: proofKeyId ?? vectorKeyId,
            proofPublicKey: try proofPublicKey ?? base64(row.attestation.expected.publicKeyX962Base64),
            claimsAppId: claimsAppId ?? row.vector.appId,
            claimsCreatedAtMs: try createdAtMs ?? unixMilliseconds(row.attestation.verifyAt), anchors: anchors)
    }

    private func judge(
        _ row: AssertionCase, clientDataHash: [UInt8]? = nil, appId: String? = nil, publicKey: [UInt8]? = nil,
        keyId: [UInt8]? = nil
    ) throws -> Outcome {
        let key = try publicKey ?? base64(row.publicKeyBase64)
        return AppAttest.judgeAssertion(
            assertion: try base64(row.assertion.assertionBase64),
            clientDataHash: try clientDataHash ?? base64(row.assertion.clientDataHashBase64),
            keyId: keyId ?? SHA256.hash(key), publicKey: key, appId: appId ?? row.vector.appId)
    }
}
