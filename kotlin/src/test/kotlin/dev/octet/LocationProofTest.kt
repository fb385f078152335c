package dev.octet

import org.junit.jupiter.api.Assertions.assertArrayEquals
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** `LocationProof`: strict decoding that says why, typed read-only claims, arrays copied in and out. */
class LocationProofTest {
    private val issuer = TestIssuer()

    @Test
    fun `the typed claims read back what was issued`() {
        val nonce = ByteArray(12) { 3 }
        val draft = TestIssuer.Draft().apply {
            createdAtMs = 1_768_478_400_000
            fixTimeMs = 1_768_478_399_000
            sessionNonce = nonce
            assurance = Pair(2, "disc/2.4")
        }
        val proof = LocationProof(issuer.issue(draft))
        assertEquals(1_768_478_400_000, proof.createdAtMillis)
        assertEquals(LocationProof.Platform.SOFTWARE, proof.platform)
        assertEquals("com.example.octet", proof.appId)
        assertEquals(ProofRegion.Circle(48.8584, 2.2945, 250.0), proof.region)
        assertEquals(LocationProof.Fix(48.85841, 2.29451, 5.0, 1_768_478_399_000, LocationProof.FixSource.GNSS), proof.fix)
        assertArrayEquals(nonce, proof.sessionNonce)
        assertEquals(LocationProof.AssuranceTier(LocationProofVerdict.PLAUSIBLE, "disc/2.4"), proof.assuranceTier)
        assertEquals(listOf("CAPTURE", "FIX", "VERDICT"), proof.stageKinds)
        assertEquals(LocationProof.DeviceEvidenceKind.SOFTWARE, proof.deviceEvidence)
        assertArrayEquals(TestIssuer.point(issuer.deviceKey), proof.deviceKey)
        assertArrayEquals(TestIssuer.point(issuer.proofKey), proof.proofKey)
        assertTrue(proof.androidCertificateChain.isEmpty())
        assertTrue(proof.contentCommitments.isEmpty())
    }

    @Test
    fun `content commitments are listed with their digests`() {
        val item = TestIssuer.ContentItem("note", "text/plain", "hello".toByteArray(), ByteArray(16) { 1 }, "https://example.com/n")
        val proof = LocationProof(issuer.issue(TestIssuer.Draft().apply { content = listOf(item) }))
        val listed = proof.contentCommitments.single()
        assertEquals("note", listed.key)
        assertEquals("text/plain", listed.contentType)
        assertEquals(5L, listed.size)
        assertArrayEquals(item.sha256, listed.sha256)
        assertEquals("https://example.com/n", listed.locator)
        assertEquals(listOf("CAPTURE", "FIX", "CONTENT"), proof.stageKinds)
    }

    @Test
    fun `bytes are copied in and handed out as copies`() {
        val bytes = issuer.issue(TestIssuer.Draft())
        val proof = LocationProof(bytes)
        val original = bytes.copyOf()
        bytes.fill(0)
        assertArrayEquals(original, proof.proofBytes)
        proof.proofBytes.fill(0)
        proof.proofKey.fill(0)
        assertArrayEquals(original, proof.proofBytes)
        assertEquals(ProofVerification.Verdict.VALID, Octet.verify(proof).verdict)
    }

    @Test
    fun `malformed bytes throw ProofDecodingException with the wire-format code`() {
        val bytes = issuer.issue(TestIssuer.Draft())
        val truncated = assertThrowing<ProofDecodingException> { LocationProof(bytes.copyOf(bytes.size - 1)) }
        assertTrue(truncated.code.startsWith("WIRE_"), truncated.code)
        assertEquals(Octet.verify(bytes.copyOf(bytes.size - 1)).checks.first().code, truncated.code)
        assertEquals("WIRE_MISSING_FIELD", assertThrowing<ProofDecodingException> { LocationProof(ByteArray(0)) }.code)
        assertEquals("WIRE_TOO_LARGE", assertThrowing<ProofDecodingException> { LocationProof(ByteArray(1_048_577)) }.code)
    }

    @Test
    fun `both overloads give the same result`() {
        val bytes = issuer.issue(TestIssuer.Draft())
        val options = VerifyOptions(maxAgeSeconds = 60, verificationTimeMillis = System.currentTimeMillis())
        assertEquals(Octet.verify(bytes, options), Octet.verify(LocationProof(bytes), options))
        assertNull(Octet.verify(bytes).spoofingVerdict)
    }
}
