import Foundation
import OctetCrypto
import Testing

@Suite("Test certificates made with DERWriter and a swift-crypto signature")
struct CertificateBuilderTests {
    @Test("a built certificate reads back with the serial, names, validity, key and extensions it was given")
    func roundTrip() throws {
        let issuerKey = P256PrivateKey()
        let subjectKey = P256PrivateKey()
        let subject = try #require(CertificateBuilder.name([("2.5.4.3", "Android Keystore Key")]))
        let issuer = try #require(CertificateBuilder.name([("2.5.4.5", "0123abcd"), ("2.5.4.12", "TEE")]))
        let value: [UInt8] = [0x30, 0x03, 0x02, 0x01, 0x07]
        let certificate = try CertificateBuilder(
            serialNumber: [0x00, 0x0A, 0xBC], subjectDER: subject, issuerDER: issuer, notBefore: -1,
            notAfter: 4_102_444_800, publicKey: subjectKey.publicKey,
            extensions: [
                .init(oid: "1.3.6.1.4.1.11129.2.1.17", value: value), .init(oid: "1.2.3.4", value: [0x05, 0x00]),
            ]
        ).signed(by: issuerKey)
        #expect(certificate.serialNumberHex == "abc")
        #expect(certificate.subjectDER == subject && certificate.issuerDER == issuer)
        #expect(certificate.notBefore == -1 && certificate.notAfter == 4_102_444_800)
        #expect(certificate.publicKeyP256?.x963Representation == subjectKey.publicKey.x963Representation)
        #expect(certificate.extensionValue(oid: "1.3.6.1.4.1.11129.2.1.17") == value)
        #expect(certificate.extensionValue(oid: "1.2.3.4") == [0x05, 0x00])
        #expect(certificate.isSignedBy(key: issuerKey.publicKey))
        #expect(!certificate.isSignedBy(key: subjectKey.publicKey))
        #expect(try Certificate(derEncoded: certificate.derBytes).sha256Fingerprint == certificate.sha256Fingerprint)
    }

    @Test("an extension added twice is counted twice; the first value is returned")
    func repeatedExtension() throws {
        let key = P256PrivateKey()
        let name = try #require(CertificateBuilder.name([("2.5.4.3", "x")]))
        let certificate = try CertificateBuilder(
            serialNumber: [1], subjectDER: name, issuerDER: name, notBefore: 0, notAfter: 1, publicKey: key.publicKey,
            extensions: [.init(oid: "1.2.3.4", value: [1]), .init(oid: "1.2.3.4", value: [2])]
        ).signed(by: key)
        #expect(certificate.extensionCount(oid: "1.2.3.4") == 2)
        #expect(certificate.extensionValue(oid: "1.2.3.4") == [1])
        #expect(certificate.isSelfIssued && certificate.isSignedBy(certificate))
    }

    @Test("a malformed name or OID is refused")
    func refusals() throws {
        let key = P256PrivateKey()
        #expect(CertificateBuilder.name([("not.an.oid", "x")]) == nil)
        #expect(throws: CryptoError(.invalidCertificate)) {
            try CertificateBuilder(
                serialNumber: [1], subjectDER: [0x30, 0x01], issuerDER: [], notBefore: 0, notAfter: 1,
                publicKey: key.publicKey
            ).signed(by: key)
        }
    }
}
