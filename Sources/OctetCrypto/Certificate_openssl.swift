internal import COpenSSL

// The OpenSSL backend of Certificate.swift: an Apple backend would parse with the package's own
// DER reader and verify with Security's SecKey (RSA, P-384) and CryptoKit (P-256); docs/platforms.md.
typealias CertificateBackend = OpenSSLCertificate

/// An X.509 certificate parsed by OpenSSL (`d2i_X509`), with the fields the API exposes read once.
/// OpenSSL keeps the original encodings of the signed part, so signatures are checked over the
/// bytes that arrived.
///
/// `@unchecked Sendable`: the `X509` is never mutated after init; OpenSSL 3 allows concurrent
/// reads and verifications of one certificate (its cached fields are filled under a lock).
final class OpenSSLCertificate: @unchecked Sendable {
    let x509: OpaquePointer
    let subjectDER: [UInt8]
    let issuerDER: [UInt8]
    let notBefore: Int64
    let notAfter: Int64
    let serialNumberHex: String
    let publicKeySPKIDER: [UInt8]

    /// Parses one DER certificate; every input byte must belong to it.
    init(derEncoded bytes: [UInt8]) throws {
        ensureOpenSSL()
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
        self.subjectDER = subject
        self.issuerDER = issuer
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.serialNumberHex = serial
        self.publicKeySPKIDER = spki
    }

    deinit { X509_free(x509) }

    /// The key when it is an EC P-256 key with an uncompressed point; nil for any other key.
    var publicKeyP256: OpenSSLP256PublicKey? {
        defer { drainOpenSSLErrors() }
        guard let key = X509_get0_pubkey(x509), EVP_PKEY_get_base_id(key) == EVP_PKEY_EC,
            EVP_PKEY_up_ref(key) == 1
        else { return nil }
        return try? OpenSSLP256PublicKey(adopting: key)
    }

    /// The raw contents of the extnValue OCTET STRING of the first extension with `oid`
    /// (dotted form), or nil when absent.
    func extensionValue(oid: String) -> [UInt8]? {
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
    func extensionCount(oid: String) -> Int {
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
    func isSignedBy(publicKeyOf parent: OpenSSLCertificate) -> Bool {
        defer { drainOpenSSLErrors() }
        guard let key = X509_get0_pubkey(parent.x509) else { return false }
        return X509_verify(x509, key) == 1
    }

    /// True when `key` verifies this certificate's signature.
    func isSignedBy(key: OpenSSLP256PublicKey) -> Bool {
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
