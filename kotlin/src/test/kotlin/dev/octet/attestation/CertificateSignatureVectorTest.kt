package dev.octet.attestation

import dev.octet.encoding.json.JsonReader
import dev.octet.encoding.json.JsonResult
import dev.octet.encoding.json.JsonValue
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assertions.fail
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource
import java.io.File
import java.security.Signature

/**
 * `Vectors/certificate-signatures.json`, which the Swift suite reads too
 * (`CertificateSignatureVectorTests`): each certificate verifies under its issuer's key exactly as
 * the file says, so the two libraries accept the same signature algorithms (docs/platforms.md,
 * "certificate signatures"). The file is made by [CertificateSignatureCases]; regenerating it with
 * fresh keys must give the same cases and verdicts, which a test here checks on every run.
 * `-Doctet.certificate-signatures.write=true` rewrites the file (scripts/kotlin-test
 * -Dtest=CertificateSignatureVectorTest -Doctet.certificate-signatures.write=true).
 */
class CertificateSignatureVectorTest {
    class Entry(val name: String, val issuer: String, val verifies: Boolean, val why: String, val der: ByteArray)

    companion object {
        private val file = File(System.getProperty("octet.repository") ?: "..", "Vectors/certificate-signatures.json")

        private fun text(value: JsonValue?): String = (value as JsonValue.Text).value

        fun entries(): List<Entry> {
            val root = (JsonReader.parse(file.readBytes()) as JsonResult.Success).value as JsonValue.Object
            assertEquals("octet-certificate-signatures/1", text(root.members["schema"]))
            return (root.members["cases"] as JsonValue.Array).elements.map {
                val case = (it as JsonValue.Object).members
                Entry(
                    text(case["name"]), text(case["issuer"]), case["verifies"] == JsonValue.Bool(true), text(case["why"]),
                    java.util.Base64.getDecoder().decode(text(case["certificate"]))
                )
            }
        }

        @JvmStatic
        fun names(): List<String> = entries().map { it.name }

        /** The cases made afresh, once a run (RSA key generation is slow under Bouncy Castle). */
        private val regenerated: List<CertificateSignatureCases.Case> by lazy { CertificateSignatureCases.generate() }

        private fun load(der: ByteArray, name: String): Certificate = when (val loaded = Certificate.load(der)) {
            is Certificate.Companion.Loaded.Ok -> loaded.certificate
            is Certificate.Companion.Loaded.Malformed -> fail("$name does not load: ${loaded.defect.rule}")
        }

        /** What this library answers for `der` under the certificate named `issuer` among `all`. */
        private fun verdict(der: ByteArray, issuer: String, all: Map<String, ByteArray>, name: String): Boolean =
            load(der, name).isSignedBy(load(all.getValue(issuer), issuer))
    }

    @ParameterizedTest
    @MethodSource("names")
    fun `each certificate verifies under its issuer exactly as the fixture says`(name: String) {
        val entries = entries()
        val entry = entries.first { it.name == name }
        assertEquals(entry.verifies, verdict(entry.der, entry.issuer, entries.associate { it.name to it.der }, name), entry.why)
    }

    @Test
    fun `the fixture covers the accepted set and each refusal`() {
        val byName = entries().associateBy { it.name }
        val accepted = listOf("ecdsa-sha1", "ecdsa-sha384", "ecdsa-sha512", "rsa-sha1", "rsa-sha384", "rsa-sha512", "pss-sha1-defaults", "pss-sha256", "pss-sha384", "pss-sha512")
        val refused = listOf("ecdsa-sha224", "rsa-sha224", "pss-sha224", "pss-sha256-salt-20", "pss-sha256-mgf1-sha1", "pss-sha256-trailer-2", "pss-no-parameters")
        for (name in accepted) assertEquals(true, byName[name]?.verifies, name)
        for (name in refused) assertEquals(false, byName[name]?.verifies, name)
    }

    @Test
    fun `regenerating the fixture with fresh keys gives the same cases, issuers and verdicts`() {
        val cases = regenerated
        if (System.getProperty("octet.certificate-signatures.write") == "true") {
            file.writeText(CertificateSignatureCases.json(cases), Charsets.UTF_8)
        }
        val committed = entries()
        assertEquals(committed.map { listOf(it.name, it.issuer, it.verifies.toString(), it.why) },
            cases.map { listOf(it.name, it.issuer, it.verifies.toString(), it.why) })
        val fresh = cases.associate { it.name to it.der }
        for (case in cases) assertEquals(case.verifies, verdict(case.der, case.issuer, fresh, case.name), case.name)
    }

    @Test
    fun `every refused signature but those over other bytes is one the platform's provider accepts as it was made`() {
        val entries = entries()
        val schemes = regenerated.associate { it.name to Pair(it.signedAs, it.genuine) }
        val der = entries.associate { it.name to it.der }
        for (entry in entries) {
            val (scheme, genuine) = schemes.getValue(entry.name)
            val fields = (StrictCertificate.parse(entry.der) as StrictCertificate.Result.WellFormed).certificate
            val key = load(der.getValue(entry.issuer), entry.issuer).publicKey ?: fail("${entry.issuer} has no key")
            assertEquals(genuine, scheme.verifies(fields.tbs(), fields.signatureValue(), key), entry.name)
        }
    }

    @Test
    fun `RSA-PSS parameters are read strictly, by the Swift library's rule`() {
        fun hash(vararg bytes: Int) = CertificateSignature.pssHash(ByteArray(bytes.size) { bytes[it].toByte() })
        val oid = intArrayOf(0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0A)
        // SEQUENCE { id-RSASSA-PSS, SEQUENCE {} }: every default.
        assertEquals(CertificateSignature.Hash.SHA1, hash(0x30, 0x0D, *oid, 0x30, 0x00))
        // The default salt written out, then as a non-minimal INTEGER (00 14), then 21.
        assertEquals(CertificateSignature.Hash.SHA1, hash(0x30, 0x12, *oid, 0x30, 0x05, 0xA2, 0x03, 0x02, 0x01, 0x14))
        assertNull(hash(0x30, 0x13, *oid, 0x30, 0x06, 0xA2, 0x04, 0x02, 0x02, 0x00, 0x14))
        assertNull(hash(0x30, 0x12, *oid, 0x30, 0x05, 0xA2, 0x03, 0x02, 0x01, 0x15))
        // Two INTEGERs inside [2]; an element after the parameters.
        assertNull(hash(0x30, 0x15, *oid, 0x30, 0x08, 0xA2, 0x06, 0x02, 0x01, 0x14, 0x02, 0x01, 0x14))
        assertNull(hash(0x30, 0x0F, *oid, 0x30, 0x00, 0x05, 0x00))
    }

    @Test
    fun `RSA-PSS falls back to the name Android's provider gives it when RSASSA-PSS is missing`() {
        val hash = CertificateSignature.Hash.SHA256
        assertEquals(listOf("RSASSA-PSS", "SHA256withRSA/PSS"), CertificateSignature.pssNames(hash))
        val verifier = CertificateSignature.pssVerifier(hash, listOf("dev.octet.no-such-signature", "RSASSA-PSS"))
        assertEquals("RSASSA-PSS", verifier.algorithm)
        // Bouncy Castle has Android's name too (the JDK's providers do not): the fallback verifies there.
        val androidName = try {
            Signature.getInstance("SHA256withRSA/PSS")
            true
        } catch (e: java.security.NoSuchAlgorithmException) {
            false
        }
        if (androidName) {
            val entry = entries().first { it.name == "pss-sha256" }
            val fields = (StrictCertificate.parse(entry.der) as StrictCertificate.Result.WellFormed).certificate
            val issuer = entries().first { it.name == entry.issuer }
            val key = load(issuer.der, issuer.name).publicKey!!
            val android = CertificateSignature.pssVerifier(hash, listOf("SHA256withRSA/PSS"))
            android.initVerify(key)
            android.update(fields.tbs())
            assertTrue(android.verify(fields.signatureValue()))
        }
        assertFalse(runCatching { CertificateSignature.pssVerifier(hash, listOf("dev.octet.no-such-signature")) }.isSuccess)
    }
}
