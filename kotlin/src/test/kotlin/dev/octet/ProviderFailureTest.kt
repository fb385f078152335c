package dev.octet

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.security.MessageDigestSpi
import java.security.PrivateKey
import java.security.Provider
import java.security.PublicKey
import java.security.Security
import java.security.SignatureSpi

/**
 * A provider that throws is a FAIL of the check it happened in, never an escape from
 * `Octet.verify` (kotlin-api.md, "Behaviour"): providers that throw `RuntimeException`s and
 * `Error`s are installed first for SHA256withECDSA and SHA-256, then removed.
 */
class ProviderFailureTest {
    class ThrowingSignature : SignatureSpi() {
        override fun engineInitVerify(publicKey: PublicKey?) = Unit
        override fun engineInitSign(privateKey: PrivateKey?) = throw UnsupportedOperationException()
        override fun engineUpdate(b: Byte) = Unit
        override fun engineUpdate(b: ByteArray?, off: Int, len: Int) = Unit
        override fun engineSign(): ByteArray = throw UnsupportedOperationException()
        override fun engineVerify(sigBytes: ByteArray?): Boolean = throw IllegalStateException("provider fault")
        @Suppress("DEPRECATION", "OverridingDeprecatedMember")
        override fun engineSetParameter(param: String?, value: Any?) = Unit
        @Suppress("DEPRECATION", "OverridingDeprecatedMember")
        override fun engineGetParameter(param: String?): Any? = null
    }

    /** Throws on its first `verify`, then accepts anything: an object left in a broken state. */
    class ThrowsOnceSignature : SignatureSpi() {
        private var verifies = 0
        override fun engineInitVerify(publicKey: PublicKey?) = Unit
        override fun engineInitSign(privateKey: PrivateKey?) = throw UnsupportedOperationException()
        override fun engineUpdate(b: Byte) = Unit
        override fun engineUpdate(b: ByteArray?, off: Int, len: Int) = Unit
        override fun engineSign(): ByteArray = throw UnsupportedOperationException()
        override fun engineVerify(sigBytes: ByteArray?): Boolean = if (verifies++ == 0) throw IllegalStateException("provider fault") else true
        @Suppress("DEPRECATION", "OverridingDeprecatedMember")
        override fun engineSetParameter(param: String?, value: Any?) = Unit
        @Suppress("DEPRECATION", "OverridingDeprecatedMember")
        override fun engineGetParameter(param: String?): Any? = null
    }

    class ThrowingDigest : MessageDigestSpi() {
        override fun engineUpdate(input: Byte) = throw StackOverflowError("provider fault")
        override fun engineUpdate(input: ByteArray?, offset: Int, len: Int) = throw StackOverflowError("provider fault")
        override fun engineDigest(): ByteArray = throw StackOverflowError("provider fault")
        override fun engineReset() = Unit
    }

    @Suppress("DEPRECATION")
    private class Faulty(service: String, spi: Class<*>) : Provider("OctetFaultyTest", 1.0, "throws") {
        init {
            put(service, spi.name)
        }
    }

    private val issuer = TestIssuer()

    private fun withProvider(provider: Provider, body: () -> Unit) {
        Security.insertProviderAt(provider, 1)
        try {
            body()
        } finally {
            Security.removeProvider(provider.name)
        }
    }

    @Test
    fun `a signature provider that throws fails the signature checks and nothing escapes`() {
        val bytes = issuer.issue(TestIssuer.Draft())
        withProvider(Faulty("Signature.SHA256withECDSA", ThrowingSignature::class.java)) {
            val result = Octet.verify(bytes)
            assertEquals(ProofVerification.Verdict.INVALID, result.verdict)
            assertEquals("STAGE_SIGNATURE_INVALID", result.check("stage-signatures")!!.code)
            assertEquals("DEVICE_SIGNATURE_INVALID", result.check("device-attestation-sig")!!.code)
            assertEquals(CheckStatus.PASS, result.check("binding")!!.status)
        }
        // The same proof verifies once the provider is gone: the FAILs above were the provider's.
        assertEquals(ProofVerification.Verdict.VALID, Octet.verify(bytes).verdict)
    }

    @Test
    fun `a signature object whose provider threw never judges the next signature of the proof`() {
        // The call reuses one Signature for its three signatures: reused after the throw, this
        // object would accept stage 1 and the device signature.
        val bytes = issuer.issue(TestIssuer.Draft())
        withProvider(Faulty("Signature.SHA256withECDSA", ThrowsOnceSignature::class.java)) {
            val result = Octet.verify(bytes)
            assertEquals("stages 0 (CAPTURE), 1 (FIX) not signed by the proof key", result.check("stage-signatures")!!.detail)
            assertEquals("DEVICE_SIGNATURE_INVALID", result.check("device-attestation-sig")!!.code)
        }
    }

    @Test
    fun `a digest provider that throws an Error fails the checks that hash and nothing escapes`() {
        val bytes = issuer.issue(TestIssuer.Draft())
        withProvider(Faulty("MessageDigest.SHA-256", ThrowingDigest::class.java)) {
            val result = Octet.verify(bytes)
            assertEquals(ProofVerification.Verdict.INVALID, result.verdict)
            assertEquals(CheckStatus.PASS, result.check("wire-format")!!.status)
            assertEquals("STAGE_SIGNATURE_INVALID", result.check("stage-signatures")!!.code)
            assertEquals("DEVICE_SIGNATURE_INVALID", result.check("device-attestation-sig")!!.code)
            assertEquals("CLAIM_BINDING_INVALID", result.check("binding")!!.code)
            assertTrue(result.check("binding")!!.detail.contains("StackOverflowError"), result.check("binding")!!.detail)
            assertEquals(CheckStatus.PASS, result.check("freshness")!!.status)
        }
    }
}
