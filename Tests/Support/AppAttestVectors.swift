import Foundation

/// The real App Attest data in ../shared/vectors/apple-app-attest (see its PROVENANCE.md),
/// read at test time, for every test target. Empty when the vectors are absent; the suites then skip visibly.
public enum AppAttestVectors {
    public static let directory = "apple-app-attest"
    public static let files = [
        "apple-guide-2024-ios18-production.json",
        "apple-guide-2026-ios27-production.json",
        "bas-d-appattest-2021-development.json",
        "uebelack-node-app-attest-2024.json",
        "veehaitch-ios14-development.json",
        "webauthn4j-kayak-ios14-production.json",
    ]

    /// Every vector of every file, in file order.
    public static let all: [Vector] = {
        guard SharedVectors.isAvailable else { return [] }
        return files.flatMap { name -> [Vector] in
            guard let data = try? SharedVectors.data("\(directory)/\(name)"),
                let file = try? JSONDecoder().decode(File.self, from: data)
            else { return [] }
            return file.cases ?? (file.single.map { [$0] } ?? [])
        }
    }()

    /// Every vector with an attestation, as a test argument.
    public static let enrolments: [Enrolment] = all.compactMap { vector in
        vector.attestation.map { Enrolment(vector: vector, attestation: $0) }
    }

    /// Every assertion, with the key it verifies under.
    public static let assertions: [AssertionCase] = all.flatMap { vector in
        vector.assertions.enumerated().compactMap { index, assertion -> AssertionCase? in
            guard let key = assertion.publicKeyX962Base64 ?? vector.attestation?.expected.publicKeyX962Base64 else {
                return nil
            }
            return AssertionCase(vector: vector, assertion: assertion, index: index, publicKeyBase64: key)
        }
    }

    /// The Apple App Attestation root as the vectors ship it.
    public static func appleRootDER() throws -> [UInt8] {
        try pemCertificate("\(directory)/apple-app-attestation-root-ca.pem")
    }

    /// Apple Root CA - G3: a genuine Apple root, but not the App Attest one.
    public static func appleRootG3DER() throws -> [UInt8] {
        try pemCertificate("\(directory)/apple-root-ca-g3.pem")
    }

    private static func pemCertificate(_ path: String) throws -> [UInt8] {
        let text = String(decoding: try SharedVectors.data(path), as: UTF8.self)
        let body = text.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        guard let der = Data(base64Encoded: body) else { throw VectorError.badBase64(path) }
        return [UInt8](der)
    }

    // MARK: - JSON layout (schema apple-app-attest-vector/1)

    public struct File: Decodable {
        public let cases: [Vector]?
        public let single: Vector?

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            cases = try container.decodeIfPresent([Vector].self, forKey: .cases)
            single = cases == nil ? try Vector(from: decoder) : nil
        }
        enum CodingKeys: String, CodingKey { case cases }
    }

    public struct Vector: Decodable, Sendable {
        public let id: String
        public let appId: String
        public let keyIdBase64: String
        public let attestation: Attestation?
        public let assertions: [Assertion]
        public let negativeCases: [NegativeCase]?
    }

    public struct Attestation: Decodable, Sendable {
        public let attestationObjectBase64: String
        public let clientDataHashBase64: String
        public let clientDataHashFormedAs: String
        public let challenge: Encoded
        public let verifyAt: String
        public let expected: AttestationExpected
    }

    public struct Encoded: Decodable, Sendable {
        public let base64: String
    }

    public struct AttestationExpected: Decodable, Sendable {
        public let result: String
        public let environment: String
        public let aaguidHex: String
        public let counter: Int
        public let authDataLength: Int
        public let authDataExtensions: [String: String]?
        public let rpIdHashBase64: String
        public let nonceBase64: String
        public let credentialIdBase64: String
        public let publicKeyX962Base64: String
        public let credCert: Validity
    }

    public struct Validity: Decodable, Sendable {
        public let notBefore: String
        public let notAfter: String
    }

    public struct Assertion: Decodable, Sendable {
        public let assertionBase64: String
        public let clientData: Encoded
        public let clientDataHashBase64: String
        public let expected: AssertionExpected
        public let publicKeyX962Base64: String?
        public let keyIdBase64: String?
    }

    public struct AssertionExpected: Decodable, Sendable {
        public let result: String
        public let counter: Int
        public let authenticatorDataLength: Int
        public let nonceBase64: String
    }

    public struct NegativeCase: Decodable, Sendable {
        public let mutation: String
        public let expectedResult: String
    }

    public enum VectorError: Error {
        case badBase64(String)
        case badTime(String)
    }
}

/// One attestation vector as a test argument.
public struct Enrolment: Sendable, CustomStringConvertible {
    public let vector: AppAttestVectors.Vector
    public let attestation: AppAttestVectors.Attestation
    public var description: String { vector.id }
}

/// One assertion vector as a test argument.
public struct AssertionCase: Sendable, CustomStringConvertible {
    public let vector: AppAttestVectors.Vector
    public let assertion: AppAttestVectors.Assertion
    public let index: Int
    public let publicKeyBase64: String
    public var description: String { "\(vector.id) assertion \(index)" }
}

/// Decoding helpers that fail the test (by throwing) rather than crash on bad vector data.
public func base64(_ text: String) throws -> [UInt8] {
    guard let data = Data(base64Encoded: text) else { throw AppAttestVectors.VectorError.badBase64(text) }
    return [UInt8](data)
}

/// Milliseconds since the epoch of an RFC 3339 UTC time, with or without fractional seconds.
public func unixMilliseconds(_ text: String) throws -> Int64 {
    let withFraction = ISO8601DateFormatter()
    withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let plain = ISO8601DateFormatter()
    guard let date = withFraction.date(from: text) ?? plain.date(from: text) else {
        throw AppAttestVectors.VectorError.badTime(text)
    }
    return Int64((date.timeIntervalSince1970 * 1000).rounded())
}
