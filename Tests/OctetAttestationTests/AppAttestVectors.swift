import Foundation
import OctetTestSupport
import Testing

/// The real App Attest data in ../shared/vectors/apple-app-attest (see its PROVENANCE.md),
/// read at test time. Empty when the vectors are absent; the suites then skip visibly.
enum AppAttestVectors {
    static let directory = "apple-app-attest"
    static let files = [
        "apple-guide-2024-ios18-production.json",
        "apple-guide-2026-ios27-production.json",
        "bas-d-appattest-2021-development.json",
        "uebelack-node-app-attest-2024.json",
        "veehaitch-ios14-development.json",
        "webauthn4j-kayak-ios14-production.json",
    ]

    /// Every vector of every file, in file order.
    static let all: [Vector] = {
        guard SharedVectors.isAvailable else { return [] }
        return files.flatMap { name -> [Vector] in
            guard let data = try? SharedVectors.data("\(directory)/\(name)"),
                let file = try? JSONDecoder().decode(File.self, from: data)
            else { return [] }
            return file.cases ?? (file.single.map { [$0] } ?? [])
        }
    }()

    /// Every vector with an attestation, as a test argument.
    static let enrolments: [Enrolment] = all.compactMap { vector in
        vector.attestation.map { Enrolment(vector: vector, attestation: $0) }
    }

    /// Every assertion, with the key it verifies under.
    static let assertions: [AssertionCase] = all.flatMap { vector in
        vector.assertions.enumerated().compactMap { index, assertion -> AssertionCase? in
            guard let key = assertion.publicKeyX962Base64 ?? vector.attestation?.expected.publicKeyX962Base64 else {
                return nil
            }
            return AssertionCase(vector: vector, assertion: assertion, index: index, publicKeyBase64: key)
        }
    }

    /// The Apple App Attestation root as the vectors ship it.
    static func appleRootDER() throws -> [UInt8] {
        try pemCertificate("\(directory)/apple-app-attestation-root-ca.pem")
    }

    /// Apple Root CA - G3: a genuine Apple root, but not the App Attest one.
    static func appleRootG3DER() throws -> [UInt8] {
        try pemCertificate("\(directory)/apple-root-ca-g3.pem")
    }

    private static func pemCertificate(_ path: String) throws -> [UInt8] {
        let text = String(decoding: try SharedVectors.data(path), as: UTF8.self)
        let body = text.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        guard let der = Data(base64Encoded: body) else { throw VectorError.badBase64(path) }
        return [UInt8](der)
    }

    // MARK: - JSON layout (schema apple-app-attest-vector/1)

    struct File: Decodable {
        let cases: [Vector]?
        let single: Vector?

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            cases = try container.decodeIfPresent([Vector].self, forKey: .cases)
            single = cases == nil ? try Vector(from: decoder) : nil
        }
        enum CodingKeys: String, CodingKey { case cases }
    }

    struct Vector: Decodable, Sendable {
        let id: String
        let appId: String
        let keyIdBase64: String
        let attestation: Attestation?
        let assertions: [Assertion]
        let negativeCases: [NegativeCase]?
    }

    struct Attestation: Decodable, Sendable {
        let attestationObjectBase64: String
        let clientDataHashBase64: String
        let clientDataHashFormedAs: String
        let challenge: Encoded
        let verifyAt: String
        let expected: AttestationExpected
    }

    struct Encoded: Decodable, Sendable {
        let base64: String
    }

    struct AttestationExpected: Decodable, Sendable {
        let result: String
        let environment: String
        let aaguidHex: String
        let counter: Int
        let authDataLength: Int
        let authDataExtensions: [String: String]?
        let rpIdHashBase64: String
        let nonceBase64: String
        let credentialIdBase64: String
        let publicKeyX962Base64: String
        let credCert: Validity
    }

    struct Validity: Decodable, Sendable {
        let notBefore: String
        let notAfter: String
    }

    struct Assertion: Decodable, Sendable {
        let assertionBase64: String
        let clientData: Encoded
        let clientDataHashBase64: String
        let expected: AssertionExpected
        let publicKeyX962Base64: String?
        let keyIdBase64: String?
    }

    struct AssertionExpected: Decodable, Sendable {
        let result: String
        let counter: Int
        let authenticatorDataLength: Int
        let nonceBase64: String
    }

    struct NegativeCase: Decodable, Sendable {
        let mutation: String
        let expectedResult: String
    }

    enum VectorError: Error {
        case badBase64(String)
        case badTime(String)
    }
}

/// One attestation vector as a test argument.
struct Enrolment: Sendable, CustomTestStringConvertible {
    let vector: AppAttestVectors.Vector
    let attestation: AppAttestVectors.Attestation
    var testDescription: String { vector.id }
}

/// One assertion vector as a test argument.
struct AssertionCase: Sendable, CustomTestStringConvertible {
    let vector: AppAttestVectors.Vector
    let assertion: AppAttestVectors.Assertion
    let index: Int
    let publicKeyBase64: String
    var testDescription: String { "\(vector.id) assertion \(index)" }
}

/// Decoding helpers that fail the test (by throwing) rather than crash on bad vector data.
func base64(_ text: String) throws -> [UInt8] {
    guard let data = Data(base64Encoded: text) else { throw AppAttestVectors.VectorError.badBase64(text) }
    return [UInt8](data)
}

/// Milliseconds since the epoch of an RFC 3339 UTC time, with or without fractional seconds.
func unixMilliseconds(_ text: String) throws -> Int64 {
    let withFraction = ISO8601DateFormatter()
    withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let plain = ISO8601DateFormatter()
    guard let date = withFraction.date(from: text) ?? plain.date(from: text) else {
        throw AppAttestVectors.VectorError.badTime(text)
    }
    return Int64((date.timeIntervalSince1970 * 1000).rounded())
}
