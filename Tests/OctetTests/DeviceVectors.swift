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

    static let appAttestFiles = [
        "apple-guide-2024-ios18-production.json", "apple-guide-2026-ios27-production.json",
        "bas-d-appattest-2021-development.json", "uebelack-node-app-attest-2024.json",
        "veehaitch-ios14-development.json", "webauthn4j-kayak-ios14-production.json",
    ]

    /// Every App Attest vector object (a file holds one, or several under "cases").
    private static func appAttestVectors() -> [[String: Any]] {
        appAttestFiles.flatMap { name -> [[String: Any]] in
            guard let data = try? SharedVectors.data("apple-app-attest/\(name)"),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { return [] }
            return object["cases"] as? [[String: Any]] ?? [object]
        }
    }

    static let enrolments: [Enrolment] = appAttestVectors().compactMap { vector in
        guard let id = vector["id"] as? String, let appId = vector["appId"] as? String,
            let keyId = data(vector["keyIdBase64"]), let attestation = vector["attestation"] as? [String: Any],
            let expected = attestation["expected"] as? [String: Any],
            let certificate = expected["credCert"] as? [String: Any],
            let object = data(attestation["attestationObjectBase64"]),
            let clientDataHash = data(attestation["clientDataHashBase64"]),
            let publicKey = data(expected["publicKeyX962Base64"]),
            let environment = expected["environment"] as? String, let verifyAt = date(attestation["verifyAt"]),
            let notBefore = date(certificate["notBefore"])
        else { return nil }
        return Enrolment(
            id: id, appId: appId, keyId: keyId, attestationObject: object, clientDataHash: clientDataHash,
            publicKey: publicKey, environment: environment, verifyAt: verifyAt, credentialNotBefore: notBefore)
    }

    static let assertions: [Assertion] = appAttestVectors().flatMap { vector -> [Assertion] in
        guard let id = vector["id"] as? String, let appId = vector["appId"] as? String,
            let list = vector["assertions"] as? [[String: Any]]
        else { return [] }
        let attestedKey = ((vector["attestation"] as? [String: Any])?["expected"] as? [String: Any])?[
            "publicKeyX962Base64"]
        return list.enumerated().compactMap { index, item in
            guard let keyId = data(item["keyIdBase64"] ?? vector["keyIdBase64"]),
                let publicKey = data(item["publicKeyX962Base64"] ?? attestedKey),
                let assertion = data(item["assertionBase64"]), let clientDataHash = data(item["clientDataHashBase64"])
            else { return nil }
            return Assertion(
                id: "\(id) assertion \(index)", appId: appId, keyId: keyId, publicKey: publicKey, assertion: assertion,
                clientDataHash: clientDataHash)
        }
    }

    // MARK: Android

    static let androidFolder = "android-key-attestation/chains"

    static func androidJSON(_ id: String) throws -> [String: Any] {
        let data = try SharedVectors.data("\(androidFolder)/\(id).json")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func androidChain(_ id: String) throws -> [Data] {
        let list = try #require(try androidJSON(id)["certsLeafFirstDerBase64"] as? [String])
        return try list.map { try #require(Data(base64Encoded: $0)) }
    }

    /// The first package the vector's attestation application id names: the app id a proof from
    /// that app would claim ("unknown.app" when the chain names none).
    static func androidPackage(_ id: String) throws -> String {
        let description = try #require(try androidJSON(id)["keyDescription"] as? [String: Any])
        for list in ["softwareEnforced", "hardwareEnforced"] {
            if let applicationId = (description[list] as? [String: Any])?["attestationApplicationId"] as? [String: Any],
                let name = (applicationId["packages"] as? [[String: Any]])?.first?["name"] as? String
            {
                return name
            }
        }
        return "unknown.app"
    }

    static func androidVerifyAt(_ id: String) throws -> Date {
        try #require(date(try androidJSON(id)["verifyAt"]))
    }

    static var androidIds: [String] {
        guard let url = SharedVectors.url(androidFolder),
            let names = try? FileManager.default.contentsOfDirectory(atPath: url.path)
        else { return [] }
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    // MARK: Reading

    private static func data(_ value: Any?) -> Data? {
        (value as? String).flatMap { Data(base64Encoded: $0) }
    }

    private static func date(_ value: Any?) -> Date? {
        guard let text = value as? String else { return nil }
        let withFraction = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return withFraction.date(from: text) ?? ISO8601DateFormatter().date(from: text)
    }
}
