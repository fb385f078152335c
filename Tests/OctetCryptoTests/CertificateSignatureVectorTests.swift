import Foundation
import OctetCrypto
import OctetEncoding
import Testing

/// `Vectors/certificate-signatures.json`, which the Kotlin suite reads too
/// (`CertificateSignatureVectorTest`, whose `CertificateSignatureCases` made it with the JCA, which
/// signs with any PSS parameters): each certificate verifies under its issuer's key exactly as the
/// file says, so the two libraries accept the same signature algorithms. ECDSA and RSA PKCS#1 v1.5
/// with SHA-1/256/384/512 and RSA-PSS with MGF1 over the same hash, a salt as long as the digest
/// and trailer 1 verify; SHA-224, any other PSS parameters and RSA keys under 1024 bits do not.
@Suite("Certificate signature vectors: the algorithms both libraries accept")
struct CertificateSignatureVectorTests {
    struct Entry: Sendable, CustomTestStringConvertible {
        let name: String
        let issuer: String
        let verifies: Bool
        let why: String
        let der: [UInt8]
        var testDescription: String { name }
    }

    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Vectors/certificate-signatures.json")

    static let entries: [Entry] = {
        guard let data = try? Data(contentsOf: file),
            case .success(.object(let root)) = JSONReader.parse([UInt8](data)),
            case .string("octet-certificate-signatures/1")? = root["schema"], case .array(let cases)? = root["cases"]
        else { return [] }
        return cases.compactMap { element in
            guard case .object(let fields) = element, case .string(let name)? = fields["name"],
                case .string(let issuer)? = fields["issuer"], case .bool(let verifies)? = fields["verifies"],
                case .string(let why)? = fields["why"], case .string(let text)? = fields["certificate"],
                let der = Base64.decode(text)
            else { return nil }
            return Entry(name: name, issuer: issuer, verifies: verifies, why: why, der: der)
        }
    }()

    @Test("the fixture is there, every case read, covering the accepted set and each refusal")
    func present() throws {
        let data = try Data(contentsOf: Self.file)
        guard case .success(.object(let root)) = JSONReader.parse([UInt8](data)),
            case .array(let cases)? = root["cases"]
        else {
            Issue.record("not a fixture")
            return
        }
        #expect(Self.entries.count == cases.count)
        #expect(Self.entries.count >= 30)
        let verdicts = Dictionary(uniqueKeysWithValues: Self.entries.map { ($0.name, $0.verifies) })
        for name in [
            "ecdsa-sha1", "ecdsa-sha512", "rsa-sha1", "rsa-sha512", "pss-sha1-defaults", "pss-sha256", "pss-sha512",
        ] {
            #expect(verdicts[name] == true, "\(name)")
        }
        for name in ["ecdsa-sha224", "rsa-sha224", "pss-sha224", "pss-sha256-salt-20", "pss-sha256-trailer-2"] {
            #expect(verdicts[name] == false, "\(name)")
        }
    }

    @Test("each certificate verifies under its issuer exactly as the fixture says", arguments: entries)
    func verdict(_ entry: Entry) throws {
        let issuer = try #require(Self.entries.first { $0.name == entry.issuer })
        let certificate = try Certificate(derEncoded: entry.der)
        #expect(certificate.isSignedBy(try Certificate(derEncoded: issuer.der)) == entry.verifies, "\(entry.why)")
    }
}
