internal import Crypto
import Foundation
import OctetEncoding
internal import _CryptoExtras

/// An X.509 certificate, read-only.
///
/// Read by the package's own strict reader (`CertificateStructure`, the rule of proof-format.md
/// "Well-formed certificates"), then loaded (`CertificateLoading`: what an X.509 library requires
/// beyond that rule). No library parses the certificate: swift-crypto only reads its key and checks
/// signatures, over the `tbsCertificate` bytes as they arrived. Names, extension values and the
/// signed bytes all refer to the DER given, never to a re-encoding.
public final class Certificate: Sendable {
    /// The certificate exactly as given.
    public let derBytes: [UInt8]
    /// The subject Name, as DER (compare names as bytes).
    public let subjectDER: [UInt8]
    /// The issuer Name, as DER.
    public let issuerDER: [UInt8]
    /// notBefore in Unix seconds.
    public let notBefore: Int64
    /// notAfter in Unix seconds.
    public let notAfter: Int64
    /// The serial number in lower-case hex without leading zeros ("0" for zero; "-" prefix if negative).
    public let serialNumberHex: String
    /// The SubjectPublicKeyInfo as DER, whatever the key type (even one swift-crypto cannot use).
    public let publicKeySPKIDER: [UInt8]
    /// SHA-256 of `derBytes`.
    public let sha256Fingerprint: [UInt8]

    /// Our reading of the bytes.
    let structure: CertificateStructure
    /// The key, when swift-crypto can read it.
    let key: CertificatePublicKey?

    /// Parses one DER certificate by the well-formed rule, then loads it; every input byte must
    /// belong to it.
    public convenience init(derEncoded bytes: [UInt8]) throws {
        guard case .success(let structure) = CertificateStructure.read(bytes) else {
            throw CryptoError(.invalidCertificate)
        }
        try self.init(loading: structure)
    }

    /// Loads a certificate already read by the rule; `CryptoError(.invalidCertificate)` when it is
    /// not loadable (see `CertificateLoading`).
    package init(loading structure: CertificateStructure) throws {
        guard CertificateLoading.isLoadable(structure) else { throw CryptoError(.invalidCertificate) }
        self.structure = structure
        self.key = CertificatePublicKey(spki: structure.subjectPublicKeyInfo)
        self.derBytes = structure.der
        self.subjectDER = Array(structure.subject)
        self.issuerDER = Array(structure.issuer)
        self.notBefore = structure.notBefore
        self.notAfter = structure.notAfter
        self.serialNumberHex = structure.serialNumberHex
        self.publicKeySPKIDER = Array(structure.subjectPublicKeyInfo)
        self.sha256Fingerprint = SHA256.hash(structure.der)
    }

    /// True when the subject and issuer names are the same bytes (a self-issued certificate).
    public var isSelfIssued: Bool { subjectDER == issuerDER }

    /// The key when it is an EC P-256 key with an uncompressed point; nil for any other key.
    public var publicKeyP256: P256PublicKey? {
        key?.p256
    }

    /// The raw contents of the extnValue OCTET STRING of the first extension with `oid`
    /// (dotted form), or nil when absent.
    public func extensionValue(oid: String) -> [UInt8]? { structure.extensionValue(oid: oid).map(Array.init) }

    /// How many extensions carry `oid` (a certificate with two of one kind is malformed; the
    /// caller decides).
    public func extensionCount(oid: String) -> Int { structure.extensionCount(oid: oid) }

    /// True when `parent`'s key verifies this certificate's signature, with the hash and scheme
    /// named by this certificate's signature algorithm (ECDSA, RSA PKCS#1 v1.5 or RSA-PSS; see
    /// `CertificateSignature`). Names are not compared here.
    public func isSignedBy(publicKeyOf parent: Certificate) -> Bool {
        guard let key = parent.key else { return false }
        return CertificateSignature.verifies(structure, with: key)
    }

    /// Same as `isSignedBy(publicKeyOf:)`.
    public func isSignedBy(_ parent: Certificate) -> Bool { isSignedBy(publicKeyOf: parent) }

    /// True when `key` verifies this certificate's signature.
    public func isSignedBy(key: P256PublicKey) -> Bool {
        CertificateSignature.verifies(structure, with: CertificatePublicKey(key))
    }
}

extension Certificate {
    /// The DER bytes of every `CERTIFICATE` block in PEM text, in order (for anchors and tests).
    /// Nil when a block is unterminated or its body is not base64.
    public static func derBlocks(fromPEM pem: String) -> [[UInt8]]? {
        // A byte search of our own: String.range(of:) would resolve to swift-corelibs-foundation's
        // overload, which brings ICU into the static package (see OctetThreads).
        let text = Array(pem.utf8)
        let begin = Array("-----BEGIN CERTIFICATE-----".utf8)
        let end = Array("-----END CERTIFICATE-----".utf8)
        var blocks: [[UInt8]] = []
        var cursor = 0
        while let start = Self.find(begin, in: text, from: cursor) {
            let bodyStart = start + begin.count
            guard let stop = Self.find(end, in: text, from: bodyStart) else { return nil }
            let body = text[bodyStart..<stop].filter { !($0 == 0x20 || (0x09...0x0D).contains($0)) }
            guard let data = Data(base64Encoded: Data(body)) else { return nil }
            blocks.append([UInt8](data))
            cursor = stop + end.count
        }
        return blocks
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count - start >= needle.count else { return nil }
        for index in start...(haystack.count - needle.count)
        where haystack[index] == needle[0] && haystack[index..<index + needle.count].elementsEqual(needle) {
            return index
        }
        return nil
    }
}
