package dev.octet.attestation

import dev.octet.crypto.P256PublicKey
import dev.octet.crypto.Sha256
import dev.octet.encoding.der.Der
import dev.octet.encoding.der.DerException
import dev.octet.encoding.der.DerNode
import dev.octet.encoding.der.DerTag
import java.security.KeyFactory
import java.security.PublicKey
import java.security.spec.X509EncodedKeySpec

/**
 * A certificate from device evidence or the anchors, read by our own reader and loaded for use
 * (Swift: `Certificate`, a `CertificateStructure` that `CertificateLoading` admits, its key read
 * by swift-crypto; the loading rules were measured on OpenSSL 3.0, the Swift library's reader before).
 *
 * Our reading decides what the certificate is; the platform's provider only reads its key
 * (`KeyFactory`, from the SubjectPublicKeyInfo as it arrived) and verifies signatures
 * (`Signature`, over the tbsCertificate bytes that arrived, with the scheme and hash the
 * certificate's own signatureAlgorithm names). `CertificateFactory("X.509")` is deliberately not
 * the judge of loading: the JDK's refuses a certificate with a repeated extension and parses known
 * extensions eagerly, where the Swift library (and OpenSSL before it) loads both, so it would turn the walk's
 * "repeated attestation extension" (ATTESTATION_EXTENSION_INVALID) into CERTIFICATE_MALFORMED.
 * "Loading" is therefore what every X.509 library requires beyond the well-formed rule: each
 * AlgorithmIdentifier is an OID with at most one parameter element, and each Name is a SEQUENCE
 * OF SET OF `SEQUENCE { OID, value }`. A key the provider cannot read (an unknown algorithm, an
 * invalid point) leaves the certificate loaded without a key, as in Swift: its signatures
 * then verify nothing, and a leaf without a P-256 key is `device-attestation-sig`'s KEY_INVALID.
 */
internal class Certificate private constructor(val fields: CertificateFields, private val key: PublicKey?) {
    /** The certificate's key as the provider read it, or null when the provider could not read it. */
    val publicKey: PublicKey? get() = key

    /** The key when it is an EC P-256 key; null for any other key. */
    val publicKeyP256: P256PublicKey? get() = key?.let { P256PublicKey.fromPublicKey(it) }

    /** SHA-256 of the SubjectPublicKeyInfo as it arrived (whatever the key type). */
    val spkiSha256: ByteArray get() = Sha256.hash(fields.spkiDer())

    /**
     * True when `parent`'s key verifies this certificate's signature, with the scheme and hash
     * named by this certificate's signatureAlgorithm ([CertificateSignature]: ECDSA, RSA PKCS#1
     * v1.5, RSA-PSS). Names are not compared here. Every provider exception counts as "does not verify".
     */
    fun isSignedBy(parent: Certificate): Boolean {
        val parentKey = parent.key ?: return false
        return CertificateSignature.verifies(fields, parentKey)
    }

    companion object {
        /** The outcome of [load]: a certificate, or why it is not one (log-safe). */
        sealed class Loaded {
            class Ok(val certificate: Certificate) : Loaded()
            class Malformed(val defect: CertificateDefect) : Loaded()
        }

        /** Well-formed by the strict rule, then loaded. */
        fun load(der: ByteArray): Loaded {
            val parsed = StrictCertificate.parse(der)
            return when (parsed) {
                is StrictCertificate.Result.Malformed -> Loaded.Malformed(parsed.defect)
                is StrictCertificate.Result.WellFormed -> load(parsed.certificate)
            }
        }

        /** A well-formed certificate, loaded: the X.509 grammar a library requires, then its key through the provider. */
        fun load(fields: CertificateFields): Loaded {
            val loadable = isAlgorithmIdentifier(fields.signatureAlgorithmDer()) && isName(fields.issuerDer()) &&
                isName(fields.subjectDer()) && keyAlgorithm(fields.spkiDer()) != null
            if (!loadable) return Loaded.Malformed(CertificateDefect(CertificateDefect.Rule.NOT_LOADABLE))
            return Loaded.Ok(Certificate(fields, readKey(fields.spkiDer())))
        }

        private const val EC_PUBLIC_KEY = "1.2.840.10045.2.1"
        private const val RSA_ENCRYPTION = "1.2.840.113549.1.1.1"

        /** `AlgorithmIdentifier ::= SEQUENCE { OBJECT IDENTIFIER, parameters ANY OPTIONAL }`: at most two elements. */
        private fun isAlgorithmIdentifier(der: ByteArray): Boolean = try {
            val parts = Der.parse(der).sequence()
            parts.read(DerTag.OBJECT_IDENTIFIER).objectIdentifierBytes()
            val parameters = parts.next()
            (parameters == null || anyValueLoads(parameters)) && parts.isAtEnd
        } catch (e: DerException) {
            false
        }

        /**
         * An ASN.1 ANY value (algorithm parameters, a name's attribute value) as OpenSSL 3 decodes it:
         * by its universal type's own content rules (d2i fails otherwise), which a differential campaign
         * against the Swift verifier (OpenSSL underneath) found Kotlin did not apply: a BOOLEAN is one
         * byte, a NULL empty, an INTEGER or ENUMERATED at least one byte and minimal, a BIT STRING's
         * first byte (unused bits) 0..7, an OBJECT IDENTIFIER a valid encoding, a BMPString an even and a
         * UniversalString a multiple of four number of bytes (measured on OpenSSL 3.0.22). Other types'
         * contents are not judged here.
         */
        private fun anyValueLoads(value: DerNode): Boolean {
            if (value.tag.tagClass != DerTag.UNIVERSAL || value.tag.constructed) return true
            val length = value.contentLength
            return when (value.tag.number) {
                1L -> length == 1
                2L, 10L -> length >= 1 && !(length >= 2 && (
                    (value.contentByte(0) == 0 && value.contentByte(1) and 0x80 == 0) ||
                        (value.contentByte(0) == 0xFF && value.contentByte(1) and 0x80 != 0)))
                3L -> length >= 1 && value.contentByte(0) <= 7
                5L -> length == 0
                28L -> length % 4 == 0
                30L -> length % 2 == 0
                6L -> try {
                    value.objectIdentifierBytes()
                    true
                } catch (e: DerException) {
                    false
                }
                else -> true
            }
        }

        /**
         * A Name's attribute value as OpenSSL 3.0's X509_NAME reader takes it (measured on 3.0.22, the
         * library the Swift verifier loads certificates with; found by the differential campaign, issue
         * 23): a universal type among those its DirectoryString-like choice admits, with the content
         * rules of [anyValueLoads], and the strings it converts to UTF-8 for its canonical name
         * convertible: a BMPString an even number of bytes with no surrogate unit, a UniversalString a
         * multiple of four bytes of Unicode scalar values (a UTF8String's UTF-8 is the strict reader's
         * rule since 2026-12-07, [StrictCertificate], so that a dropped root is judged alike). Refused:
         * BOOLEAN, INTEGER, OCTET STRING, NULL, OBJECT IDENTIFIER, ENUMERATED, VideotexString, UTCTime,
         * GeneralizedTime, GraphicString, VisibleString, GeneralString, a SET, and tags past 30.
         */
        private fun isLoadableNameValue(value: DerNode): Boolean {
            if (value.tag.tagClass != DerTag.UNIVERSAL) return false
            val number = value.tag.number
            if (value.tag.constructed) return number in constructedNameValues
            if (number !in primitiveNameValues || !anyValueLoads(value)) return false
            val content = value.content()
            return when (number) {
                28L -> content.size % 4 == 0 && (0 until content.size / 4).all { i ->
                    val v = ((content[4 * i].toLong() and 0xFF) shl 24) or ((content[4 * i + 1].toLong() and 0xFF) shl 16) or
                        ((content[4 * i + 2].toLong() and 0xFF) shl 8) or (content[4 * i + 3].toLong() and 0xFF)
                    v <= 0x10FFFF && v !in 0xD800L..0xDFFFL
                }
                30L -> content.size % 2 == 0 && (0 until content.size / 2).all { i ->
                    ((content[2 * i].toInt() and 0xFF) shl 8 or (content[2 * i + 1].toInt() and 0xFF)) !in 0xD800..0xDFFF
                }
                else -> true
            }
        }

        /** Universal tag numbers OpenSSL 3.0 takes as a primitive name attribute value (see [isLoadableNameValue]). */
        private val primitiveNameValues = setOf(3L, 7L, 8L, 9L, 11L, 12L, 13L, 14L, 15L, 18L, 19L, 20L, 22L, 28L, 29L, 30L)
        /** …and as a constructed one (a SEQUENCE; constructed strings are already refused by the DER rule). */
        private val constructedNameValues = setOf(7L, 8L, 9L, 11L, 12L, 13L, 14L, 15L, 16L, 18L, 19L, 20L, 22L, 28L, 29L, 30L)

        /** The SPKI's AlgorithmIdentifier when it has X.509's shape, else null. */
        private fun keyAlgorithm(spki: ByteArray): ByteArray? = try {
            val algorithm = Der.parse(spki).sequence().read()
            if (isAlgorithmIdentifier(algorithm.encoded())) algorithm.encoded() else null
        } catch (e: DerException) {
            null
        }

        /** `Name ::= SEQUENCE OF SET OF SEQUENCE { type OBJECT IDENTIFIER, value ANY }`, each value one OpenSSL loads. */
        private fun isName(der: ByteArray): Boolean = try {
            val rdns = Der.parse(der).sequence()
            var ok = true
            while (ok) {
                val rdn = rdns.next() ?: break
                val attributes = rdn.set()
                while (ok) {
                    val attribute = attributes.next() ?: break
                    val pair = attribute.sequence()
                    pair.read(DerTag.OBJECT_IDENTIFIER).objectIdentifierBytes()
                    ok = isLoadableNameValue(pair.read()) && pair.isAtEnd
                }
            }
            ok
        } catch (e: DerException) {
            false
        }

        /** The key through the platform's `KeyFactory` (EC or RSA); null for any other kind or when the provider refuses it. */
        private fun readKey(spki: ByteArray): PublicKey? {
            val algorithm = keyAlgorithm(spki) ?: return null
            val oid = try {
                Der.parse(algorithm).sequence().read().objectIdentifierBytes()
            } catch (e: DerException) {
                return null
            }
            val kind = when {
                oid.contentEquals(ObjectIdentifier.encode(EC_PUBLIC_KEY) ?: return null) -> "EC"
                oid.contentEquals(ObjectIdentifier.encode(RSA_ENCRYPTION) ?: return null) -> "RSA"
                else -> return null
            }
            return try {
                KeyFactory.getInstance(kind).generatePublic(X509EncodedKeySpec(spki))
            } catch (e: Exception) {
                null
            } catch (e: LinkageError) {
                null
            }
        }
    }
}
