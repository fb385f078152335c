package dev.octet.attestation

import dev.octet.encoding.cbor.CborDecoder
import dev.octet.encoding.cbor.CborException
import dev.octet.encoding.cbor.CborValue
import dev.octet.outcome.ReasonCode

/**
 * The attestation object `attestKey` returns: canonical CBOR
 * `{"fmt": "apple-appattest", "attStmt": {"x5c": [cert, ...], "receipt": bytes}, "authData": bytes}`.
 */
internal class AppAttestAttestationObject(
    /** DER certificates as they arrived, credential certificate first. */
    val x5c: List<ByteArray>,
    val authData: ByteArray
) {
    companion object {
        const val FORMAT = "apple-appattest"

        /**
         * Reads the structure. The map holds exactly `fmt`, `attStmt` and `authData`; `attStmt`
         * holds exactly `x5c` (an array of byte strings) and `receipt` (a byte string, not judged)
         * (proof-format.md, revised 2026-12-02). The number of certificates is judged by the caller.
         */
        fun parse(bytes: ByteArray): AppAttestAttestationObject {
            val value = try {
                CborDecoder.decode(bytes)
            } catch (error: CborException) {
                throw AppAttestFailure.cbor("attestation object", error)
            }
            val entries = value.mapEntries
            val format = value["fmt"]
            val statement = value["attStmt"]
            val authData = value["authData"]?.byteString
            if (entries == null || entries.size != 3 || format == null || statement == null || authData == null) {
                throw AppAttestFailure(ReasonCode.EVIDENCE_MALFORMED, "attestation object must hold exactly fmt, attStmt and authData")
            }
            if (!format.isText(FORMAT)) {
                throw AppAttestFailure(ReasonCode.EVIDENCE_MALFORMED, "attestation format is not apple-appattest")
            }
            val statementEntries = statement.mapEntries
            val chain = statement["x5c"] as? CborValue.ArrayValue
            if (statementEntries == null || statementEntries.size != 2 || chain == null || statement["receipt"] !is CborValue.Bytes) {
                throw AppAttestFailure(
                    ReasonCode.EVIDENCE_MALFORMED, "attestation statement must hold exactly x5c (an array) and receipt (a byte string)"
                )
            }
            val certificates = ArrayList<ByteArray>()
            for (element in chain.items) {
                val der = element.byteString
                    ?: throw AppAttestFailure(ReasonCode.EVIDENCE_MALFORMED, "x5c holds a non-byte-string element")
                certificates.add(der)
            }
            return AppAttestAttestationObject(certificates, authData)
        }
    }
}
