package dev.octet.geometry

import dev.octet.outcome.ReasonCode
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource

/** contains for a circle: geodesic(fix, centre) + accuracy ≤ radius (the Swift suite's cases). */
internal class ContainsCircleTest {
    @ParameterizedTest(name = "{0}")
    @MethodSource("circlePairs")
    fun `accuracy 1 cm short of the margin passes, 1 cm over fails (GeographicLib distance)`(pair: SwiftGeodesicReference.Pair) {
        val radius = Math.ceil(pair.meters).toLong() + 100
        val marginMillimeters = (radius - pair.meters) * 1000
        val inside = Math.floor(marginMillimeters).toLong() - 10
        val beyond = Math.ceil(marginMillimeters).toLong() + 10
        val circle = RegionE7.Circle(pair.a, radius)
        val passed = RegionRules.contains(pair.b, inside, circle)
        assertTrue(passed.passed, passed.toString())
        val failed = RegionRules.contains(pair.b, beyond, circle)
        assertEquals(ReasonCode.ACCURACY_BEYOND_REGION, failed.code)
        assertEquals("uncertainty disc reaches beyond circle of the claimed circle", failed.detail)
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("flips")
    fun `1000 km circles that a sphere (haversine) judges wrongly are judged on WGS84`(flip: SwiftGeodesicReference.Flip) {
        val accuracy = flip.accuracyMillimeters / 1000.0
        // The case is a real trap: the sphere's answer differs from the ellipsoid's.
        val spherePasses = haversineMeters(flip.fix, flip.center) + accuracy <= flip.radiusMeters
        assertNotEquals(flip.expected == "pass", spherePasses)
        val judgement = RegionRules.contains(flip.fix, flip.accuracyMillimeters, RegionE7.Circle(flip.center, flip.radiusMeters))
        assertEquals(flip.expected == "pass", judgement.passed, judgement.toString())
    }

    @Test
    fun `a fix at the centre with zero accuracy passes, accuracy equal to the radius passes, 1 mm more fails`() {
        val center = PointE7(-338_688_197, 1_512_092_955)
        val circle = RegionE7.Circle(center, 250)
        assertEquals("uncertainty disc lies ≥ 250 m inside the claimed circle", RegionRules.contains(center, 0, circle).detail)
        val rim = RegionRules.contains(center, 250_000, circle)
        assertTrue(rim.passed)
        assertEquals("uncertainty disc lies ≥ 0.00 m inside the claimed circle", rim.detail)
        assertFalse(RegionRules.contains(center, 250_001, circle).passed)
    }

    @Test
    fun `a circle centred on a pole or beside the antimeridian measures across them`() {
        // 1 e7 of latitude is 1.1057 m at the pole on WGS84; 100 m down any meridian is inside a 101 m circle.
        val pole = PointE7(900_000_000, 0)
        val nearPole = PointE7(899_991_000, 1_234_567_890)  // 100.52 m from the pole (GeographicLib)
        assertTrue(RegionRules.contains(nearPole, 0, RegionE7.Circle(pole, 101)).passed)
        assertFalse(RegionRules.contains(nearPole, 2_000, RegionE7.Circle(pole, 101)).passed)
        val east = PointE7(0, 1_799_995_000)  // 55.7 m west of the antimeridian
        val west = PointE7(0, -1_799_995_000)
        assertTrue(RegionRules.contains(west, 0, RegionE7.Circle(east, 112)).passed)
        assertFalse(RegionRules.contains(west, 0, RegionE7.Circle(east, 111)).passed)
    }

    @Test
    fun `a fix outside the circle fails whatever the accuracy, and says so without a distance`() {
        val circle = RegionE7.Circle(PointE7(0, 0), 10)
        val judgement = RegionRules.contains(PointE7(0, 1_000), 0, circle)  // ~11.1 m east
        assertEquals(ReasonCode.OUTSIDE_REGION, judgement.code)
        assertEquals("fix lies outside the claimed circle", judgement.detail)
    }

    @Test
    fun `near the rim - a disc 1 cm inside passes, 1 cm across the rim fails, a centre across it is OUTSIDE_REGION`() {
        // 900 e7 of longitude on the equator is 10.0187 m on WGS84 (a = 6378137 m).
        val fix = PointE7(0, 900)
        val circle = RegionE7.Circle(PointE7(0, 0), 11)
        assertEquals(
            "uncertainty disc lies ≥ 0.01 m inside the claimed circle", RegionRules.contains(fix, 970, circle).detail
        )
        assertEquals(ReasonCode.ACCURACY_BEYOND_REGION, RegionRules.contains(fix, 990, circle).code)
        assertEquals(ReasonCode.OUTSIDE_REGION, RegionRules.contains(fix, 0, RegionE7.Circle(PointE7(0, 0), 10)).code)
    }

    @Test
    fun `coordinates out of range fail with their own codes`() {
        val valid = RegionE7.Circle(PointE7(0, 0), 10)
        assertEquals(ReasonCode.FIX_OUT_OF_RANGE, RegionRules.contains(PointE7(900_000_001, 0), 0, valid).code)
        assertEquals(ReasonCode.FIX_OUT_OF_RANGE, RegionRules.contains(PointE7(0, -1_800_000_001), 0, valid).code)
        val badCentre = RegionRules.contains(PointE7(0, 0), 0, RegionE7.Circle(PointE7(0, Int.MAX_VALUE), 10))
        assertEquals(ReasonCode.CLAIMED_REGION_INVALID, badCentre.code)
        assertEquals("claimed region invalid: longitude outside ±180°", badCentre.detail)
    }

    companion object {
        /** Reference pairs short enough to be a circle (radius ≤ 1000 km) with room for a margin. */
        @JvmStatic
        fun circlePairs() = SwiftGeodesicReference.pairs.filter { it.meters > 1 && it.meters < 999_000 }.take(60)

        @JvmStatic
        fun flips() = SwiftGeodesicReference.flips
    }
}
