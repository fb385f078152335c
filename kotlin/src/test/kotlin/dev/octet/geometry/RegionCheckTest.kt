package dev.octet.geometry

import dev.octet.ProofRegion
import dev.octet.expectedRegionDefect
import dev.octet.outcome.Outcome
import dev.octet.outcome.OutcomeStatus
import dev.octet.outcome.ReasonCode
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** The seam the recipe calls: expectedRegion in degrees, converted, validated, judged. */
class RegionCheckTest {
    private val claimed = RegionE7.Circle(PointE7(473_661_234, 85_412_345), 100)

    @Test
    fun `no expected region - all three NOT-CHECKED`() {
        val judged = judgeExpected(claimed, 473_661_234, 85_412_345, 5_000, null)
        val skipped = Outcome.notChecked("no expectedRegion given")
        assertEquals(RegionJudgements(skipped, skipped, skipped), judged)
    }

    @Test
    fun `an expected region that does not convert fails all three as EXPECTED_REGION_INVALID`() {
        for ((region, detail) in listOf(
            ProofRegion.Circle(Double.NaN, 0.0, 100.0) to "expected region invalid: latitude outside ±90°",
            ProofRegion.Circle(0.0, 1e10, 100.0) to "expected region invalid: longitude outside ±180°",
            ProofRegion.Circle(0.0, 0.0, -1.0) to "expected region invalid: radius outside 1...1000000 m",
            ProofRegion.Polygon(List(1001) { ProofRegion.Coordinate(0.0, 0.0) }) to "expected region invalid: polygon has 1001 vertices; 3...1000 allowed"
        )) {
            val judged = judgeExpected(claimed, 473_661_234, 85_412_345, 5_000, region)
            val failure = Outcome.fail(ReasonCode.EXPECTED_REGION_INVALID, detail)
            assertEquals(RegionJudgements(failure, failure, failure), judged)
        }
    }

    @Test
    fun `an expected region that converts but breaks a bound fails all three`() {
        for ((region, detail) in listOf(
            ProofRegion.Circle(90.00000005, 0.0, 100.0) to "expected region invalid: latitude outside ±90°",
            ProofRegion.Circle(0.0, 0.0, 0.4) to "expected region invalid: radius outside 1...1000000 m",
            ProofRegion.Geohash("U0M") to "expected region invalid: geohash has a character outside the lower-case geohash alphabet",
            ProofRegion.Geohash("") to "expected region invalid: geohash has 0 characters; 1...12 allowed",
            ProofRegion.Polygon(listOf(ProofRegion.Coordinate(0.0, 0.0), ProofRegion.Coordinate(1.0, 1.0), ProofRegion.Coordinate(2.0, 2.0))) to
                "expected region invalid: polygon has zero area"
        )) {
            val judged = judgeExpected(claimed, 473_661_234, 85_412_345, 5_000, region)
            for (outcome in listOf(judged.regionClaim, judged.regionType, judged.contains)) {
                assertEquals(OutcomeStatus.FAIL, outcome.status)
                assertEquals(ReasonCode.EXPECTED_REGION_INVALID, outcome.code)
                assertEquals(detail, outcome.detail)
            }
            assertEquals(region.expectedRegionDefect.toString(), detail.removePrefix("expected region invalid: "))
        }
    }

    @Test
    fun `a valid expected region is judged - a claim inside passes all three`() {
        val judged = judgeExpected(claimed, 473_661_234, 85_412_345, 5_000, ProofRegion.Circle(47.3661234, 8.5412345, 250.0))
        assertEquals(Outcome.pass("claimed circle lies ≥ 150 m inside the expected circle"), judged.regionClaim)
        assertEquals(Outcome.pass("claimed circle, as expected"), judged.regionType)
        assertEquals(Outcome.pass("uncertainty disc lies ≥ 95 m inside the claimed circle"), judged.contains)
        assertNull(ProofRegion.Circle(47.3661234, 8.5412345, 250.0).expectedRegionDefect)
    }

    @Test
    fun `the expected circle is rounded to e7 and whole metres before it is compared`() {
        // 47.36612344 rounds to the claimed centre, 8.54123445 (a product of exactly 85412344.5) rounds
        // half away from zero to it, and a 100.4 m radius rounds to 100: the claim equals it.
        val equal = judgeExpected(claimed, 473_661_234, 85_412_345, 0, ProofRegion.Circle(47.36612344, 8.54123445, 100.4))
        assertEquals(Outcome.pass("claimed circle equals the expected circle"), equal.regionClaim)
        val smaller = judgeExpected(claimed, 473_661_234, 85_412_345, 0, ProofRegion.Circle(47.3661234, 8.5412345, 99.5))
        assertEquals(Outcome.pass("claimed circle equals the expected circle"), smaller.regionClaim)
        val tooSmall = judgeExpected(claimed, 473_661_234, 85_412_345, 0, ProofRegion.Circle(47.3661234, 8.5412345, 99.49))
        assertEquals(ReasonCode.REGION_NOT_INSIDE, tooSmall.regionClaim.code)
    }

    @Test
    fun `a fix out of range fails contains only`() {
        val judged = judgeExpected(claimed, 900_000_001, 0, 0, ProofRegion.Circle(47.3661234, 8.5412345, 250.0))
        assertTrue(judged.regionClaim.passed)
        assertTrue(judged.regionType.passed)
        assertEquals(Outcome.fail(ReasonCode.FIX_OUT_OF_RANGE, "fix coordinates out of range"), judged.contains)
    }
}
