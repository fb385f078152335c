package dev.octet.attestation

import dev.octet.encoding.der.Der
import dev.octet.encoding.der.DerException
import dev.octet.outcome.ReasonCode

/**
 * The credential certificate's nonce extension, 1.2.840.113635.100.8.2:
 * `SEQUENCE { [1] EXPLICIT OCTET STRING }` holding `H(authData || clientDataHash)`.
 */
internal object AppAttestNonceExtension {
    const val OID = "1.2.840.113635.100.8.2"

    /** The 32-byte nonce the certificate carries. Exactly one such extension, strict DER, nothing extra. */
    fun nonce(certificate: CertificateFields): ByteArray {
        val value = certificate.extensionValue(OID)
        if (certificate.extensionCount(OID) != 1 || value == null) {
            throw AppAttestFailure(ReasonCode.EVIDENCE_MALFORMED, "credential certificate does not carry exactly one nonce extension")
        }
        val nonce = try {
            val outer = Der.parse(value).sequence()
            val nonce = outer.read().explicit(1).octetString()
            outer.finish()
            nonce
        } catch (error: DerException) {
            throw AppAttestFailure(ReasonCode.EVIDENCE_MALFORMED, "nonce extension is not the expected DER structure")
        }
        if (nonce.size != 32) {
            throw AppAttestFailure(ReasonCode.EVIDENCE_MALFORMED, "nonce extension does not hold a 32-byte nonce")
        }
        return nonce
    }
}
