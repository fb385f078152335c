import Foundation
import OctetTestSupport
import Testing

/// The real device samples in ../shared/vectors (App Attest attestations and assertions, Android
/// chains), read at test time, shaped as the standalone entry points take them.
enum DeviceVectors {
    /// One real App Attest attestation, as an enrolment bundle's parts.
    struct Enrolment: Sendable, CustomTestStringConvertible {
        let id: String
        let appId: String
        let keyId: Data
        let attestationObject: Data
        let clientDataHash: Data
        let publicKey: Data
        let environment: String
        let verifyAt: Date
        let credentialNotBefore: Date
        var testDescription: String { id }
    }

    /// One real App Attest assertion with the key it verifies under.
    struct Assertion: Sendable, CustomTestStringConvertible {
        let id: String
        let appId: String
        let keyId: Data
        let publicKey: Data
        let assertion: Data
        let clientDataHash: Data
        var testDescription: String { id }
    }

    static let enrolments: [Enrolment] = AppAttestVectors.enrolments.compactMap { item in
        let (vector, attestation) = (item.vector, item.attestation)
        guard let keyId = Data(base64Encoded: vector.keyIdBase64),
            let object = Data(base64Encoded: attestation.attestationObjectBase64),
            let clientDataHash = Data(base64Encoded: attestation.clientDataHashBase64),
            let publicKey = Data(base64Encoded: attestation.expected.publicKeyX962Base64),
            let verifyAt = try? unixMilliseconds(attestation.verifyAt),
            let notBefore = try? unixMilliseconds(attestation.expected.credCert.notBefore)
        else { return nil }
        return Enrolment(
            id: vector.id, appId: vector.appId, keyId: keyId, attestationObject: object, clientDataHash: clientDataHash,
            publicKey: publicKey, environment: attestation.expected.environment, verifyAt: date(verifyAt),
            credentialNotBefore: date(notBefore))
    }

    static let assertions: [Assertion] = AppAttestVectors.assertions.compactMap { item in
        guard let keyId = Data(base64Encoded: item.assertion.keyIdBase64 ?? item.vector.keyIdBase64),
            let publicKey = Data(base64Encoded: item.publicKeyBase64),
            let assertion = Data(base64Encoded: item.assertion.assertionBase64),
            let clientDataHash = Data(base64Encoded: item.assertion.clientDataHashBase64)
        else { return nil }
        return Assertion(
            id: item.description, appId: item.vector.appId, keyId: keyId, publicKey: publicKey, assertion: assertion,
            clientDataHash: clientDataHash)
    }

    // MARK: Android

    static func androidChain(_ id: String) throws -> [Data] { try AndroidVectors.chain(id).map { Data($0) } }

    /// The first package the vector's attestation application id names ("unknown.app" when none).
    static func androidPackage(_ id: String) throws -> String { try AndroidVectors.packageName(id) }

    static func androidVerifyAt(_ id: String) throws -> Date { try AndroidVectors.verifyAt(id) }

    static var androidIds: [String] { AndroidVectors.ids }

    private static func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }
}
