package dev.octet.attestation

import dev.octet.encoding.cbor.CborValue
import dev.octet.outcome.ReasonCode

/** The COSE_Key (RFC 9053) of an App Attest credential: an EC2 key on P-256. */
internal object CoseKey {
    private const val KTY = 1L
    private const val ALG = 3L
    private const val CRV = -1L
    private const val X = -2L
    private const val Y = -3L
    private const val KTY_EC2 = 2L
    private const val CRV_P256 = 1L

    /**
     * `04 || x || y` from a map holding kty 2, crv 1, and 32-byte x and y. `alg` may be present
     * with any integer (the design sets it aside); any other label is refused, so one key has one
     * reading.
     */
    fun p256Point(key: CborValue): ByteArray {
        val entries = key.mapEntries
            ?: throw AppAttestFailure(ReasonCode.EVIDENCE_MALFORMED, "credential public key is not a COSE key map")
        val known = setOf(KTY, ALG, CRV, X, Y)
        for (entry in entries) {
            val label = entry.key.int64
            if (label == null || label !in known) {
                throw AppAttestFailure(ReasonCode.EVIDENCE_MALFORMED, "credential public key has an unexpected COSE parameter")
            }
        }
        if (key.valueForIntKey(KTY)?.int64 != KTY_EC2) {
            throw AppAttestFailure(ReasonCode.EVIDENCE_MALFORMED, "credential public key is not an EC2 key")
        }
        if (key.valueForIntKey(CRV)?.int64 != CRV_P256) {
            throw AppAttestFailure(ReasonCode.EVIDENCE_MALFORMED, "credential public key is not on P-256")
        }
        val algorithm = key.valueForIntKey(ALG)
        if (algorithm != null && algorithm.int64 == null) {
            throw AppAttestFailure(ReasonCode.EVIDENCE_MALFORMED, "credential public key has a non-integer alg")
        }
        val x = key.valueForIntKey(X)?.byteString
        val y = key.valueForIntKey(Y)?.byteString
        if (x == null || x.size != 32 || y == null || y.size != 32) {
            throw AppAttestFailure(ReasonCode.EVIDENCE_MALFORMED, "credential public key coordinates are not 32-byte strings")
        }
        return byteArrayOf(0x04) + x + y
    }
}
