package dev.octet.geometry

import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.ValueSource

/**
 * contains for a polygon: inside or on the boundary, and every edge ≥ accuracy away in the local
 * plane (the Swift suite's cases).
 */
class ContainsPolygonTest {
    private val metersPerE7 = Fixtures.METERS_PER_E7_LATITUDE

    /** An axis-aligned box in e7: south, west, north, east. */
    private fun box(south: Int, west: Int, north: Int, east: Int) =
        Fixtures.polygon(south to west, south to east, north to east, north to west)

    private fun contains(fix: PointE7, accuracyMillimeters: Long, region: RegionE7): Outcome =
        RegionRules.contains(fix, accuracyMillimeters, region)

    /** Accuracy 1 cm below and above [meters]: the first must pass, the second fail. */
    private fun expectFlip(meters: Double, fix: PointE7, region: RegionE7) {
        val below = Math.floor(meters * 1000).toLong() - 10
        val above = Math.ceil(meters * 1000).toLong() + 10
        assertTrue(contains(fix, below, region).passed, "below $meters")
        val failed = contains(fix, above, region)
        assertEquals(ReasonCode.ACCURACY_BEYOND_REGION, failed.code, "above $meters")
    }

    private val zurichBox = box(470_000_000, 80_000_000, 471_000_000, 81_000_000)

    @Test
    fun `a fix exactly on an edge or a vertex is inside - accuracy 0 passes, 1 mm fails`() {
        for (fix in listOf(PointE7(470_000_000, 80_500_000), PointE7(470_512_345, 81_000_000), PointE7(471_000_000, 80_000_000))) {
            val onBoundary = contains(fix, 0, zurichBox)
            assertTrue(onBoundary.passed)
            assertEquals("uncertainty disc lies ≥ 0.00 m inside the claimed polygon", onBoundary.detail)
            val failed = contains(fix, 1, zurichBox)
            assertEquals(ReasonCode.ACCURACY_BEYOND_REGION, failed.code)
            assertEquals("uncertainty disc reaches beyond an edge of the claimed polygon", failed.detail)
        }
        // On a diagonal edge: (0,0)-(1e6 lon, 5e5 lat) passes through (5e5 lon, 2.5e5 lat) exactly.
        val triangle = Fixtures.polygon(0 to 0, 500_000 to 1_000_000, 0 to 1_000_000)
        assertTrue(contains(PointE7(250_000, 500_000), 0, triangle).passed)
        assertFalse(contains(PointE7(250_001, 500_000), 0, triangle).passed)
        // On every vertex of a concave polygon.
        val concave = Fixtures.polygon(0 to 0, 0 to 2_000_000, 1_000_000 to 2_000_000, 1_000_000 to 1_000_000, 2_000_000 to 1_000_000, 2_000_000 to 0)
        for (vertex in (concave as RegionE7.Polygon).vertices) {
            assertTrue(contains(vertex, 0, concave).passed, "vertex")
            assertFalse(contains(vertex, 1, concave).passed, "vertex, 1 mm")
        }
    }

    @ParameterizedTest
    @ValueSource(ints = [1, 9, 900, 12_345, 300_000])
    fun `accuracy reaching a horizontal edge flips PASS to FAIL by 1 cm - distance = R dphi`(offsetE7: Int) {
        expectFlip(offsetE7 * metersPerE7, PointE7(470_000_000 + offsetE7, 80_500_000), zurichBox)
    }

    @ParameterizedTest
    @ValueSource(ints = [-600_000_000, -1_000, 0, 470_500_000, 850_000_000, 899_000_000])
    fun `accuracy reaching a vertical edge flips by 1 cm at any latitude - distance = R cos(phi_fix) dlambda`(latE7: Int) {
        val region = box(latE7 - 900_000, 100_000_000, Math.min(latE7 + 900_000, 900_000_000), 110_000_000)
        val fix = PointE7(latE7, 100_000_000 + 1_234)
        val phi = latE7 / 1e7 * Math.PI / 180
        expectFlip(1_234 * metersPerE7 * Math.cos(phi), fix, region)
    }

    @Test
    fun `a slanted edge is measured perpendicular to it in the local plane`() {
        // Triangle with a hypotenuse from (lat 0, lon 0) to (lat 1e6, lon 1e6), fix below it, near lat 60°.
        val base = 600_000_000
        val region = Fixtures.polygon(base to 0, base + 1_000_000 to 1_000_000, base to 1_000_000)
        val fix = PointE7(base + 600_000, 700_000)
        val scaleX = metersPerE7 * Math.cos(fix.latE7 / 1e7 * Math.PI / 180)
        val ax = scaleX * (0 - 700_000)
        val ay = metersPerE7 * (base - fix.latE7)
        val dx = scaleX * 1_000_000
        val dy = metersPerE7 * 1_000_000
        val hypotenuse = Math.abs(ax * dy - ay * dx) / Math.sqrt(dx * dx + dy * dy)
        assertTrue(hypotenuse < 600)  // the slanted edge is the nearest one
        val bottom = metersPerE7 * 600_000
        val right = scaleX * 300_000
        expectFlip(Math.min(hypotenuse, Math.min(bottom, right)), fix, region)
    }

    @Test
    fun `near the north pole - a polygon with an edge on the pole judges fixes in the local plane`() {
        val region = box(890_000_000, 0, 900_000_000, 100_000_000)
        val fix = PointE7(895_000_000, 50_000_000)
        expectFlip(50_000_000 * metersPerE7 * Math.cos(89.5 * Math.PI / 180), fix, region)
        // A fix on the pole edge is on the boundary.
        assertTrue(contains(PointE7(900_000_000, 12_345_678), 0, region).passed)
        // Near the south pole, a triangle with one vertex on the pole.
        val south = Fixtures.polygon(-900_000_000 to 0, -890_000_000 to 10_000_000, -890_000_000 to -10_000_000)
        assertTrue(contains(PointE7(-895_000_000, 0), 1_000, south).passed)
        assertFalse(contains(PointE7(-895_000_000, 6_000_000), 0, south).passed)
    }

    @Test
    fun `near the antimeridian - inside on its own side, outside across it, +180 and -180 are distinct`() {
        val region = box(100_000_000, 1_795_000_000, 110_000_000, 1_800_000_000)
        val inside = PointE7(105_000_000, 1_799_000_000)
        expectFlip(1_000_000 * metersPerE7 * Math.cos(10.5 * Math.PI / 180), inside, region)
        assertTrue(contains(PointE7(105_000_000, 1_800_000_000), 0, region).passed)
        assertEquals(ReasonCode.OUTSIDE_REGION, contains(PointE7(105_000_000, -1_799_999_999), 0, region).code)
        assertFalse(contains(PointE7(105_000_000, -1_800_000_000), 0, region).passed)
        val west = box(-110_000_000, -1_800_000_000, -100_000_000, -1_795_000_000)
        assertTrue(contains(PointE7(-105_000_000, -1_799_000_000), 1_000, west).passed)
        assertFalse(contains(PointE7(-105_000_000, 1_799_000_000), 0, west).passed)
    }

    @Test
    fun `a concave polygon - a fix in a tooth is inside, a fix in a notch is outside`() {
        val comb = RegionE7.Polygon(Fixtures.comb())
        // Vertex 500 is a trough (lat 0) at lon 5e7; vertex 501 a peak (lat 1e6) at lon 5.01e7.
        assertTrue(contains(PointE7(1_500_000, 50_050_000), 1_000, comb).passed)
        assertTrue(contains(PointE7(500_000, 50_050_000), 0, comb).passed)  // on the zigzag
        assertEquals(ReasonCode.OUTSIDE_REGION, contains(PointE7(100_000, 50_100_000), 0, comb).code)  // in a notch
        assertFalse(contains(PointE7(-1, 50_000_000), 0, comb).passed)
        // An L: the fix in the missing quadrant is outside, though inside the bounding box.
        val l = Fixtures.polygon(0 to 0, 0 to 2_000_000, 1_000_000 to 2_000_000, 1_000_000 to 1_000_000, 2_000_000 to 1_000_000, 2_000_000 to 0)
        assertEquals(ReasonCode.OUTSIDE_REGION, contains(PointE7(1_500_000, 1_500_000), 0, l).code)
        assertTrue(contains(PointE7(500_000, 1_500_000), 0, l).passed)
        assertTrue(contains(PointE7(1_500_000, 500_000), 0, l).passed)
    }

    @Test
    fun `a fix outside, or coordinates out of range, fail without a coordinate in the detail`() {
        val outside = contains(PointE7(469_999_999, 80_500_000), 0, zurichBox)
        assertEquals(ReasonCode.OUTSIDE_REGION, outside.code)
        assertEquals("fix lies outside the claimed polygon", outside.detail)
        val fixOut = contains(PointE7(900_000_001, 0), 0, zurichBox)
        assertEquals(ReasonCode.FIX_OUT_OF_RANGE, fixOut.code)
        assertEquals("fix coordinates out of range", fixOut.detail)
        val empty = contains(PointE7(0, 0), 0, RegionE7.Polygon(emptyList()))
        assertEquals(ReasonCode.CLAIMED_REGION_INVALID, empty.code)
        assertEquals("claimed region invalid: polygon has 0 vertices; 3...1000 allowed", empty.detail)
        val badVertex = contains(PointE7(0, 0), 0, Fixtures.polygon(0 to 0, Int.MAX_VALUE to 0, 0 to 1))
        assertEquals(ReasonCode.CLAIMED_REGION_INVALID, badVertex.code)
        assertEquals("claimed region invalid: latitude outside ±90°", badVertex.detail)
    }

    @Test
    fun `a 1000-vertex polygon - the centre passes with 100 km accuracy and fails with 200 km`() {
        val region = RegionE7.Polygon(Fixtures.regularPolygon(1000, 10.0, 20.0, 10_000_000.0))
        assertNull(RegionValidator.defect(region))
        val centre = PointE7(100_000_000, 200_000_000)
        assertTrue(contains(centre, 100_000_000, region).passed)
        assertFalse(contains(centre, 200_000_000, region).passed)
        var passes = 0
        for (index in 0 until 200) {
            if (contains(PointE7(100_000_000 + index * 1_000, 200_000_000), 1_000, region).passed) passes += 1
        }
        assertEquals(200, passes)
    }
}
