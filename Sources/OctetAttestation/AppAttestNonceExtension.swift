import OctetCrypto
import OctetEncoding
import OctetOutcome

/// The credential certificate's nonce extension, 1.2.840.113635.100.8.2:
/// `SEQUENCE { [1] EXPLICIT OCTET STRING }` holding `H(authData || clientDataHash)`.
enum AppAttestNonceExtension {
    static let oid = "1.2.840.113635.100.8.2"

    /// The 32-byte nonce the certificate carries, as our strict reader reads its extensions. Exactly one such extension, strict DER, nothing extra.
    static func nonce(in certificate: CertificateStructure) throws(AppAttestFailure) -> [UInt8] {
        guard certificate.extensionCount(oid: oid) == 1, let value = certificate.extensionValue(oid: oid) else {
            throw AppAttestFailure(
                .evidenceMalformed, "credential certificate does not carry exactly one nonce extension")
        }
        do {
            var outer = try DER.parse(value).sequence()
            let nonce = try outer.read().explicit(1).octetString()
            try outer.finish()
            guard nonce.count == 32 else {
                throw AppAttestFailure(.evidenceMalformed, "nonce extension does not hold a 32-byte nonce")
            }
            return Array(nonce)
        } catch let error as AppAttestFailure {
            throw error
        } catch {
            throw AppAttestFailure(.evidenceMalformed, "nonce extension is not the expected DER structure")
        }
    }
}
