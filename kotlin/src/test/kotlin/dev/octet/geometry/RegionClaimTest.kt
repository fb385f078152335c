package dev.octet.geometry

import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.Arguments
import org.junit.jupiter.params.provider.MethodSource

/** region-claim and region-type: the claim equals the expected region or lies inside it (the Swift suite's cases). */
internal class RegionClaimTest {
    @ParameterizedTest(name = "{0} vs {1}")
    @MethodSource("shapePairs")
    fun `region-type passes exactly when the shapes agree, region-claim fails whenever they differ`(claimed: RegionE7, expected: RegionE7) {
        val same = claimed.shape == expected.shape
        val type = RegionRules.regionType(claimed, expected)
        assertEquals(same, type.passed)
        val claim = RegionRules.regionClaim(claimed, expected)
        if (same) {
            assertEquals("claimed ${claimed.shape.wire}, as expected", type.detail)
            assertTrue(claim.passed)
        } else {
            assertEquals(Outcome.fail(ReasonCode.REGION_TYPE_MISMATCH, "claimed ${claimed.shape.wire}, expected ${expected.shape.wire}"), type)
            assertEquals(ReasonCode.REGION_TYPE_MISMATCH, claim.code)
        }
    }

    @ParameterizedTest(name = "{0} inside {1}: {2}")
    @MethodSource("prefixes")
    fun `geohash - PASS when the expected geohash is a prefix of the claimed one`(claimed: String, expected: String, passes: Boolean) {
        val claim = RegionRules.regionClaim(RegionE7.Geohash(claimed), RegionE7.Geohash(expected))
        assertEquals(passes, claim.passed)
        if (!passes) assertEquals(ReasonCode.REGION_NOT_INSIDE, claim.code)
    }

    @Test
    fun `geohash details count characters and never name the hashes`() {
        assertEquals(
            Outcome.pass("claimed geohash equals the expected geohash"),
            RegionRules.regionClaim(RegionE7.Geohash("u0m"), RegionE7.Geohash("u0m"))
        )
        assertEquals(
            Outcome.pass("claimed geohash (4 characters) lies inside the expected one (3)"),
            RegionRules.regionClaim(RegionE7.Geohash("u0m3"), RegionE7.Geohash("u0m"))
        )
        assertEquals(
            Outcome.fail(ReasonCode.REGION_NOT_INSIDE, "claimed geohash (3 characters) is not inside the expected one (4)"),
            RegionRules.regionClaim(RegionE7.Geohash("u0m"), RegionE7.Geohash("u0m3"))
        )
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("circlePairs")
    fun `circle - PASS when geodesic(centres) + r_claimed is at most r_expected, flipping at the whole metre (GeographicLib)`(
        pair: SwiftGeodesicReference.Pair
    ) {
        val expectedRadius = Math.ceil(pair.meters).toLong() + 500
        val fits = Math.floor(expectedRadius - pair.meters).toLong()
        // Skip a distance within 1 µm of a whole metre: the flip there is below the reference's own precision.
        assumeTrue(expectedRadius - pair.meters - fits > 1e-6)
        val expected = RegionE7.Circle(pair.a, expectedRadius)
        assertTrue(RegionRules.regionClaim(RegionE7.Circle(pair.b, fits), expected).passed)
        val beyond = RegionRules.regionClaim(RegionE7.Circle(pair.b, fits + 1), expected)
        assertEquals(Outcome.fail(ReasonCode.REGION_NOT_INSIDE, "claimed circle reaches beyond the expected circle"), beyond)
    }

    @Test
    fun `circle - an equal circle passes, a larger concentric one fails`() {
        val expected = RegionE7.Circle(zurich, 500)
        assertEquals(Outcome.pass("claimed circle equals the expected circle"), RegionRules.regionClaim(expected, expected))
        assertEquals(ReasonCode.REGION_NOT_INSIDE, RegionRules.regionClaim(RegionE7.Circle(zurich, 501), expected).code)
        assertEquals(
            Outcome.pass("claimed circle lies ≥ 12 m inside the expected circle"),
            RegionRules.regionClaim(RegionE7.Circle(zurich, 488), expected)
        )
        // A concentric circle 1 m smaller: the margin is exactly 1 m (separation 0).
        assertEquals(
            Outcome.pass("claimed circle lies ≥ 1.00 m inside the expected circle"),
            RegionRules.regionClaim(RegionE7.Circle(zurich, 499), expected)
        )
    }

    @Test
    fun `circle - a centre out of range is REGION_UNCOMPUTABLE`() {
        val claim = RegionRules.regionClaim(RegionE7.Circle(PointE7(Int.MAX_VALUE, 0), 1), RegionE7.Circle(zurich, 500))
        assertEquals(Outcome.fail(ReasonCode.REGION_UNCOMPUTABLE, "claimed circle could not be compared (centre out of range)"), claim)
    }

    @Test
    fun `polygon - PASS only for the same vertex sequence, same start and orientation`() {
        val rotated = RegionE7.Polygon(squareVertices.drop(1) + squareVertices[0])
        val reversed = RegionE7.Polygon(squareVertices.reversed())
        val moved = squareVertices.toMutableList()
        moved[2] = moved[2].copy(lonE7 = moved[2].lonE7 + 1)
        assertEquals(Outcome.pass("claimed polygon equals the expected polygon (4 vertices)"), RegionRules.regionClaim(square, square))
        val differ = Outcome.fail(
            ReasonCode.REGION_NOT_INSIDE, "claimed polygon's vertices differ from the expected polygon's (order and start count)"
        )
        assertEquals(differ, RegionRules.regionClaim(rotated, square))
        assertEquals(differ, RegionRules.regionClaim(reversed, square))
        assertEquals(differ, RegionRules.regionClaim(RegionE7.Polygon(moved), square))
        assertEquals(
            Outcome.fail(ReasonCode.REGION_NOT_INSIDE, "claimed polygon has 3 vertices, expected 4"),
            RegionRules.regionClaim(RegionE7.Polygon(squareVertices.take(3)), square)
        )
    }

    @Test
    fun `an invalid expected region fails all three checks, naming the defect`() {
        val judgements = judgeRules(square, Fixtures.polygon(0 to 0, 1 to 1, 2 to 2), PointE7(500_000, 500_000), 0)
        val failure = Outcome.fail(ReasonCode.EXPECTED_REGION_INVALID, "expected region invalid: polygon has zero area")
        assertEquals(RegionJudgements(failure, failure, failure), judgements)
        val valid = judgeRules(square, square, PointE7(500_000, 500_000), 0)
        assertTrue(valid.regionClaim.passed && valid.regionType.passed && valid.contains.passed)
    }

    @Test
    fun `contains is judged on the claimed region whatever region-claim says`() {
        val judged = judgeRules(RegionE7.Geohash("u0m"), square, PointE7(500_000, 500_000), 0)
        assertEquals(ReasonCode.REGION_TYPE_MISMATCH, judged.regionClaim.code)
        assertEquals(ReasonCode.REGION_TYPE_MISMATCH, judged.regionType.code)
        assertEquals(ReasonCode.OUTSIDE_REGION, judged.contains.code)
        assertFalse(judged.contains.detail.contains("500"))
    }

    companion object {
        private val zurich = PointE7(473_661_234, 85_412_345)
        private val squareVertices = listOf(PointE7(0, 0), PointE7(0, 1_000_000), PointE7(1_000_000, 1_000_000), PointE7(1_000_000, 0))
        private val square = RegionE7.Polygon(squareVertices)

        @JvmStatic
        fun shapePairs(): List<Arguments> {
            val shapes = listOf(RegionE7.Circle(zurich, 100), RegionE7.Geohash("u0qj"), square)
            return shapes.flatMap { claimed -> shapes.map { Arguments.of(claimed, it) } }
        }

        @JvmStatic
        fun prefixes(): List<Arguments> = listOf(
            Arguments.of("u0m3", "u0m", true),
            Arguments.of("u0m", "u0m", true),
            Arguments.of("u0m3zzzzzzzz", "u", true),
            Arguments.of("u0m", "u0m3", false),
            Arguments.of("u0n3", "u0m", false),
            Arguments.of("v0m3", "u0m", false),
            Arguments.of("u", "v", false)
        )

        @JvmStatic
        fun circlePairs() = SwiftGeodesicReference.pairs.filter { it.meters > 1 && it.meters < 990_000 }.take(40)
    }
}
