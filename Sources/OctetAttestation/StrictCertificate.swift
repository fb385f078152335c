import OctetCrypto
import OctetEncoding

/// Certificates from device evidence, read strictly: OpenSSL alone accepts non-minimal lengths,
/// so the bytes are first walked with our DER reader (definite minimal lengths and tags, children
/// that exactly fill their parent, bounded depth), then handed to OpenSSL.
enum StrictCertificate {
    enum Defect: Error, Equatable {
        /// Not DER throughout; the reader's code names the first violation.
        case notDER(DERError.Code)
        /// DER, but not a certificate OpenSSL can read (every byte must be consumed).
        case notACertificate
    }

    static func parse(_ der: [UInt8]) -> Result<Certificate, Defect> {
        do {
            try DER.parse(der).validateStructure()
        } catch {
            return .failure(.notDER(error.code))
        }
        guard let certificate = try? Certificate(derEncoded: der) else { return .failure(.notACertificate) }
        return .success(certificate)
    }
}
