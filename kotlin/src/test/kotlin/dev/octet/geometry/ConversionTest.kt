package dev.octet.geometry

import dev.octet.ProofRegion
import dev.octet.toE7
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.Arguments
import org.junit.jupiter.params.provider.MethodSource

/** Degrees and metres to e7, rounding half away from zero on the Double product (the Swift suite's table). */
class ConversionTest {
    @ParameterizedTest(name = "{0}° -> {1}")
    @MethodSource("degrees")
    fun `a latitude converts to e7 by rounding the product half away from zero`(degrees: Double, e7: Int?) {
        val point = PointE7.fromDegrees(degrees, 0.0)
        assertEquals(e7, point?.latE7)
        if (point != null) assertEquals(0, point.lonE7)
    }

    @ParameterizedTest(name = "{0}° -> {1}")
    @MethodSource("degrees")
    fun `a longitude converts by the same rule`(degrees: Double, e7: Int?) {
        assertEquals(e7, PointE7.fromDegrees(0.0, degrees)?.lonE7)
    }

    @ParameterizedTest(name = "{0} m -> {1}")
    @MethodSource("radii")
    fun `a radius rounds to whole metres half away from zero, null when not finite or outside uint32`(meters: Double, expected: Long?) {
        assertEquals(expected, RegionE7Conversion.radiusMeters(meters))
    }

    @Test
    fun `a converted expected region is judged on its e7 values - 90_00000005 degrees rounds out of range`() {
        val inside = (RegionE7Conversion.circle(90.00000004, 0.0, 1.0) as RegionResult.Success).value
        val outside = (RegionE7Conversion.circle(90.00000005, 0.0, 1.0) as RegionResult.Success).value
        assertNull(RegionValidator.defect(inside))
        assertEquals(RegionDefect.LATITUDE_OUT_OF_RANGE, RegionValidator.defect(outside))
        val zeroRadius = (RegionE7Conversion.circle(0.0, 0.0, 0.4) as RegionResult.Success).value
        assertEquals(RegionDefect.RADIUS_OUT_OF_RANGE, RegionValidator.defect(zeroRadius))
        assertEquals(
            RegionResult.Success(Fixtures.polygon(1 to 0, 10_000_000 to 10_000_000, 0 to 10_000_000)),
            ProofRegion.Polygon(listOf(coordinate(0.00000005, 0.0), coordinate(1.0, 1.0), coordinate(0.0, 1.0))).toE7()
        )
    }

    @Test
    fun `a value that does not convert is reported as its field's range defect`() {
        assertEquals(RegionResult.Failure(RegionDefect.LATITUDE_OUT_OF_RANGE), RegionE7Conversion.circle(Double.NaN, 0.0, 1.0))
        assertEquals(RegionResult.Failure(RegionDefect.LONGITUDE_OUT_OF_RANGE), RegionE7Conversion.circle(0.0, 1e300, 1.0))
        assertEquals(
            RegionResult.Failure(RegionDefect.RADIUS_OUT_OF_RANGE),
            RegionE7Conversion.circle(0.0, 0.0, Double.NEGATIVE_INFINITY)
        )
        assertEquals(
            RegionResult.Failure(RegionDefect.LONGITUDE_OUT_OF_RANGE),
            ProofRegion.Polygon(listOf(coordinate(0.0, 0.0), coordinate(1.0, Double.POSITIVE_INFINITY), coordinate(0.0, 1.0))).toE7()
        )
        assertEquals(
            RegionResult.Failure(RegionDefect.polygonVertexCount(1001)),
            ProofRegion.Polygon(List(1001) { coordinate(0.0, 0.0) }).toE7()
        )
        // Latitude is judged before longitude, and both before the radius.
        assertEquals(
            RegionResult.Failure(RegionDefect.LATITUDE_OUT_OF_RANGE),
            RegionE7Conversion.circle(Double.POSITIVE_INFINITY, Double.NaN, Double.NaN)
        )
    }

    @Test
    fun `an expected ProofRegion converts by shape, a geohash as it is`() {
        assertEquals(
            RegionResult.Success(RegionE7.Circle(PointE7(473_661_234, 85_412_345), 251)),
            (ProofRegion.Circle(47.3661234, 8.5412345, 250.5)).toE7()
        )
        assertEquals(RegionResult.Success(RegionE7.Geohash("U0m")), (ProofRegion.Geohash("U0m")).toE7())
        assertEquals(
            RegionResult.Success(Fixtures.polygon(-1 to 0, 0 to 1, 1 to 0)),
            (
                ProofRegion.Polygon(listOf(coordinate(-0.00000005, 0.0), coordinate(0.0, 0.00000005), coordinate(0.00000005, -0.0)))
            ).toE7()
        )
    }

    companion object {
        private fun coordinate(latitude: Double, longitude: Double) = ProofRegion.Coordinate(latitude, longitude)

        @JvmStatic
        fun degrees(): List<Arguments> = listOf(
            Arguments.of(0.00000005, 1),
            Arguments.of(-0.00000005, -1),
            Arguments.of(0.00000015, 2),
            Arguments.of(0.00000025, 3),
            Arguments.of(-0.00000025, -3),
            Arguments.of(0.0000000499, 0),
            Arguments.of(-0.0, 0),
            Arguments.of(47.3661234, 473_661_234),
            Arguments.of(-122.4194155, -1_224_194_155),
            Arguments.of(90.0, 900_000_000),
            Arguments.of(90.00000005, 900_000_001),
            Arguments.of(-180.0, -1_800_000_000),
            Arguments.of(214.7483647, Int.MAX_VALUE),
            Arguments.of(-214.7483648, Int.MIN_VALUE),
            Arguments.of(214.7483648, null),
            Arguments.of(-214.74836485, null),
            Arguments.of(Double.NaN, null),
            Arguments.of(Double.POSITIVE_INFINITY, null),
            Arguments.of(Double.NEGATIVE_INFINITY, null),
            Arguments.of(1e300, null)
        )

        @JvmStatic
        fun radii(): List<Arguments> = listOf(
            Arguments.of(0.5, 1L),
            Arguments.of(0.49, 0L),
            // The largest Double below 0.5 must not round up (floor(x + 0.5) would).
            Arguments.of(0.49999999999999994, 0L),
            Arguments.of(4_503_599_627_370_495.5, null),
            Arguments.of(-0.4, 0L),
            Arguments.of(-0.5, null),
            Arguments.of(1.5, 2L),
            Arguments.of(2.5, 3L),
            Arguments.of(1_000_000.0, 1_000_000L),
            Arguments.of(4_294_967_295.4, 4_294_967_295L),
            Arguments.of(4_294_967_295.5, null),
            Arguments.of(Double.NaN, null),
            Arguments.of(Double.POSITIVE_INFINITY, null)
        )
    }
}
