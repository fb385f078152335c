import Foundation
import OctetCrypto
import OctetTestSupport
import Testing

/// Project Wycheproof's ECDSA P-256/SHA-256 vectors (DER signatures), read from `../shared/vectors`
/// at test time (see its PROVENANCE.md), through the project's own import and verification.
@Suite("Wycheproof ECDSA P-256 SHA-256")
struct WycheproofTests {
    static let path = "wycheproof/ecdsa_secp256r1_sha256_test.json"

    /// One test case, with the group's public key.
    struct Case: Sendable, CustomStringConvertible {
        let id: Int
        let publicKey: [UInt8]
        let message: [UInt8]
        let signature: [UInt8]
        let result: String
        let flags: [String]
        var description: String { "tcId \(id) [\(result)] \(flags.joined(separator: ","))" }
    }

    /// Our decision for Wycheproof's `acceptable`, per flag (docs/security.md, "Signatures"):
    /// the format's rule is strict DER with r, s in 1..n-1 and high-S valid, so every acceptable
    /// case that bends the encoding is refused; none is accepted on trust.
    static let acceptableFlagsWeAccept: Set<String> = []

    static func expectedValid(_ testCase: Case) -> Bool {
        switch testCase.result {
        case "valid": true
        case "invalid": false
        default: testCase.flags.allSatisfy { acceptableFlagsWeAccept.contains($0) } && !testCase.flags.isEmpty
        }
    }

    static let cases: [Case] = {
        guard SharedVectors.isAvailable, let data = try? SharedVectors.data(path) else { return [] }
        return (try? parse(data)) ?? []
    }()

    enum VectorError: Error { case unexpected(String) }

    static func parse(_ data: Data) throws -> [Case] {
        struct File: Decodable {
            struct Group: Decodable {
                struct Key: Decodable { let uncompressed: String }
                struct Test: Decodable {
                    let tcId: Int
                    let msg: String
                    let sig: String
                    let result: String
                    let flags: [String]
                }
                let publicKey: Key
                let sha: String
                let tests: [Test]
            }
            let numberOfTests: Int
            let testGroups: [Group]
        }
        let file = try JSONDecoder().decode(File.self, from: data)
        return try file.testGroups.flatMap { group in
            guard group.sha == "SHA-256" else { throw VectorError.unexpected("hash \(group.sha)") }
            let key = try hex(group.publicKey.uncompressed)
            return try group.tests.map { test in
                Case(
                    id: test.tcId, publicKey: key, message: try hex(test.msg), signature: try hex(test.sig),
                    result: test.result, flags: test.flags)
            }
        }
    }

    static func hex(_ text: String) throws -> [UInt8] {
        let digits = Array(text.utf8)
        guard digits.count.isMultiple(of: 2) else { throw VectorError.unexpected("odd hex length") }
        return try stride(from: 0, to: digits.count, by: 2).map { index in
            guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else {
                throw VectorError.unexpected("not hex")
            }
            return byte
        }
    }

    @Test(
        "the vector file is present and every one of its cases is read",
        .enabled(if: SharedVectors.isAvailable, "../shared/vectors is absent"))
    func fileIsComplete() throws {
        let data = try SharedVectors.data(Self.path)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let declared = try #require(object["numberOfTests"] as? Int)
        #expect(Self.cases.count == declared)
        #expect(Self.cases.count > 400)
        #expect(Set(Self.cases.map(\.id)).count == Self.cases.count)
    }

    @Test(
        "each case verifies exactly when Wycheproof (and our acceptable policy) says it should",
        .enabled(if: SharedVectors.isAvailable, "../shared/vectors is absent"), arguments: cases)
    func verify(_ testCase: Case) throws {
        // Every group key in this file is a valid point; an import failure is a bug in OctetCrypto.
        let key = try P256PublicKey(x963Representation: testCase.publicKey)
        #expect(
            key.isValidSignature(testCase.signature, for: testCase.message) == Self.expectedValid(testCase),
            "\(testCase)")
    }

    @Test(
        "a case the strict DER parser accepts is exactly a case with a well-formed signature encoding",
        .enabled(if: SharedVectors.isAvailable, "../shared/vectors is absent"), arguments: cases)
    func strictDERAgreesWithEncodingFlags(_ testCase: Case) {
        let parsed: Bool = if case .success = ECDSASignatureDER.parseP256(testCase.signature) { true } else { false }
        // Every valid case must parse; encoding-defect cases must not.
        let encodingFlags: Set<String> = [
            "BerEncodedSignature", "InvalidEncoding", "MissingZero", "InvalidTypesInSignature",
        ]
        if testCase.result == "valid" {
            #expect(parsed, "\(testCase)")
        } else if !encodingFlags.isDisjoint(with: testCase.flags) {
            #expect(!parsed, "\(testCase)")
        }
    }
}
