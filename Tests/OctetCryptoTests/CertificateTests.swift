import Foundation
import OctetCrypto
import OctetEncoding
import OctetTestSupport
import Testing

/// The Android chain vectors, as the facts their JSON records about each certificate.
enum ChainVectors {
    static let ids: [String] = {
        guard let folder = SharedVectors.url("android-key-attestation/chains"),
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return [] }
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }()

    static func json(_ id: String) throws -> [String: Any] {
        let data = try SharedVectors.data("android-key-attestation/chains/\(id).json")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func chain(_ id: String) throws -> [[UInt8]] {
        let list = try #require(try json(id)["certsLeafFirstDerBase64"] as? [String])
        return try list.map { try #require(Data(base64Encoded: $0)).map { $0 } }
    }

    static func unixSeconds(_ iso: String) throws -> Int64 {
        let date = try #require(ISO8601DateFormatter().date(from: iso))
        return Int64(date.timeIntervalSince1970)
    }
}

func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

@Suite(
    "X.509 certificates read by our reader, verified by swift-crypto",
    .enabled(if: SharedVectors.isAvailable, "shared vectors not found"))
struct CertificateTests {
    @Test(
        "every certificate of every chain vector reads with the serial, validity and digest its metadata records",
        arguments: ChainVectors.ids)
    func fieldsMatchMetadata(id: String) throws {
        let chain = try ChainVectors.chain(id)
        let facts = try #require(try ChainVectors.json(id)["certs"] as? [[String: Any]])
        #expect(chain.count == facts.count)
        for (der, fact) in zip(chain, facts) {
            let certificate = try Certificate(derEncoded: der)
            #expect(certificate.derBytes == der)
            #expect(certificate.serialNumberHex == fact["serialHex"] as? String)
            #expect(certificate.notBefore == (try ChainVectors.unixSeconds(try #require(fact["notBefore"] as? String))))
            #expect(certificate.notAfter == (try ChainVectors.unixSeconds(try #require(fact["notAfter"] as? String))))
            #expect(hex(certificate.sha256Fingerprint) == fact["sha256CertDer"] as? String)
            #expect((certificate.publicKeyP256 != nil) == (fact["publicKey"] as? String == "EC P-256"))
        }
    }

    @Test("each link of a real RKP chain is named and signed by its parent, and not the other way round")
    func linksVerify() throws {
        let chain = try ChainVectors.chain("ak-caiman-sdk36-tee-ec-rkp").map { try Certificate(derEncoded: $0) }
        for (child, parent) in zip(chain, chain.dropFirst()) {
            #expect(child.issuerDER == parent.subjectDER)
            #expect(child.isSignedBy(parent))
            #expect(!parent.isSignedBy(publicKeyOf: child))
        }
        let root = try #require(chain.last)
        #expect(root.isSelfIssued && root.isSignedBy(root))
        #expect(!chain[0].isSelfIssued)
        #expect(chain[0].isSignedBy(key: try #require(chain[1].publicKeyP256)))
        #expect(!chain[0].isSignedBy(key: try #require(chain[0].publicKeyP256)))
    }

    @Test("the attestation extension is found in the leaf only, as its raw extnValue contents")
    func extensions() throws {
        let chain = try ChainVectors.chain("ak-caiman-sdk36-tee-ec-rkp").map { try Certificate(derEncoded: $0) }
        let oid = "1.3.6.1.4.1.11129.2.1.17"
        #expect(chain.map { $0.extensionCount(oid: oid) } == [1, 0, 0, 0, 0])
        let value = try #require(chain[0].extensionValue(oid: oid))
        #expect(value.first == 0x30)
        #expect(chain[1].extensionValue(oid: oid) == nil)
        #expect(chain[0].extensionCount(oid: "2.5.29.15") == 1)
        #expect(chain[0].extensionValue(oid: "not an oid") == nil)
    }

    @Test("the SubjectPublicKeyInfo of a P-256 key is the 91-byte SPKI holding its point")
    func spki() throws {
        let leaf = try Certificate(derEncoded: try ChainVectors.chain("ak-caiman-sdk36-tee-ec-rkp")[0])
        let key = try #require(leaf.publicKeyP256)
        #expect(leaf.publicKeySPKIDER.count == 91)
        #expect(Array(leaf.publicKeySPKIDER.suffix(65)) == key.x963Representation)
    }

    @Test("an ML-DSA leaf still reads: its SPKI is available and it has no P-256 key")
    func unknownKeyType() throws {
        let leaf = try Certificate(derEncoded: try ChainVectors.chain("ak-tokay-sdk37-tee-mldsa-rkp")[0])
        #expect(leaf.publicKeyP256 == nil)
        #expect(leaf.publicKeySPKIDER.count > 1000)
    }

    @Test("a trailing byte, a truncated certificate and garbage are refused")
    func refusals() throws {
        let der = try ChainVectors.chain("ak-caiman-sdk36-tee-ec-rkp")[1]
        #expect(throws: CryptoError(.invalidCertificate)) { try Certificate(derEncoded: der + [0]) }
        #expect(throws: CryptoError(.invalidCertificate)) { try Certificate(derEncoded: Array(der.dropLast())) }
        #expect(throws: CryptoError(.invalidCertificate)) { try Certificate(derEncoded: []) }
        #expect(throws: CryptoError(.invalidCertificate)) {
            try Certificate(derEncoded: [0x30, 0x03, 0x02, 0x01, 0x01])
        }
    }

    @Test("a signature over edited bytes does not verify")
    func tamperedSignature() throws {
        var der = try ChainVectors.chain("ak-caiman-sdk36-tee-ec-rkp")[1]
        let parent = try Certificate(derEncoded: try ChainVectors.chain("ak-caiman-sdk36-tee-ec-rkp")[2])
        // Flip a bit inside the serial number: the TBS changes, the structure does not.
        der[15] ^= 0x01
        let edited = try Certificate(derEncoded: der)
        #expect(!edited.isSignedBy(parent))
    }

    @Test("PEM text gives the DER of each certificate block, in order")
    func pem() throws {
        let text = String(
            decoding: try SharedVectors.data("android-key-attestation/chains/ak-caiman-sdk36-tee-ec-rkp.pem"),
            as: UTF8.self)
        #expect(Certificate.derBlocks(fromPEM: text) == (try ChainVectors.chain("ak-caiman-sdk36-tee-ec-rkp")))
        #expect(Certificate.derBlocks(fromPEM: "-----BEGIN CERTIFICATE-----\nAAAA") == nil)
        #expect(Certificate.derBlocks(fromPEM: "") == [])
    }
}

/// Keys and signatures through swift-crypto, on the real chains' key types, and the loading rules
/// OpenSSL applied beyond the well-formed rule (`CertificateLoading`).
@Suite("Certificates loaded for swift-crypto", .enabled(if: SharedVectors.isAvailable, "shared vectors not found"))
struct CertificateLoadingTests {
    @Test(
        "every link of a real chain verifies under its parent's key: RSA 1024 to 4096 bits, P-256, P-384",
        arguments: [
            "wr-emulator-software-rsa", "ak-blueline-sdk28-strongbox-rsa-factory", "ak-tegu-sdk36-tee-ec-rkp-ec-root",
            "ak-caiman-sdk36-tee-ec-rkp",
        ])
    func realLinksVerify(id: String) throws {
        let chain = try ChainVectors.chain(id).map { try Certificate(derEncoded: $0) }
        for (child, parent) in zip(chain, chain.dropFirst()) where child.issuerDER == parent.subjectDER {
            #expect(child.isSignedBy(parent), "\(id)")
            #expect(!parent.isSignedBy(child), "\(id)")
        }
        let root = try #require(chain.last)
        if root.isSelfIssued { #expect(root.isSignedBy(root), "\(id)") }
    }

    static let key = try? P256PrivateKey(rawScalar: [UInt8](repeating: 0, count: 31) + [7])

    /// A certificate whose subject and issuer are one RDN holding `value` (a whole DER element).
    static func signed(nameValue value: [UInt8]) throws -> Certificate {
        let key = try #require(Self.key)
        let name = DERWriter.sequence([
            DERWriter.set([DERWriter.sequence([DERWriter.objectIdentifier("2.5.4.3")!, value])])
        ])
        return try CertificateBuilder(
            serialNumber: [1], subjectDER: name, issuerDER: name, notBefore: 0, notAfter: 86_400,
            publicKey: key.publicKey
        ).signed(by: key)
    }

    @Test(
        "a name's UTF8String must be UTF-8, as OpenSSL required to load it: a lone lead byte, an overlong form, a surrogate"
    )
    func invalidUTF8NamesDoNotLoad() throws {
        #expect(
            try Self.signed(nameValue: DERWriter.utf8String("Zürich ✓")).isSignedBy(
                try Self.signed(nameValue: DERWriter.utf8String("Zürich ✓"))))
        for bytes: [UInt8] in [[0x4F, 0xC3], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]] {
            #expect(throws: CryptoError(.invalidCertificate)) {
                try Self.signed(nameValue: DERWriter.element(.utf8String, bytes))
            }
        }
    }

    @Test("a name's value is one of the string types OpenSSL took, with whole BMP and Universal characters")
    func nameValueTypes() throws {
        _ = try Self.signed(nameValue: DERWriter.printableString("Octet"))
        _ = try Self.signed(
            nameValue: DERWriter.element(DERTag(.universal, constructed: false, number: 30), [0x00, 0x4F]))
        func string(_ number: UInt32, _ content: [UInt8]) -> [UInt8] {
            DERWriter.element(DERTag(.universal, constructed: false, number: number), content)
        }
        // Not a string; a BMPString lone surrogate and half character; a UniversalString past
        // U+10FFFF; a VisibleString (not among OpenSSL's choices).
        let refused: [[UInt8]] = [
            DERWriter.integer(1), string(30, [0xD8, 0x00]), string(30, [0x00]), string(28, [0x00, 0x11, 0x00, 0x00]),
            string(26, Array("Octet".utf8)),
        ]
        for value in refused {
            #expect(throws: CryptoError(.invalidCertificate)) { try Self.signed(nameValue: value) }
        }
    }
}
