package dev.octet.attestation

import dev.octet.encoding.der.Der
import dev.octet.encoding.der.DerException
import dev.octet.encoding.der.DerNode
import dev.octet.encoding.der.DerReader
import dev.octet.encoding.der.DerTag
import java.math.BigInteger
import java.security.NoSuchAlgorithmException
import java.security.PublicKey
import java.security.Signature
import java.security.interfaces.ECPublicKey
import java.security.interfaces.RSAPublicKey
import java.security.spec.MGF1ParameterSpec
import java.security.spec.PSSParameterSpec

/**
 * Certificate signatures through the JCA (Swift: `CertificateSignature`, on swift-crypto), over
 * the tbsCertificate bytes that arrived, with the scheme and hash the certificate's
 * signatureAlgorithm names: ECDSA and RSA PKCS#1 v1.5 with SHA-1, SHA-256, SHA-384 or SHA-512, and
 * RSA-PSS with MGF1 over the same hash, a salt as long as the digest and trailer 1. The same set as
 * the Swift library's, so that a chain gets the same answer in both: SHA-224, which swift-crypto
 * lacks and no attestation chain uses, verifies nothing here either, although every provider has
 * it. Strict encodings are judged first, so that no provider's leniency decides.
 */
internal object CertificateSignature {
    /** The hashes a certificate signature may name: its `id-sha*` OID, JCA digest name and length (the PSS salt). */
    internal enum class Hash(val oid: String, val digestName: String, val length: Int) {
        SHA1("1.3.14.3.2.26", "SHA-1", 20),
        SHA256("2.16.840.1.101.3.4.2.1", "SHA-256", 32),
        SHA384("2.16.840.1.101.3.4.2.2", "SHA-384", 48),
        SHA512("2.16.840.1.101.3.4.2.3", "SHA-512", 64);

        /** "SHA256" in the JCA's `SHA256withECDSA` style of name. */
        val shortName: String get() = digestName.replace("-", "")
    }

    private val ecdsa: List<Pair<String, Hash>> = listOf(
        "1.2.840.10045.4.1" to Hash.SHA1,
        "1.2.840.10045.4.3.2" to Hash.SHA256,
        "1.2.840.10045.4.3.3" to Hash.SHA384,
        "1.2.840.10045.4.3.4" to Hash.SHA512
    )
    private val rsaPkcs1: List<Pair<String, Hash>> = listOf(
        "1.2.840.113549.1.1.5" to Hash.SHA1,
        "1.2.840.113549.1.1.11" to Hash.SHA256,
        "1.2.840.113549.1.1.12" to Hash.SHA384,
        "1.2.840.113549.1.1.13" to Hash.SHA512
    )
    private const val RSASSA_PSS = "1.2.840.113549.1.1.10"
    private val mgf1 = oid("1.2.840.113549.1.1.8")

    fun verifies(certificate: CertificateFields, key: PublicKey): Boolean {
        ecdsa.firstOrNull { certificate.hasSignatureAlgorithm(it.first) }?.let { (_, hash) ->
            if (key !is ECPublicKey || !isStrictEcdsaSignature(certificate.signatureValue(), key.params.order)) return false
            return verify(certificate, key) { Signature.getInstance("${hash.shortName}withECDSA") }
        }
        rsaPkcs1.firstOrNull { certificate.hasSignatureAlgorithm(it.first) }?.let { (_, hash) ->
            if (!isRsaSignatureFor(certificate, key)) return false
            return verify(certificate, key) { Signature.getInstance("${hash.shortName}withRSA") }
        }
        if (certificate.hasSignatureAlgorithm(RSASSA_PSS)) {
            val hash = pssHash(certificate.signatureAlgorithmDer()) ?: return false
            if (!isRsaSignatureFor(certificate, key)) return false
            return verify(certificate, key) { pssVerifier(hash) }
        }
        return false
    }

    /**
     * An RSA key of 1024 bits and more (the Swift library's floor: real attestation roots include
     * 1024-bit ones; a smaller key's signatures verify nothing there), and a signature exactly as
     * long as its modulus (BoringSSL refuses any other length).
     */
    private fun isRsaSignatureFor(certificate: CertificateFields, key: PublicKey): Boolean =
        key is RSAPublicKey && key.modulus.bitLength() >= 1024 &&
            certificate.signatureValue().size == (key.modulus.bitLength() + 7) / 8

    /** `verifier`'s answer over the tbsCertificate; every provider exception counts as "does not verify". */
    private fun verify(certificate: CertificateFields, key: PublicKey, verifier: () -> Signature): Boolean = try {
        val signature = verifier()
        signature.initVerify(key)
        signature.update(certificate.tbs())
        signature.verify(certificate.signatureValue())
    } catch (e: Exception) {
        false
    } catch (e: LinkageError) {
        false
    }

    /**
     * An RSA-PSS verifier for `hash` with MGF1 over `hash`, a salt of the digest's length and
     * trailer 1, set explicitly (before `initVerify`, where Conscrypt applies them) so that no
     * provider's default decides. `names` are tried in order: "RSASSA-PSS" (the JDK's SunRsaSign and
     * Bouncy Castle), then the name Android's reference lists for the scheme from API 23,
     * "SHA256withRSA/PSS" (Conscrypt, whose `setParameter` takes these: its own hash, MGF1, trailer 1).
     */
    internal fun pssVerifier(hash: Hash, names: List<String> = pssNames(hash)): Signature {
        var missing: NoSuchAlgorithmException? = null
        for (name in names) {
            val signature = try {
                Signature.getInstance(name)
            } catch (e: NoSuchAlgorithmException) {
                missing = e
                continue
            }
            signature.setParameter(PSSParameterSpec(hash.digestName, "MGF1", MGF1ParameterSpec(hash.digestName), hash.length, 1))
            return signature
        }
        throw missing ?: NoSuchAlgorithmException("no RSA-PSS signature")
    }

    /** The JCA names of RSA-PSS over `hash`, in the order [pssVerifier] tries them. */
    internal fun pssNames(hash: Hash): List<String> = listOf("RSASSA-PSS", "${hash.shortName}withRSA/PSS")

    /**
     * The hash of `RSASSA-PSS-params` (RFC 4055) in the signatureAlgorithm `algorithm` when they are
     * the only ones accepted: a hash, MGF1 over the same hash, a salt as long as its digest, trailer 1,
     * each written out or left to its default (SHA-1, MGF1-SHA-1, 20, 1), in order, each field exactly
     * one element, nothing else. Null for any other parameters, or none (Swift: `pssHash`).
     */
    internal fun pssHash(algorithm: ByteArray): Hash? = try {
        val parts = Der.parse(algorithm).sequence()
        parts.read(DerTag.OBJECT_IDENTIFIER)
        val parameters = parts.next()
        if (parameters == null || !parts.isAtEnd) null else pssParameters(parameters)
    } catch (e: DerException) {
        null
    }

    private fun pssParameters(parameters: DerNode): Hash? {
        val fields = parameters.sequence()
        val hash = field(fields, 0)?.let { hashAlgorithm(it) ?: return null } ?: Hash.SHA1
        val maskHash = field(fields, 1)?.let { mask ->
            val parts = mask.sequence()
            if (!parts.read(DerTag.OBJECT_IDENTIFIER).objectIdentifierBytes().contentEquals(mgf1)) return null
            val inner = hashAlgorithm(parts.read()) ?: return null
            if (!parts.isAtEnd) return null
            inner
        } ?: Hash.SHA1
        val salt = field(fields, 2)?.int64() ?: 20L
        val trailer = field(fields, 3)?.int64() ?: 1L
        if (!fields.isAtEnd || maskHash != hash || salt != hash.length.toLong() || trailer != 1L) return null
        return hash
    }

    /** The element inside `[number] EXPLICIT` when it comes next; DerException when it is not exactly one element. */
    private fun field(fields: DerReader, number: Long): DerNode? =
        if (fields.peekTag() == DerTag.context(number, true)) fields.read().explicit(number) else null

    /** A hash AlgorithmIdentifier: the OID, with no parameters or NULL. */
    private fun hashAlgorithm(node: DerNode): Hash? {
        val parts = node.sequence()
        val read = parts.read(DerTag.OBJECT_IDENTIFIER).objectIdentifierBytes()
        val hash = hashOids.firstOrNull { it.second.contentEquals(read) }?.first ?: return null
        parts.next()?.nullValue()
        return if (parts.isAtEnd) hash else null
    }

    private fun oid(dotted: String): ByteArray = ObjectIdentifier.encode(dotted) ?: ByteArray(0)

    private val hashOids: List<Pair<Hash, ByteArray>> = Hash.values().map { it to oid(it.oid) }

    /**
     * `ECDSA-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER }` in strict DER, r and s in 1..n-1, and
     * nothing after it: judged here so that no provider's leniency decides.
     */
    internal fun isStrictEcdsaSignature(signature: ByteArray, order: BigInteger): Boolean = try {
        val fields = Der.parse(signature).sequence()
        val r = BigInteger(fields.read(DerTag.INTEGER).integerBytes())
        val s = BigInteger(fields.read(DerTag.INTEGER).integerBytes())
        fields.finish()
        r.signum() > 0 && s.signum() > 0 && r < order && s < order
    } catch (e: DerException) {
        false
    }
}
