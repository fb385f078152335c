internal import COpenSSL
import Foundation

/// Makes X.509 v3 certificates with OpenSSL, signed with a P-256 key (ecdsa-with-SHA256): the
/// test CA that builds Android-shaped chains for tests and for the issuer's test proofs.
/// Never used by the verifier.
public struct CertificateBuilder: Sendable {
    /// One extension: its OID in dotted form, the critical flag, and the raw extnValue contents.
    public struct Extension: Sendable, Hashable {
        public var oid: String
        public var critical: Bool
        public var value: [UInt8]
        public init(oid: String, critical: Bool = false, value: [UInt8]) {
            self.oid = oid
            self.critical = critical
            self.value = value
        }
    }

    /// Big-endian magnitude of the serial number.
    public var serialNumber: [UInt8]
    /// The subject Name as DER (see `name(_:)`).
    public var subjectDER: [UInt8]
    /// The issuer Name as DER; the parent's `subjectDER` for a chained certificate.
    public var issuerDER: [UInt8]
    public var notBefore: Int64
    public var notAfter: Int64
    public var publicKey: P256PublicKey
    /// Added in this order; the same OID may be added twice (to build malformed certificates).
    public var extensions: [Extension]

    public init(
        serialNumber: [UInt8], subjectDER: [UInt8], issuerDER: [UInt8], notBefore: Int64, notAfter: Int64,
        publicKey: P256PublicKey, extensions: [Extension] = []
    ) {
        self.serialNumber = serialNumber
        self.subjectDER = subjectDER
        self.issuerDER = issuerDER
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.publicKey = publicKey
        self.extensions = extensions
    }

    /// A Name of one attribute per RDN, in order: `[("2.5.4.5", "f92009e853b6b045")]`.
    /// Values are UTF8String. Nil when an OID or value is refused by OpenSSL.
    public static func name(_ attributes: [(oid: String, value: String)]) -> [UInt8]? {
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

    /// The certificate, signed by `signer`.
    public func signed(by signer: P256PrivateKey) throws -> Certificate {
        defer { drainOpenSSLErrors() }
        guard let x509 = X509_new() else { throw CryptoError(.invalidCertificate) }
        defer { X509_free(x509) }
        guard X509_set_version(x509, 2) == 1 else { throw CryptoError(.invalidCertificate) }
        try setSerial(x509)
        try setName(subjectDER) { X509_set_subject_name(x509, $0) }
        try setName(issuerDER) { X509_set_issuer_name(x509, $0) }
        try setTime(notBefore) { X509_set1_notBefore(x509, $0) }
        try setTime(notAfter) { X509_set1_notAfter(x509, $0) }
        guard X509_set_pubkey(x509, publicKey.key) == 1 else { throw CryptoError(.invalidCertificate) }
        for item in extensions { try add(item, to: x509) }
        guard X509_sign(x509, signer.key, EVP_sha256()) > 0 else { throw CryptoError(.signingFailed) }
        var out: UnsafeMutablePointer<UInt8>? = nil
        let length = i2d_X509(x509, &out)
        guard length > 0, let out else { throw CryptoError(.invalidCertificate) }
        defer { octet_openssl_free(out) }
        return try Certificate(derEncoded: [UInt8](UnsafeBufferPointer(start: out, count: Int(length))))
    }

    private func setSerial(_ x509: OpaquePointer) throws {
        let number: OpaquePointer? = serialNumber.withUnsafeBufferPointer {
            BN_bin2bn($0.baseAddress, Int32($0.count), nil)
        }
        guard let number else { throw CryptoError(.invalidCertificate) }
        defer { BN_free(number) }
        guard let integer = BN_to_ASN1_INTEGER(number, nil) else { throw CryptoError(.invalidCertificate) }
        defer { ASN1_STRING_free(integer) }
        guard X509_set_serialNumber(x509, integer) == 1 else { throw CryptoError(.invalidCertificate) }
    }

    private func setName(_ der: [UInt8], _ set: (OpaquePointer) -> Int32) throws {
        let name: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_X509_NAME(nil, &cursor, buffer.count)
        }
        guard let name else { throw CryptoError(.invalidCertificate) }
        defer { X509_NAME_free(name) }
        guard set(name) == 1 else { throw CryptoError(.invalidCertificate) }
    }

    private func setTime(_ seconds: Int64, _ set: (UnsafePointer<ASN1_TIME>) -> Int32) throws {
        guard let time = ASN1_TIME_set(nil, time_t(seconds)) else { throw CryptoError(.invalidCertificate) }
        defer { ASN1_STRING_free(time) }
        guard set(time) == 1 else { throw CryptoError(.invalidCertificate) }
    }

    private func add(_ item: Extension, to x509: OpaquePointer) throws {
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
