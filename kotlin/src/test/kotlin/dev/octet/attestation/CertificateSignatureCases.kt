package dev.octet.attestation

import org.bouncycastle.crypto.engines.RSABlindedEngine
import org.bouncycastle.crypto.params.ParametersWithRandom
import org.bouncycastle.crypto.signers.PSSSigner
import org.bouncycastle.crypto.util.PrivateKeyFactory
import org.bouncycastle.crypto.util.PublicKeyFactory
import org.bouncycastle.jcajce.provider.util.DigestFactory
import java.security.KeyPair
import java.security.KeyPairGenerator
import java.security.PrivateKey
import java.security.PublicKey
import java.security.SecureRandom
import java.security.Signature
import java.security.spec.ECGenParameterSpec
import java.security.spec.MGF1ParameterSpec
import java.security.spec.PSSParameterSpec

/**
 * The certificates of `Vectors/certificate-signatures.json`, which the Swift suite
 * (`CertificateSignatureVectorTests`) and the Kotlin suite (`CertificateSignatureVectorTest`) both
 * verify and must answer as the file says: one per signature algorithm a chain may name, the
 * accepted set (ECDSA and RSA PKCS#1 v1.5 with SHA-1/256/384/512, RSA-PSS with MGF1 over the same
 * hash, a salt as long as the digest, trailer 1) and what is refused (SHA-224, any other PSS
 * parameters, a key or a signature that does not fit).
 *
 * Made by the test CA ([TestCertificates]) with the platform's JCA, which, unlike swift-crypto,
 * signs with any PSS parameters: a refused case is a genuine signature under the parameters it
 * names wherever such a signature exists (`signedAs`), so only the accepted set can refuse it.
 * Keys are fresh each run; the names, issuers and verdicts are what regeneration must reproduce.
 */
internal object CertificateSignatureCases {
    /**
     * How a certificate's tbs was really signed: a JCA signature name and, for PSS, its parameters.
     * Bouncy Castle's JCA refuses an MGF1 hash other than the signature's, which the refused cases
     * need, so a PSS scheme with two hashes signs and verifies through its `PSSSigner` directly,
     * under either provider setting.
     */
    class Scheme(val jcaName: String, val pss: PSSParameterSpec? = null) {
        private val twoHashes: Boolean
            get() = pss != null && (pss.mgfParameters as MGF1ParameterSpec).digestAlgorithm != pss.digestAlgorithm

        private fun signature(): Signature = Signature.getInstance(jcaName).also { s -> pss?.let { s.setParameter(it) } }

        private fun pssSigner(): PSSSigner {
            val spec = pss!!
            val mgf = (spec.mgfParameters as MGF1ParameterSpec).digestAlgorithm
            return PSSSigner(RSABlindedEngine(), DigestFactory.getDigest(spec.digestAlgorithm), DigestFactory.getDigest(mgf), spec.saltLength)
        }

        fun sign(message: ByteArray, key: PrivateKey): ByteArray {
            if (twoHashes) {
                val signer = pssSigner()
                signer.init(true, ParametersWithRandom(PrivateKeyFactory.createKey(key.encoded), SecureRandom()))
                signer.update(message, 0, message.size)
                return signer.generateSignature()
            }
            val signer = signature()
            signer.initSign(key)
            signer.update(message)
            return signer.sign()
        }

        fun verifies(message: ByteArray, signature: ByteArray, key: PublicKey): Boolean {
            if (twoHashes) {
                val verifier = pssSigner()
                verifier.init(false, PublicKeyFactory.createKey(key.encoded))
                verifier.update(message, 0, message.size)
                return verifier.verifySignature(signature)
            }
            val verifier = signature()
            verifier.initVerify(key)
            verifier.update(message)
            return verifier.verify(signature)
        }
    }

    /**
     * One certificate: `issuer` names the case whose key signed it (itself for a root), `verifies`
     * what both libraries must answer, `genuine` whether `signedAs` under the issuer's key accepts
     * the signature over the tbs (false only for the cases whose signature is of other bytes).
     */
    class Case(
        val name: String,
        val issuer: String,
        val verifies: Boolean,
        val why: String,
        val signedAs: Scheme,
        val genuine: Boolean,
        val der: ByteArray
    )

    private const val SHA1 = "1.3.14.3.2.26"
    private const val SHA224 = "2.16.840.1.101.3.4.2.4"
    private const val SHA256 = "2.16.840.1.101.3.4.2.1"
    private const val SHA384 = "2.16.840.1.101.3.4.2.2"
    private const val SHA512 = "2.16.840.1.101.3.4.2.3"
    private const val RSASSA_PSS = "1.2.840.113549.1.1.10"
    private const val MGF1 = "1.2.840.113549.1.1.8"

    private fun algorithm(oid: String): ByteArray = TestDer.sequence(TestDer.oid(oid))
    private fun hashId(oid: String, withNull: Boolean = true): ByteArray =
        TestDer.sequence(listOf(TestDer.oid(oid)) + (if (withNull) listOf(TestDer.tlv(0x05, ByteArray(0))) else emptyList()))

    /** `RSASSA-PSS` with `RSASSA-PSS-params` holding the fields given (null: left out), in the order given. */
    private fun pss(vararg fields: ByteArray?): ByteArray =
        TestDer.sequence(TestDer.oid(RSASSA_PSS), TestDer.sequence(fields.filterNotNull()))

    private fun hashField(oid: String, withNull: Boolean = true) = TestDer.explicit(0, hashId(oid, withNull))
    private fun maskField(oid: String, withNull: Boolean = true) =
        TestDer.explicit(1, TestDer.sequence(TestDer.oid(MGF1), hashId(oid, withNull)))
    private fun saltField(length: Long) = TestDer.explicit(2, TestDer.integer(length))
    private fun trailerField(value: Long) = TestDer.explicit(3, TestDer.integer(value))

    /** The PSS fields written out for `oid` (hash, MGF1 over it, `salt`). */
    private fun pssOf(oid: String, salt: Long): ByteArray = pss(hashField(oid), maskField(oid), saltField(salt))

    private fun pssScheme(digest: String, mgfDigest: String, salt: Int) =
        Scheme("RSASSA-PSS", PSSParameterSpec(digest, "MGF1", MGF1ParameterSpec(mgfDigest), salt, 1))

    private fun keyPair(algorithm: String, init: (KeyPairGenerator) -> Unit): KeyPair {
        val generator = KeyPairGenerator.getInstance(algorithm)
        init(generator)
        return generator.generateKeyPair()
    }

    /** Every case, in the file's order, with fresh keys. */
    fun generate(): List<Case> {
        val rsa2048 = keyPair("RSA") { it.initialize(2048) }
        val rsa512 = keyPair("RSA") { it.initialize(512) }
        val p256 = keyPair("EC") { it.initialize(ECGenParameterSpec("secp256r1")) }
        val p384 = keyPair("EC") { it.initialize(ECGenParameterSpec("secp384r1")) }
        val leafKey = newP256KeyPair().public.encoded
        val keys = mapOf("root-rsa-2048" to rsa2048, "root-rsa-512" to rsa512, "root-p256" to p256, "root-p384" to p384)
        val cases = ArrayList<Case>()
        var serial = 1L

        fun add(
            name: String,
            issuer: String,
            algorithm: ByteArray,
            signedAs: Scheme,
            verifies: Boolean,
            why: String,
            genuine: Boolean = true
        ) {
            val self = name == issuer
            val subject = TestDer.name("2.5.4.3" to name)
            val issuerName = TestDer.name("2.5.4.3" to issuer)
            val spki = if (self) keys.getValue(name).public.encoded else leafKey
            val tbs = TestCertificates.tbs(serial++, subject, issuerName, 0, 4_102_444_800L, spki, algorithm)
            // A signature that is not genuine is one over other bytes (the tbs with its last byte changed).
            val signed = if (genuine) tbs else tbs.copyOf().also { it[it.size - 1] = (it[it.size - 1] + 1).toByte() }
            val signature = signedAs.sign(signed, keys.getValue(issuer).private)
            cases.add(Case(name, issuer, verifies, why, signedAs, genuine, TestDer.sequence(tbs, algorithm, TestDer.bitString(signature))))
        }

        val rsa = "root-rsa-2048"
        add(rsa, rsa, algorithm("1.2.840.113549.1.1.11"), Scheme("SHA256withRSA"), true, "sha256WithRSAEncryption, RSA-2048, self-signed")
        add("root-p256", "root-p256", algorithm("1.2.840.10045.4.3.2"), Scheme("SHA256withECDSA"), true, "ecdsa-with-SHA256, P-256, self-signed")
        add("root-p384", "root-p384", algorithm("1.2.840.10045.4.3.3"), Scheme("SHA384withECDSA"), true, "ecdsa-with-SHA384, P-384, self-signed")
        add(
            "root-rsa-512", "root-rsa-512", algorithm("1.2.840.113549.1.1.11"), Scheme("SHA256withRSA"), false,
            "an RSA key under 1024 bits verifies nothing"
        )

        add("ecdsa-sha1", "root-p256", algorithm("1.2.840.10045.4.1"), Scheme("SHA1withECDSA"), true, "ecdsa-with-SHA1")
        add(
            "ecdsa-sha224", "root-p256", algorithm("1.2.840.10045.4.3.1"), Scheme("SHA224withECDSA"), false,
            "ecdsa-with-SHA224: SHA-224 is not in the accepted set (swift-crypto lacks it; no attestation chain uses it)"
        )
        add("ecdsa-sha256-p384", "root-p384", algorithm("1.2.840.10045.4.3.2"), Scheme("SHA256withECDSA"), true, "ecdsa-with-SHA256 by a P-384 key")
        add("ecdsa-sha384", "root-p256", algorithm("1.2.840.10045.4.3.3"), Scheme("SHA384withECDSA"), true, "ecdsa-with-SHA384 by a P-256 key")
        add("ecdsa-sha512", "root-p384", algorithm("1.2.840.10045.4.3.4"), Scheme("SHA512withECDSA"), true, "ecdsa-with-SHA512")
        add(
            "ecdsa-sha256-other-bytes", "root-p256", algorithm("1.2.840.10045.4.3.2"), Scheme("SHA256withECDSA"), false,
            "ecdsa-with-SHA256 whose signature is over other bytes", genuine = false
        )
        add("ecdsa-sha256-rsa-key", rsa, algorithm("1.2.840.10045.4.3.2"), Scheme("SHA256withRSA"), false, "ecdsa-with-SHA256 named, an RSA key signed")

        add("rsa-sha1", rsa, algorithm("1.2.840.113549.1.1.5"), Scheme("SHA1withRSA"), true, "sha1WithRSAEncryption")
        add(
            "rsa-sha224", rsa, algorithm("1.2.840.113549.1.1.14"), Scheme("SHA224withRSA"), false,
            "sha224WithRSAEncryption: SHA-224 is not in the accepted set (swift-crypto lacks it; no attestation chain uses it)"
        )
        add("rsa-sha384", rsa, algorithm("1.2.840.113549.1.1.12"), Scheme("SHA384withRSA"), true, "sha384WithRSAEncryption")
        add("rsa-sha512", rsa, algorithm("1.2.840.113549.1.1.13"), Scheme("SHA512withRSA"), true, "sha512WithRSAEncryption")
        add(
            "rsa-sha256-512-bit-key", "root-rsa-512", algorithm("1.2.840.113549.1.1.11"), Scheme("SHA256withRSA"), false,
            "sha256WithRSAEncryption by an RSA key under 1024 bits"
        )

        add("pss-sha1-defaults", rsa, pss(), pssScheme("SHA-1", "SHA-1", 20), true, "RSASSA-PSS, every parameter its default: SHA-1, MGF1-SHA-1, salt 20, trailer 1")
        add("pss-sha256", rsa, pssOf(SHA256, 32), pssScheme("SHA-256", "SHA-256", 32), true, "RSASSA-PSS SHA-256, MGF1-SHA-256, salt 32")
        add("pss-sha384", rsa, pssOf(SHA384, 48), pssScheme("SHA-384", "SHA-384", 48), true, "RSASSA-PSS SHA-384, MGF1-SHA-384, salt 48")
        add("pss-sha512", rsa, pssOf(SHA512, 64), pssScheme("SHA-512", "SHA-512", 64), true, "RSASSA-PSS SHA-512, MGF1-SHA-512, salt 64")
        add(
            "pss-sha256-hash-without-null", rsa, pss(hashField(SHA256, false), maskField(SHA256, false), saltField(32)),
            pssScheme("SHA-256", "SHA-256", 32), true, "RSASSA-PSS SHA-256 whose hash AlgorithmIdentifiers have no NULL"
        )
        add(
            "pss-sha256-trailer-written", rsa, pss(hashField(SHA256), maskField(SHA256), saltField(32), trailerField(1)),
            pssScheme("SHA-256", "SHA-256", 32), true, "RSASSA-PSS SHA-256 with trailer 1 written out"
        )
        add(
            "pss-sha224", rsa, pssOf(SHA224, 28), pssScheme("SHA-224", "SHA-224", 28), false,
            "RSASSA-PSS SHA-224, MGF1-SHA-224, salt 28: SHA-224 is not in the accepted set"
        )
        add(
            "pss-sha256-salt-20", rsa, pssOf(SHA256, 20), pssScheme("SHA-256", "SHA-256", 20), false,
            "RSASSA-PSS SHA-256 with salt 20, not the digest's 32"
        )
        add(
            "pss-sha256-salt-0", rsa, pssOf(SHA256, 0), pssScheme("SHA-256", "SHA-256", 0), false,
            "RSASSA-PSS SHA-256 with salt 0"
        )
        add(
            "pss-sha256-mgf1-sha1", rsa, pss(hashField(SHA256), maskField(SHA1), saltField(32)), pssScheme("SHA-256", "SHA-1", 32), false,
            "RSASSA-PSS SHA-256 with MGF1 over SHA-1"
        )
        add(
            "pss-sha1-mgf1-sha256", rsa, pss(maskField(SHA256)), pssScheme("SHA-1", "SHA-256", 20), false,
            "RSASSA-PSS SHA-1 (default) with MGF1 over SHA-256"
        )
        add(
            "pss-sha256-trailer-2", rsa, pss(hashField(SHA256), maskField(SHA256), saltField(32), trailerField(2)),
            pssScheme("SHA-256", "SHA-256", 32), false,
            "RSASSA-PSS SHA-256 naming trailer 2 (the signature has the only trailer there is, 1)"
        )
        add(
            "pss-no-parameters", rsa, algorithm(RSASSA_PSS), pssScheme("SHA-1", "SHA-1", 20), false,
            "RSASSA-PSS with no parameters at all (signed as the defaults would mean)"
        )
        add(
            "pss-null-parameters", rsa, TestDer.sequence(TestDer.oid(RSASSA_PSS), TestDer.tlv(0x05, ByteArray(0))),
            pssScheme("SHA-1", "SHA-1", 20), false, "RSASSA-PSS with NULL parameters (signed as the defaults would mean)"
        )
        add(
            "pss-empty-hash-field", rsa, pss(TestDer.tlv(0xA0, ByteArray(0))), pssScheme("SHA-1", "SHA-1", 20), false,
            "RSASSA-PSS whose hash field [0] holds nothing (signed as the default would mean)"
        )
        add(
            "pss-fields-out-of-order", rsa, pss(saltField(32), hashField(SHA256), maskField(SHA256)),
            pssScheme("SHA-256", "SHA-256", 32), false, "RSASSA-PSS SHA-256 with the salt field before the hash"
        )
        add(
            "pss-sha256-unknown-hash", rsa, pss(hashField("2.16.840.1.101.3.4.2.8"), maskField("2.16.840.1.101.3.4.2.8"), saltField(32)),
            pssScheme("SHA-256", "SHA-256", 32), false, "RSASSA-PSS naming SHA3-256 (signed with SHA-256)"
        )
        add(
            "pss-sha256-other-bytes", rsa, pssOf(SHA256, 32), pssScheme("SHA-256", "SHA-256", 32), false,
            "RSASSA-PSS SHA-256 whose signature is over other bytes", genuine = false
        )
        add(
            "pss-sha256-ec-key", "root-p256", pssOf(SHA256, 32), Scheme("SHA256withECDSA"), false,
            "RSASSA-PSS named, an EC key signed"
        )
        return cases
    }

    /** The fixture file's text: one case a line, so that a change shows as one. */
    fun json(cases: List<Case>): String {
        val lines = cases.joinToString(",\n") {
            "    {\"name\": \"${it.name}\", \"issuer\": \"${it.issuer}\", \"verifies\": ${it.verifies}, \"why\": \"${it.why}\", " +
                "\"certificate\": \"${java.util.Base64.getEncoder().encodeToString(it.der)}\"}"
        }
        return "{\n" +
            "  \"schema\": \"octet-certificate-signatures/1\",\n" +
            "  \"generator\": \"kotlin/src/test/kotlin/dev/octet/attestation/CertificateSignatureCases.kt\",\n" +
            "  \"cases\": [\n$lines\n  ]\n}\n"
    }
}
