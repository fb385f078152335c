package dev.octet.attestation

import dev.octet.encoding.cbor.CborDecoder
import dev.octet.encoding.cbor.CborException
import dev.octet.encoding.cbor.CborValue
import dev.octet.outcome.ReasonCode

/**
 * WebAuthn-style authenticator data as App Attest writes it, read by position.
 *
 * Layout: rpIdHash (32) | flags (1) | signCount (4, big-endian) | [attested credential data] |
 * [one CBOR map]. The flags are *not* used to find the parts: real assertions set AT with no
 * credential data, and from iOS 27 attestations end with a CBOR map (`apple_*` keys) while ED is
 * clear. So the caller says which layout it expects, and after the fixed parts the bytes must be
 * empty or exactly one canonical CBOR map.
 */
internal class AppAttestAuthenticatorData(
    val rpIdHash: ByteArray,
    val flags: Int,
    /** The signCount, unsigned 32 bits. */
    val counter: Long,
    /** Present when parsed as an attestation's authenticator data. */
    val credential: AppAttestCredentialData?,
    /** The trailing map, when there is one. Its content is not judged. */
    val extensions: CborValue?
) {
    companion object {
        const val HEADER_LENGTH = 37

        /** Authenticator data of an assertion: the fixed header, then nothing or one CBOR map. */
        fun parseAssertion(bytes: ByteArray): AppAttestAuthenticatorData = parse(bytes, false)

        /** Authenticator data of an attestation: the header, attested credential data, then nothing or one CBOR map. */
        fun parseAttestation(bytes: ByteArray): AppAttestAuthenticatorData = parse(bytes, true)

        private fun parse(bytes: ByteArray, withCredential: Boolean): AppAttestAuthenticatorData {
            if (bytes.size < HEADER_LENGTH) {
                throw AppAttestFailure(ReasonCode.EVIDENCE_MALFORMED, "authenticator data is shorter than 37 bytes")
            }
            val rpIdHash = bytes.copyOfRange(0, 32)
            val flags = bytes[32].toInt() and 0xFF
            var counter = 0L
            for (i in 33 until 37) counter = (counter shl 8) or (bytes[i].toLong() and 0xFF)
            var rest = HEADER_LENGTH

            var credential: AppAttestCredentialData? = null
            if (withCredential) {
                val (parsed, length) = AppAttestCredentialData.parsePrefix(bytes, rest)
                credential = parsed
                rest += length
            }

            var extensions: CborValue? = null
            if (rest < bytes.size) {
                val value = try {
                    CborDecoder.decode(bytes, rest, bytes.size)
                } catch (error: CborException) {
                    throw AppAttestFailure.cbor("data after the authenticator data's fixed fields", error)
                }
                if (value !is CborValue.MapValue) {
                    throw AppAttestFailure(
                        ReasonCode.EVIDENCE_MALFORMED, "authenticator data ends with something other than one CBOR map"
                    )
                }
                extensions = value
            }
            return AppAttestAuthenticatorData(rpIdHash, flags, counter, credential, extensions)
        }
    }
}

/**
 * Attested credential data: aaguid (16) | credentialIdLength (2, big-endian) | credentialId |
 * credentialPublicKey (a COSE_Key in CBOR).
 */
internal class AppAttestCredentialData(
    val aaguid: ByteArray,
    val credentialId: ByteArray,
    /** The COSE key as the 65-byte uncompressed point `04 || x || y`. */
    val publicKey: ByteArray
) {
    companion object {
        /** The credential data starting at `start` of `bytes`, with its length. */
        fun parsePrefix(bytes: ByteArray, start: Int): Pair<AppAttestCredentialData, Int> {
            val available = bytes.size - start
            if (available < 18) {
                throw AppAttestFailure(ReasonCode.EVIDENCE_MALFORMED, "attested credential data is missing or cut short")
            }
            val aaguid = bytes.copyOfRange(start, start + 16)
            val idLength = ((bytes[start + 16].toInt() and 0xFF) shl 8) or (bytes[start + 17].toInt() and 0xFF)
            if (available - 18 < idLength) {
                throw AppAttestFailure(ReasonCode.EVIDENCE_MALFORMED, "credential id runs past the authenticator data")
            }
            val credentialId = bytes.copyOfRange(start + 18, start + 18 + idLength)
            val (key, keyLength) = try {
                CborDecoder.decodePrefix(bytes, start + 18 + idLength, bytes.size)
            } catch (error: CborException) {
                throw AppAttestFailure.cbor("credential public key", error)
            }
            val point = CoseKey.p256Point(key)
            return Pair(AppAttestCredentialData(aaguid, credentialId, point), 18 + idLength + keyLength)
        }
    }
}
