// The test CA's certificate maker; the backend is `CertificateBuilderBackend` (CertificateBuilder_openssl.swift).

/// Makes X.509 v3 certificates, signed with a P-256 key (ecdsa-with-SHA256): the
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
    /// Values are UTF8String. Nil when an OID or value is refused by the backend.
    public static func name(_ attributes: [(oid: String, value: String)]) -> [UInt8]? {
        CertificateBuilderBackend.name(attributes)
    }

    /// The certificate, signed by `signer`.
    public func signed(by signer: P256PrivateKey) throws -> Certificate {
        try Certificate(derEncoded: CertificateBuilderBackend.sign(self, by: signer.backing))
    }
}
