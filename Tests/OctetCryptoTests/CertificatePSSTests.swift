import Crypto
import OctetCrypto
import OctetEncoding
import Testing
import _CryptoExtras

/// RSA-PSS certificate signatures: what swift-crypto's `.PSS` padding means (MGF1 over the
/// signature's hash, a salt as long as its digest) verifies; any other parameters verify nothing.
@Suite("RSA-PSS certificate signatures")
struct CertificatePSSTests {
    static func oid(_ dotted: String) -> [UInt8] { DERWriter.objectIdentifier(dotted) ?? [] }

    /// `RSASSA-PSS-params` with SHA-256, MGF1 over `maskHash`, and `salt`.
    static func algorithm(maskHash: String = "2.16.840.1.101.3.4.2.1", salt: Int64 = 32) -> [UInt8] {
        let sha256 = DERWriter.sequence([oid("2.16.840.1.101.3.4.2.1"), DERWriter.null()])
        let mask = DERWriter.sequence([oid(maskHash), DERWriter.null()])
        let parameters = DERWriter.sequence([
            DERWriter.explicit(0, sha256),
            DERWriter.explicit(1, DERWriter.sequence([oid("1.2.840.113549.1.1.8"), mask])),
            DERWriter.explicit(2, DERWriter.integer(salt)),
        ])
        return DERWriter.sequence([oid("1.2.840.113549.1.1.10"), parameters])
    }

    /// A self-signed certificate whose signature is PSS with SHA-256, salt 32, and whose
    /// signatureAlgorithm says `algorithm`.
    static func selfSigned(_ key: _RSA.Signing.PrivateKey, says algorithm: [UInt8]) throws -> Certificate {
        let name = DERWriter.sequence([
            DERWriter.set([DERWriter.sequence([oid("2.5.4.3"), DERWriter.utf8String("PSS")])])
        ])
        let tbs = DERWriter.sequence([
            DERWriter.explicit(0, DERWriter.integer(2)), DERWriter.integer(1), algorithm, name,
            DERWriter.sequence([DERWriter.utcTime(0), DERWriter.utcTime(86_400)]), name,
            [UInt8](key.publicKey.derRepresentation),
        ])
        let signature = try key.signature(for: Crypto.SHA256.hash(data: tbs), padding: .PSS)
        return try Certificate(
            derEncoded: DERWriter.sequence([
                tbs, algorithm, DERWriter.element(.bitString, [0] + [UInt8](signature.rawRepresentation)),
            ]))
    }

    @Test("SHA-256, MGF1-SHA-256, salt 32 verifies; the same signature said to use salt 20 or MGF1-SHA-1 does not")
    func pssParameters() throws {
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let good = try Self.selfSigned(key, says: Self.algorithm())
        #expect(good.isSignedBy(good))
        let otherSalt = try Self.selfSigned(key, says: Self.algorithm(salt: 20))
        #expect(!otherSalt.isSignedBy(otherSalt))
        let otherMask = try Self.selfSigned(key, says: Self.algorithm(maskHash: "1.3.14.3.2.26"))
        #expect(!otherMask.isSignedBy(otherMask))
    }
}
