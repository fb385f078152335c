package dev.octet

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertSame
import org.junit.jupiter.api.Test

/** `VerifyOptions.expectedRegion` is judged once per options value, not on every proof. */
class ExpectedRegionJudgementTest {
    private val bytes = TestIssuer().issue(TestIssuer.Draft())

    @Test
    fun `an expected region is judged once per options value, and every proof is checked against that judgement`() {
        // A valid square, held in a list the caller can still change.
        val vertices = mutableListOf(
            ProofRegion.Coordinate(48.85, 2.28),
            ProofRegion.Coordinate(48.87, 2.28),
            ProofRegion.Coordinate(48.87, 2.31),
            ProofRegion.Coordinate(48.85, 2.31)
        )
        val options = VerifyOptions(expectedRegion = ProofRegion.Polygon(vertices))
        // The proof claims a circle: a valid expected polygon gives REGION_TYPE_MISMATCH.
        assertEquals("REGION_TYPE_MISMATCH", Octet.verify(bytes, options).check("region-type")!!.code)
        // Made invalid (zero area) after it was judged: the same options value keeps its judgement,
        // so no later proof validates the region again.
        vertices[2] = ProofRegion.Coordinate(48.86, 2.28)
        vertices[3] = ProofRegion.Coordinate(48.855, 2.28)
        assertEquals("REGION_TYPE_MISMATCH", Octet.verify(bytes, options).check("region-type")!!.code)
        assertSame(options.expectedRegionJudgement, options.expectedRegionJudgement)
        // Another options value judges its own region.
        val copied = options.copy()
        val check = Octet.verify(bytes, copied).check("region-type")!!
        assertEquals(ReasonCode.EXPECTED_REGION_INVALID, check.reasonCode)
        assertEquals("expected region invalid: polygon has zero area", check.detail)
    }

    @Test
    fun `a check's code is its typed reason code's documented string`() {
        val result = Octet.verify(bytes, VerifyOptions(maxAgeSeconds = -1))
        val freshness = result.check("freshness")!!
        assertEquals(ReasonCode.MAX_AGE_INVALID, freshness.reasonCode)
        assertEquals("MAX_AGE_INVALID", freshness.code)
        for (check in result.checks) assertEquals(check.reasonCode?.wire, check.code)
        val decoding = assertThrowing<ProofDecodingException> { LocationProof(ByteArray(0)) }
        assertEquals(ReasonCode.WIRE_MISSING_FIELD, decoding.reasonCode)
        assertEquals("WIRE_MISSING_FIELD", decoding.code)
    }
}
