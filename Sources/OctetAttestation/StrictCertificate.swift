import OctetCrypto
import OctetEncoding

/// A certificate from device evidence whose key or signature is used: read first by our own
/// strict reader (`CertificateStructure`, the rule every verifier shares), then loaded for its key
/// and signatures (`Certificate(loading:)`). One that passes the rule and still does not load is
/// malformed too (`notLoadable`).
public struct StrictCertificate: Sendable {
    /// Our reading.
    public let structure: CertificateStructure
    /// The loaded certificate, for keys and signatures.
    public let certificate: Certificate

    /// Reads `der` by the rule, then loads it.
    public static func load(_ der: [UInt8]) -> Result<StrictCertificate, CertificateDefect> {
        CertificateStructure.read(der).flatMap(load)
    }

    /// Loads a certificate already read by the rule.
    public static func load(_ structure: CertificateStructure) -> Result<StrictCertificate, CertificateDefect> {
        guard let certificate = try? Certificate(loading: structure) else {
            return .failure(CertificateDefect(.notLoadable))
        }
        return .success(StrictCertificate(structure: structure, certificate: certificate))
    }
}
