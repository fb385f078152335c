import OctetCrypto
import OctetEncoding

/// A certificate from device evidence whose key or signature is used: read first by our own
/// strict reader (`CertificateStructure`, the rule every verifier shares), then loaded into the
/// crypto library. One that passes the rule and still does not load is malformed too
/// (`notLoadable`): the library never decides alone what a certificate is.
public struct StrictCertificate: Sendable {
    /// Our reading.
    public let structure: CertificateStructure
    /// The crypto library's, for keys and signatures.
    public let certificate: Certificate

    /// Reads `der` by the rule, then loads it.
    public static func load(_ der: [UInt8]) -> Result<StrictCertificate, CertificateDefect> {
        CertificateStructure.read(der).flatMap(load)
    }

    /// Loads a certificate already read by the rule.
    public static func load(_ structure: CertificateStructure) -> Result<StrictCertificate, CertificateDefect> {
        guard let certificate = try? Certificate(derEncoded: structure.der) else {
            return .failure(CertificateDefect(.notLoadable))
        }
        return .success(StrictCertificate(structure: structure, certificate: certificate))
    }
}
