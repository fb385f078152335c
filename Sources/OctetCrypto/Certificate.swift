internal import COpenSSL
import Foundation

/// An X.509 certificate parsed by OpenSSL, read-only.
///
/// The DER bytes are kept as they arrived: names, extension values and the signature check all
/// refer to them (OpenSSL keeps the original encodings of the signed part), never to a re-encoding.
/// OpenSSL is lenient with DER (it accepts non-minimal lengths); structural strictness is the job
/// of the caller's DER reader. This wrapper refuses input with bytes after the certificate.
///
/// `@unchecked Sendable`: the `X509` is never mutated after init; OpenSSL 3 allows concurrent
/// reads and verifications of one certificate (its cached fields are filled under a lock).
public final class Certificate: @unchecked Sendable {
    let x509: OpaquePointer

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
    /// The SubjectPublicKeyInfo as DER, whatever the key type (even one OpenSSL cannot use).
    public let publicKeySPKIDER: [UInt8]
    /// SHA-256 of `derBytes`.
    public let sha256Fingerprint: [UInt8]

    /// Parses one DER certificate; every input byte must belong to it.
    public init(derEncoded bytes: [UInt8]) throws {
        defer { drainOpenSSLErrors() }
        var consumed = 0
        let parsed: OpaquePointer? = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var cursor: UnsafePointer<UInt8>? = base
            let x509 = d2i_X509(nil, &cursor, buffer.count)
            if let cursor { consumed = cursor - base }
            return x509
        }
        guard let parsed else { throw CryptoError(.invalidCertificate) }
        guard consumed == bytes.count,
            let subject = Self.nameDER(X509_get_subject_name(parsed)),
            let issuer = Self.nameDER(X509_get_issuer_name(parsed)),
            let notBefore = Self.unixSeconds(X509_get0_notBefore(parsed)),
            let notAfter = Self.unixSeconds(X509_get0_notAfter(parsed)),
            let serial = Self.serialHex(X509_get0_serialNumber(parsed)),
            let spki = Self.spkiDER(X509_get_X509_PUBKEY(parsed))
        else {
            X509_free(parsed)
            throw CryptoError(.invalidCertificate)
        }
        self.x509 = parsed
        self.derBytes = bytes
        self.subjectDER = subject
        self.issuerDER = issuer
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.serialNumberHex = serial
        self.publicKeySPKIDER = spki
        self.sha256Fingerprint = SHA256.hash(bytes)
    }

    deinit { X509_free(x509) }

    /// True when the subject and issuer names are the same bytes (a self-issued certificate).
    public var isSelfIssued: Bool { subjectDER == issuerDER }

    /// The key when it is an EC P-256 key with an uncompressed point; nil for any other key.
    public var publicKeyP256: P256PublicKey? {
        defer { drainOpenSSLErrors() }
        guard let key = X509_get0_pubkey(x509), EVP_PKEY_get_base_id(key) == EVP_PKEY_EC,
            EVP_PKEY_up_ref(key) == 1
        else { return nil }
        return try? P256PublicKey(adopting: key)
    }

    /// The raw contents of the extnValue OCTET STRING of the first extension with `oid`
    /// (dotted form), or nil when absent.
    public func extensionValue(oid: String) -> [UInt8]? {
        defer { drainOpenSSLErrors() }
        guard let object = OBJ_txt2obj(oid, 1) else { return nil }
        defer { ASN1_OBJECT_free(object) }
        let index = X509_get_ext_by_OBJ(x509, object, -1)
        guard index >= 0, let ext = X509_get_ext(x509, index), let data = X509_EXTENSION_get_data(ext) else {
            return nil
        }
        return Self.bytes(of: data)
    }

    /// How many extensions carry `oid` (a certificate with two of one kind is malformed; the
    /// caller decides).
    public func extensionCount(oid: String) -> Int {
        defer { drainOpenSSLErrors() }
        guard let object = OBJ_txt2obj(oid, 1) else { return 0 }
        defer { ASN1_OBJECT_free(object) }
        var count = 0
        var position: Int32 = -1
        while true {
            position = X509_get_ext_by_OBJ(x509, object, position)
            if position < 0 { return count }
            count += 1
        }
    }

    /// True when `parent`'s key verifies this certificate's signature, with the hash and scheme
    /// named by this certificate's signature algorithm (RSA PKCS#1 v1.5, RSA-PSS or ECDSA).
    /// Names are not compared here.
    public func isSignedBy(publicKeyOf parent: Certificate) -> Bool {
        defer { drainOpenSSLErrors() }
        guard let key = X509_get0_pubkey(parent.x509) else { return false }
        return X509_verify(x509, key) == 1
    }

    /// Same as `isSignedBy(publicKeyOf:)`.
    public func isSignedBy(_ parent: Certificate) -> Bool { isSignedBy(publicKeyOf: parent) }

    /// True when `key` verifies this certificate's signature.
    public func isSignedBy(key: P256PublicKey) -> Bool {
        defer { drainOpenSSLErrors() }
        return X509_verify(x509, key.key) == 1
    }

    // MARK: - Reading fields once, at init

    private static func nameDER(_ name: OpaquePointer?) -> [UInt8]? {
        guard let name else { return nil }
        var out: UnsafeMutablePointer<UInt8>? = nil
        let length = i2d_X509_NAME(name, &out)
        guard length > 0, let out else { return nil }
        defer { octet_openssl_free(out) }
        return [UInt8](UnsafeBufferPointer(start: out, count: Int(length)))
    }

    private static func spkiDER(_ key: OpaquePointer?) -> [UInt8]? {
        guard let key else { return nil }
        var out: UnsafeMutablePointer<UInt8>? = nil
        let length = i2d_X509_PUBKEY(key, &out)
        guard length > 0, let out else { return nil }
        defer { octet_openssl_free(out) }
        return [UInt8](UnsafeBufferPointer(start: out, count: Int(length)))
    }

    /// Seconds since the epoch, from OpenSSL's own day/second difference (no time zone involved).
    private static func unixSeconds(_ time: UnsafePointer<ASN1_TIME>?) -> Int64? {
        guard let time, let epoch = ASN1_TIME_set(nil, 0) else { return nil }
        defer { ASN1_STRING_free(epoch) }
        var days: Int32 = 0
        var seconds: Int32 = 0
        guard ASN1_TIME_diff(&days, &seconds, epoch, time) == 1 else { return nil }
        return Int64(days) * 86_400 + Int64(seconds)
    }

    private static func serialHex(_ serial: UnsafePointer<ASN1_INTEGER>?) -> String? {
        guard let serial, let number = ASN1_INTEGER_to_BN(serial, nil) else { return nil }
        defer { BN_free(number) }
        guard let text = BN_bn2hex(number) else { return nil }
        defer { octet_openssl_free(text) }
        var hex = String(cString: text).lowercased()
        let negative = hex.hasPrefix("-")
        if negative { hex.removeFirst() }
        hex = String(hex.drop(while: { $0 == "0" }))
        if hex.isEmpty { return "0" }
        return negative ? "-" + hex : hex
    }

    private static func bytes(of string: UnsafePointer<ASN1_STRING>) -> [UInt8] {
        let length = Int(ASN1_STRING_length(string))
        guard length > 0, let data = ASN1_STRING_get0_data(string) else { return [] }
        return [UInt8](UnsafeBufferPointer(start: data, count: length))
    }
}

extension Certificate {
    /// The DER bytes of every `CERTIFICATE` block in PEM text, in order (for anchors and tests).
    /// Nil when a block is unterminated or its body is not base64.
    public static func derBlocks(fromPEM pem: String) -> [[UInt8]]? {
        let begin = "-----BEGIN CERTIFICATE-----"
        let end = "-----END CERTIFICATE-----"
        var blocks: [[UInt8]] = []
        var rest = Substring(pem)
        while let start = rest.range(of: begin) {
            guard let stop = rest.range(of: end, range: start.upperBound..<rest.endIndex) else { return nil }
            let body = rest[start.upperBound..<stop.lowerBound].filter { !$0.isWhitespace }
            guard let data = Data(base64Encoded: String(body)) else { return nil }
            blocks.append([UInt8](data))
            rest = rest[stop.upperBound...]
        }
        return blocks
    }
}
