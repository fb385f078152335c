package dev.octet.attestation

import dev.octet.encoding.cbor.CborDecoder
import dev.octet.encoding.cbor.CborException
import dev.octet.outcome.ReasonCode

/** An App Attest assertion: the CBOR map `{"signature": DER, "authenticatorData": bytes}`. */
internal class AppAttestAssertion(val signature: ByteArray, val authenticatorData: ByteArray) {
    companion object {
        /** Canonical CBOR holding exactly the two keys, both byte strings. */
        fun parse(bytes: ByteArray): AppAttestAssertion {
            val value = try {
                CborDecoder.decode(bytes)
            } catch (error: CborException) {
                throw AppAttestFailure.cbor("assertion", error)
            }
            val entries = value.mapEntries ?: throw AppAttestFailure(ReasonCode.EVIDENCE_MALFORMED, "assertion is not a CBOR map")
            val signature = value["signature"]?.byteString
            val authenticatorData = value["authenticatorData"]?.byteString
            if (entries.size != 2 || signature == null || authenticatorData == null) {
                throw AppAttestFailure(
                    ReasonCode.EVIDENCE_MALFORMED,
                    "assertion must hold exactly \"signature\" and \"authenticatorData\" byte strings"
                )
            }
            return AppAttestAssertion(signature, authenticatorData)
        }
    }
}
