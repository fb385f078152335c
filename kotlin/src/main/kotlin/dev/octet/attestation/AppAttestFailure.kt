package dev.octet.attestation

import dev.octet.encoding.cbor.CborException
import dev.octet.outcome.ReasonCode

/**
 * A rule of App Attest that the evidence broke: its reason code and a log-safe detail. Internal:
 * the public result is an `Outcome`. Details name the rule, never a key, identifier, or input byte
 * (offsets into CBOR are fine: they locate, not reveal). (Swift: `AppAttestFailure`.)
 */
internal class AppAttestFailure(val code: ReasonCode, val detail: String) : Exception(detail) {
    override fun fillInStackTrace(): Throwable = this

    companion object {
        /** A CBOR structure that the strict decoder refused, named by what it was meant to be. */
        fun cbor(what: String, error: CborException) = AppAttestFailure(
            ReasonCode.EVIDENCE_MALFORMED, "$what is not canonical CBOR (${error.code.text} at offset ${error.offset})"
        )
    }
}
