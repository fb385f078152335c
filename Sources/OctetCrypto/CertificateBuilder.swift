import OctetEncoding

// The test CA's certificate maker: our DER writer (`OctetEncoding.DERWriter`) and a swift-crypto
// P-256 signature. It writes what OpenSSL's X509_sign wrote before it (the conformance vectors'
// regeneration compares the two): v3, the serial as a minimal positive INTEGER, UTCTime for years
// 1950-2049 and GeneralizedTime otherwise, the critical flag only when true, no [3] when there
// are no extensions.

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
    /// Values are UTF8String. Nil when an OID is not one.
    public static func name(_ attributes: [(oid: String, value: String)]) -> [UInt8]? {
        var names: [[UInt8]] = []
        for attribute in attributes {
            guard let oid = DERWriter.objectIdentifier(attribute.oid) else { return nil }
            names.append(DERWriter.set([DERWriter.sequence([oid, DERWriter.utf8String(attribute.value)])]))
        }
        return DERWriter.sequence(names)
    }

    /// The certificate, signed by `signer`.
    public func signed(by signer: P256PrivateKey) throws -> Certificate {
        var fields: [[UInt8]] = [
            DERWriter.explicit(0, DERWriter.integer(2)), DERWriter.unsignedInteger(serialNumber),
            Self.ecdsaWithSHA256, issuerDER, DERWriter.sequence([Self.time(notBefore), Self.time(notAfter)]),
            subjectDER, Self.spkiPrefix + publicKey.x963Representation,
        ]
        if !extensions.isEmpty {
            var list: [[UInt8]] = []
            for item in extensions {
                guard let oid = DERWriter.objectIdentifier(item.oid) else { throw CryptoError(.invalidCertificate) }
                let critical = item.critical ? [DERWriter.boolean(true)] : []
                list.append(DERWriter.sequence([oid] + critical + [DERWriter.octetString(item.value)]))
            }
            fields.append(DERWriter.explicit(3, DERWriter.sequence(list)))
        }
        let tbs = DERWriter.sequence(fields)
        let signature = tbs.withUnsafeBytes { signer.signature(digest: SHA256.digest($0)) }
        return try Certificate(
            derEncoded: DERWriter.sequence([tbs, Self.ecdsaWithSHA256, DERWriter.element(.bitString, [0] + signature)]))
    }

    /// `AlgorithmIdentifier { ecdsa-with-SHA256 }`, without parameters (RFC 5758).
    static let ecdsaWithSHA256: [UInt8] = [0x30, 0x0A, 0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x02]

    /// The DER SubjectPublicKeyInfo of a P-256 key up to its point: the SEQUENCE header, the
    /// AlgorithmIdentifier (id-ecPublicKey, prime256v1), and the BIT STRING header with its zero
    /// unused-bits byte. The 65-byte point `04 || X || Y` follows it.
    static let spkiPrefix: [UInt8] = [
        0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01, 0x06, 0x08, 0x2A,
        0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00,
    ]

    /// 1950-01-01 and 2050-01-01 in Unix seconds: RFC 5280 takes UTCTime between them.
    static let utcTimeYears: Range<Int64> = -631_152_000..<2_524_608_000

    static func time(_ seconds: Int64) -> [UInt8] {
        utcTimeYears.contains(seconds) ? DERWriter.utcTime(seconds) : DERWriter.generalizedTime(seconds)
    }
}
