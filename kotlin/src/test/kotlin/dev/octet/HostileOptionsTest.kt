package dev.octet

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Test

/** Any options, empty, huge or hostile, give a result: `verify` never throws on options either. */
class HostileOptionsTest {
    private val issuer = TestIssuer()
    private val bytes = issuer.issue(TestIssuer.Draft())

    @Test
    fun `extreme clocks, windows and nonces give results, not exceptions`() {
        for (now in listOf(Long.MIN_VALUE, -1L, 0L, Long.MAX_VALUE)) {
            for (window in listOf(Long.MIN_VALUE, -1L, 0L, Long.MAX_VALUE / 1000 + 1, Long.MAX_VALUE)) {
                val result = Octet.verify(bytes, VerifyOptions(verificationTimeMillis = now, maxAgeSeconds = window))
                assertEquals("freshness", result.checks[4].name)
                if (window < 0) assertEquals("MAX_AGE_INVALID", result.checks[4].code)
            }
        }
        for (nonce in listOf(ByteArray(0), ByteArray(1 shl 20))) {
            val result = Octet.verify(bytes, VerifyOptions(expectedSessionNonce = nonce))
            assertEquals("SESSION_NONCE_ABSENT", result.check("session-binding")!!.code)
        }
    }

    @Test
    fun `a window of Long MAX_VALUE seconds is unbounded, not an overflow`() {
        val old = issuer.issue(TestIssuer.Draft().apply { createdAtMs = Long.MIN_VALUE + 1 })
        val result = Octet.verify(old, VerifyOptions(maxAgeSeconds = Long.MAX_VALUE, verificationTimeMillis = 0))
        assertEquals(CheckStatus.PASS, result.check("freshness")!!.status, result.check("freshness").toString())
    }

    @Test
    fun `hostile regions, bundles, anchors and apps give results`() {
        val regions = listOf(
            ProofRegion.Circle(Double.NaN, Double.POSITIVE_INFINITY, -1.0),
            ProofRegion.Circle(1e300, -1e300, 1e300),
            ProofRegion.Geohash(""),
            ProofRegion.Geohash("\u0000".repeat(10_000)),
            ProofRegion.Polygon(emptyList()),
            ProofRegion.Polygon(List(5_000) { ProofRegion.Coordinate(it * 1e-3, -it * 1e-3) })
        )
        for (region in regions) {
            val result = Octet.verify(bytes, VerifyOptions(expectedRegion = region))
            assertEquals(CheckStatus.FAIL, result.check("region-type")!!.status, region.toString().take(60))
        }
        val garbage = listOf(ByteArray(0), ByteArray(3) { 0x30 }, ByteArray(70_000) { 0x0A })
        val options = VerifyOptions(
            attestationBundle = ByteArray(2_000_000),
            trustAnchors = TrustAnchors(garbage, garbage),
            expectedApps = emptyList(),
            callerMetadata = CallerMetadataCheck(ByteArray(3_000_000) { 0x7B }),
            requireAttestation = true
        )
        val result = Octet.verify(bytes, options)
        assertFalse(result.isValid)
        assertEquals("APP_NOT_ALLOWED", result.check("app-identity")!!.code)
        assertEquals("ATTESTATION_REQUIRED", result.check("attestation-required")!!.code)
    }
}
