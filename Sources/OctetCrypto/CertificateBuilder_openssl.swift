internal import COpenSSL

// The OpenSSL backend of CertificateBuilder.swift. Test-only: the verifier never builds a certificate.

/// X509_new, the fields, X509_sign with ecdsa-with-SHA256, i2d_X509.
enum CertificateBuilderBackend {
    /// A Name of one attribute per RDN, in order: `[("2.5.4.5", "f92009e853b6b045")]`.
    /// Values are UTF8String. Nil when an OID or value is refused by OpenSSL.
    static func name(_ attributes: [(oid: String, value: String)]) -> [UInt8]? {
        ensureOpenSSL()
        defer { drainOpenSSLErrors() }
        guard let name = X509_NAME_new() else { return nil }
        defer { X509_NAME_free(name) }
        for attribute in attributes {
            let bytes = Array(attribute.value.utf8)
            let added = bytes.withUnsafeBufferPointer { buffer in
                X509_NAME_add_entry_by_txt(
                    name, attribute.oid, V_ASN1_UTF8STRING, buffer.baseAddress, Int32(buffer.count), -1, 0)
            }
            guard added == 1 else { return nil }
        }
        var out: UnsafeMutablePointer<UInt8>? = nil
        let length = i2d_X509_NAME(name, &out)
        guard length > 0, let out else { return nil }
        defer { octet_openssl_free(out) }
        return [UInt8](UnsafeBufferPointer(start: out, count: Int(length)))
    }

    /// The DER certificate, signed by `signer`.
    static func sign(_ builder: CertificateBuilder, by signer: OpenSSLP256PrivateKey) throws -> [UInt8] {
        ensureOpenSSL()
        defer { drainOpenSSLErrors() }
        guard let x509 = X509_new() else { throw CryptoError(.invalidCertificate) }
        defer { X509_free(x509) }
        guard X509_set_version(x509, 2) == 1 else { throw CryptoError(.invalidCertificate) }
        try setSerial(builder.serialNumber, x509)
        try setName(builder.subjectDER) { X509_set_subject_name(x509, $0) }
        try setName(builder.issuerDER) { X509_set_issuer_name(x509, $0) }
        try setTime(builder.notBefore) { X509_set1_notBefore(x509, $0) }
        try setTime(builder.notAfter) { X509_set1_notAfter(x509, $0) }
        guard X509_set_pubkey(x509, builder.publicKey.backing.leavePoolForSharing()) == 1 else {
            throw CryptoError(.invalidCertificate)
        }
        for item in builder.extensions { try add(item, to: x509) }
        guard X509_sign(x509, signer.key, EVP_sha256()) > 0 else { throw CryptoError(.signingFailed) }
        var out: UnsafeMutablePointer<UInt8>? = nil
        let length = i2d_X509(x509, &out)
        guard length > 0, let out else { throw CryptoError(.invalidCertificate) }
        defer { octet_openssl_free(out) }
        return [UInt8](UnsafeBufferPointer(start: out, count: Int(length)))
    }

    private static func setSerial(_ serialNumber: [UInt8], _ x509: OpaquePointer) throws {
        let number: OpaquePointer? = serialNumber.withUnsafeBufferPointer {
            BN_bin2bn($0.baseAddress, Int32($0.count), nil)
        }
        guard let number else { throw CryptoError(.invalidCertificate) }
        defer { BN_free(number) }
        guard let integer = BN_to_ASN1_INTEGER(number, nil) else { throw CryptoError(.invalidCertificate) }
        defer { ASN1_STRING_free(integer) }
        guard X509_set_serialNumber(x509, integer) == 1 else { throw CryptoError(.invalidCertificate) }
    }

    private static func setName(_ der: [UInt8], _ set: (OpaquePointer) -> Int32) throws {
        let name: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_X509_NAME(nil, &cursor, buffer.count)
        }
        guard let name else { throw CryptoError(.invalidCertificate) }
        defer { X509_NAME_free(name) }
        guard set(name) == 1 else { throw CryptoError(.invalidCertificate) }
    }

    private static func setTime(_ seconds: Int64, _ set: (UnsafePointer<ASN1_TIME>) -> Int32) throws {
        guard let time = ASN1_TIME_set(nil, time_t(seconds)) else { throw CryptoError(.invalidCertificate) }
        defer { ASN1_STRING_free(time) }
        guard set(time) == 1 else { throw CryptoError(.invalidCertificate) }
    }

    private static func add(_ item: CertificateBuilder.Extension, to x509: OpaquePointer) throws {
        guard let object = OBJ_txt2obj(item.oid, 1) else { throw CryptoError(.invalidCertificate) }
        defer { ASN1_OBJECT_free(object) }
        guard let octets = ASN1_OCTET_STRING_new() else { throw CryptoError(.invalidCertificate) }
        defer { ASN1_OCTET_STRING_free(octets) }
        let stored = item.value.withUnsafeBufferPointer {
            ASN1_OCTET_STRING_set(octets, $0.baseAddress, Int32($0.count))
        }
        guard stored == 1,
            let ext = X509_EXTENSION_create_by_OBJ(nil, object, item.critical ? 1 : 0, octets)
        else { throw CryptoError(.invalidCertificate) }
        defer { X509_EXTENSION_free(ext) }
        guard X509_add_ext(x509, ext, -1) == 1 else { throw CryptoError(.invalidCertificate) }
    }
}
