import Foundation

// The public certificate API; the backend is `CertificateBackend` (today Certificate_openssl.swift).

/// An X.509 certificate, read-only.
///
/// The DER bytes are kept as they arrived: names, extension values and the signature check all
/// refer to them, never to a re-encoding. The backend may be lenient with DER (OpenSSL accepts
/// non-minimal lengths); structural strictness is the job of the caller's DER reader. Input with
/// bytes after the certificate is refused.
public final class Certificate: Sendable {
    let backing: CertificateBackend

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
    /// The SubjectPublicKeyInfo as DER, whatever the key type (even one the backend cannot use).
    public let publicKeySPKIDER: [UInt8]
    /// SHA-256 of `derBytes`.
    public let sha256Fingerprint: [UInt8]

    /// Parses one DER certificate; every input byte must belong to it.
    public init(derEncoded bytes: [UInt8]) throws {
        let parsed = try CertificateBackend(derEncoded: bytes)
        self.backing = parsed
        self.derBytes = bytes
        self.subjectDER = parsed.subjectDER
        self.issuerDER = parsed.issuerDER
        self.notBefore = parsed.notBefore
        self.notAfter = parsed.notAfter
        self.serialNumberHex = parsed.serialNumberHex
        self.publicKeySPKIDER = parsed.publicKeySPKIDER
        self.sha256Fingerprint = SHA256.hash(bytes)
    }

    /// True when the subject and issuer names are the same bytes (a self-issued certificate).
    public var isSelfIssued: Bool { subjectDER == issuerDER }

    /// The key when it is an EC P-256 key with an uncompressed point; nil for any other key.
    public var publicKeyP256: P256PublicKey? {
        backing.publicKeyP256.map { P256PublicKey(backing: $0) }
    }

    /// The raw contents of the extnValue OCTET STRING of the first extension with `oid`
    /// (dotted form), or nil when absent.
    public func extensionValue(oid: String) -> [UInt8]? { backing.extensionValue(oid: oid) }

    /// How many extensions carry `oid` (a certificate with two of one kind is malformed; the
    /// caller decides).
    public func extensionCount(oid: String) -> Int { backing.extensionCount(oid: oid) }

    /// True when `parent`'s key verifies this certificate's signature, with the hash and scheme
    /// named by this certificate's signature algorithm (RSA PKCS#1 v1.5, RSA-PSS or ECDSA).
    /// Names are not compared here.
    public func isSignedBy(publicKeyOf parent: Certificate) -> Bool { backing.isSignedBy(publicKeyOf: parent.backing) }

    /// Same as `isSignedBy(publicKeyOf:)`.
    public func isSignedBy(_ parent: Certificate) -> Bool { isSignedBy(publicKeyOf: parent) }

    /// True when `key` verifies this certificate's signature.
    public func isSignedBy(key: P256PublicKey) -> Bool { backing.isSignedBy(key: key.backing) }
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
