package dev.octet

import org.junit.jupiter.api.Assertions.assertArrayEquals
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertSame
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * [VerifyOptions.production]: what it sets, and that it refuses the software-key proof the seed's
 * defaults accept. (An attested proof that it accepts: the Swift suite's ProductionOptionsTests,
 * over the same recipe the conformance vectors hold both libraries to.)
 */
class ProductionOptionsTest {
    private val nonce = "production-session-1".toByteArray()
    private val app = ExpectedApp.Android("com.example.octet", listOf(ByteArray(32) { 0xAB.toByte() }))
    private val issuer = TestIssuer()

    private fun softwareProof(sessionNonce: ByteArray?) = issuer.issue(TestIssuer.Draft().apply {
        createdAtMs = System.currentTimeMillis() - 5_000
        this.sessionNonce = sessionNonce
    })

    @Test
    fun `it sets requireAttestation, the apps and the nonce, and leaves every other member at its default`() {
        val region = ProofRegion.Circle(48.8584, 2.2945, 250.0)
        val options = VerifyOptions.production(listOf(app), nonce, expectedRegion = region, maxAgeSeconds = 120)
        assertTrue(options.requireAttestation)
        assertEquals(listOf(app), options.expectedApps)
        assertArrayEquals(nonce, options.expectedSessionNonce)
        assertEquals(region, options.expectedRegion)
        assertEquals(120L, options.maxAgeSeconds)
        assertSame(TrustAnchors.BUNDLED, options.trustAnchors)
        assertNull(options.verificationTimeMillis)
        assertFalse(options.honorVerdictTier)
        assertNull(options.attestationBundle)
        assertNull(options.callerMetadata)
        assertFalse(options.requireCallerMetadata)
        assertNull(options.replayStore)
        assertNull(options.revocationSource)
        assertEquals(300L, VerifyOptions.production(emptyList(), nonce).maxAgeSeconds)
    }

    @Test
    fun `a software-key proof that the defaults accept is INVALID, attestation-required FAIL`() {
        val bytes = softwareProof(nonce)
        assertEquals(ProofVerification.Verdict.VALID, Octet.verify(bytes).verdict)
        val result = Octet.verify(bytes, VerifyOptions.production(listOf(app), nonce))
        assertEquals(ProofVerification.Verdict.INVALID, result.verdict)
        assertEquals(CheckStatus.FAIL, result.check("attestation-required")!!.status)
        assertEquals(CheckStatus.PASS, result.check("session-binding")!!.status)
    }

    @Test
    fun `a proof bound to another session or to none fails session-binding`() {
        for (bound in listOf("another-session".toByteArray(), null)) {
            val result = Octet.verify(softwareProof(bound), VerifyOptions.production(listOf(app), nonce))
            assertEquals(CheckStatus.FAIL, result.check("session-binding")!!.status)
        }
    }

    @Test
    fun `the apps list is copied, so a later change to the caller's list changes nothing`() {
        val apps = mutableListOf<ExpectedApp>(app)
        val options = VerifyOptions.production(apps, nonce)
        apps.clear()
        assertEquals(listOf(app), options.expectedApps)
    }

    @Test
    fun `the Builder sets each member it names and keeps the rest`() {
        val built = VerifyOptions.Builder().maxAgeSeconds(120).requireAttestation(true).expectedApps(listOf(app)).build()
        assertEquals(VerifyOptions(maxAgeSeconds = 120, requireAttestation = true, expectedApps = listOf(app)), built)
        val from = VerifyOptions.Builder(built).maxAgeSeconds(60).build()
        assertEquals(built.copy(maxAgeSeconds = 60), from)
    }
}
