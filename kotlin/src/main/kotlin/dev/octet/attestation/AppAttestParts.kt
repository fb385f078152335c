package dev.octet.attestation

import dev.octet.encoding.cbor.CborDecoder
import dev.octet.encoding.cbor.CborException
import dev.octet.encoding.cbor.CborValue
import dev.octet.encoding.der.Der
import dev.octet.encoding.der.DerException
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
