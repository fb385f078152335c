package dev.octet.geometry

import dev.octet.geometry.Fixtures.MILLION
import dev.octet.geometry.Fixtures.polygon
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource

/** Region bounds, as the strict decoder and expectedRegion apply them (the Swift suite's tables). */
internal class RegionValidatorTest {
    class Case(val id: String, val region: RegionE7, val defect: RegionDefect?) {
        override fun toString() = id
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("circles")
    fun `a circle is judged by centre range and radius 1 to 1000000`(case: Case) {
        assertEquals(case.defect, RegionValidator.defect(case.region))
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("geohashes")
    fun `a geohash is 1 to 12 characters of the lower-case geohash alphabet`(case: Case) {
        assertEquals(case.defect, RegionValidator.defect(case.region))
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("polygons")
    fun `a polygon is 3 to 1000 open, distinct, in-range vertices with non-zero area and no touching edges`(case: Case) {
        assertEquals(case.defect, RegionValidator.defect(case.region))
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("polygons")
    fun `validity does not depend on where the ring starts or which way it runs`(case: Case) {
        val vertices = (case.region as RegionE7.Polygon).vertices
        if (vertices.size < 3) return
        val valid = RegionValidator.defect(case.region) == null
        for (shift in 1 until vertices.size) {
            val rotated = vertices.subList(shift, vertices.size) + vertices.subList(0, shift)
            assertEquals(valid, RegionValidator.defect(RegionE7.Polygon(rotated)) == null, "shift $shift")
        }
        assertEquals(valid, RegionValidator.defect(RegionE7.Polygon(vertices.reversed())) == null, "reversed")
    }

    @Test
    fun `packed values pair into points in wire order, an odd count or a vertex count outside 3 to 1000 is a defect`() {
        assertEquals(
            RegionResult.Success(listOf(PointE7(1, 2), PointE7(3, 4), PointE7(5, 6))),
            PolygonVertices.points(intArrayOf(1, 2, 3, 4, 5, 6))
        )
        assertEquals(RegionResult.Failure(RegionDefect.polygonOddValueCount(5)), PolygonVertices.points(intArrayOf(1, 2, 3, 4, 5)))
        assertEquals(RegionResult.Failure(RegionDefect.polygonVertexCount(0)), PolygonVertices.points(IntArray(0)))
        assertEquals(RegionResult.Failure(RegionDefect.polygonVertexCount(1001)), PolygonVertices.points(IntArray(2002)))
        val thousand = PolygonVertices.points(IntArray(2000))
        assertTrue(thousand is RegionResult.Success && thousand.value.size == 1000)
    }

    @Test
    fun `every defect has a distinct stable code and a distinct description, worded as in Swift`() {
        val defects = listOf(
            RegionDefect.LATITUDE_OUT_OF_RANGE, RegionDefect.LONGITUDE_OUT_OF_RANGE, RegionDefect.RADIUS_OUT_OF_RANGE,
            RegionDefect.geohashLength(13), RegionDefect.GEOHASH_CHARACTER, RegionDefect.polygonOddValueCount(7),
            RegionDefect.polygonVertexCount(2), RegionDefect.POLYGON_CLOSED, RegionDefect.POLYGON_REPEATED_VERTEX,
            RegionDefect.POLYGON_EDGE_OVER_180, RegionDefect.POLYGON_ZERO_AREA, RegionDefect.POLYGON_NOT_SIMPLE
        )
        assertEquals(defects.size, defects.map { it.code }.toSet().size)
        assertEquals(defects.size, defects.map { it.toString() }.toSet().size)
        assertEquals(
            listOf(
                "latitude-out-of-range", "longitude-out-of-range", "radius-out-of-range", "geohash-length",
                "geohash-character", "polygon-odd-value-count", "polygon-vertex-count", "polygon-closed",
                "polygon-repeated-vertex", "polygon-edge-over-180", "polygon-zero-area", "polygon-not-simple"
            ),
            defects.map { it.code }
        )
        assertEquals("geohash has 13 characters; 1...12 allowed", RegionDefect.geohashLength(13).toString())
        assertEquals("polygon has 2 vertices; 3...1000 allowed", RegionDefect.polygonVertexCount(2).toString())
        assertEquals("polygon has 7 packed values; an even number is required", RegionDefect.polygonOddValueCount(7).toString())
        assertEquals("radius outside 1...1000000 m", RegionDefect.RADIUS_OUT_OF_RANGE.toString())
    }

    companion object {
        private val zurich = PointE7(473_661_234, 85_412_345)

        private fun circle(lat: Int, lon: Int, radius: Long) = RegionE7.Circle(PointE7(lat, lon), radius)

        /** The same ring started from its second vertex: the defect must not depend on the start. */
        private fun swapped(region: RegionE7): RegionE7 {
            val vertices = (region as RegionE7.Polygon).vertices
            return RegionE7.Polygon(vertices.drop(1) + vertices[0])
        }

        @JvmStatic
        fun circles() = listOf(
            Case("a circle within bounds is valid", RegionE7.Circle(zurich, 100), null),
            Case("latitude +90° exactly is valid", circle(900_000_000, 0, 1), null),
            Case("latitude −90° exactly is valid", circle(-900_000_000, 0, 1), null),
            Case("latitude one e7 above +90° is invalid", circle(900_000_001, 0, 1), RegionDefect.LATITUDE_OUT_OF_RANGE),
            Case("latitude one e7 below −90° is invalid", circle(-900_000_001, 0, 1), RegionDefect.LATITUDE_OUT_OF_RANGE),
            Case("longitude ±180° exactly is valid", circle(0, -1_800_000_000, 1), null),
            Case("longitude +180° + 1 e7 is invalid", circle(0, 1_800_000_001, 1), RegionDefect.LONGITUDE_OUT_OF_RANGE),
            Case("longitude Int.MIN_VALUE is invalid", circle(0, Int.MIN_VALUE, 1), RegionDefect.LONGITUDE_OUT_OF_RANGE),
            Case("radius 0 is invalid", circle(0, 0, 0), RegionDefect.RADIUS_OUT_OF_RANGE),
            Case("radius 1 m is valid", circle(0, 0, 1), null),
            Case("radius 1000 km is valid", circle(0, 0, 1_000_000), null),
            Case("radius 1000 km + 1 m is invalid", circle(0, 0, 1_000_001), RegionDefect.RADIUS_OUT_OF_RANGE),
            Case("radius uint32 max is invalid", circle(0, 0, 4_294_967_295L), RegionDefect.RADIUS_OUT_OF_RANGE),
            Case("latitude is named before radius", circle(Int.MAX_VALUE, 0, 0), RegionDefect.LATITUDE_OUT_OF_RANGE),
            Case("longitude is named before radius", circle(0, Int.MAX_VALUE, 0), RegionDefect.LONGITUDE_OUT_OF_RANGE)
        )

        @JvmStatic
        fun geohashes() = listOf(
            Case("an empty geohash is invalid", RegionE7.Geohash(""), RegionDefect.geohashLength(0)),
            Case("one character is valid", RegionE7.Geohash("u"), null),
            Case("twelve characters are valid", RegionE7.Geohash("u0m3zzzzzzzz"), null),
            Case("thirteen characters are invalid", RegionE7.Geohash("u0m3zzzzzzzzz"), RegionDefect.geohashLength(13)),
            Case("every alphabet character is valid (0-c)", RegionE7.Geohash("0123456789bc"), null),
            Case("defghjkmnpqr are valid", RegionE7.Geohash("defghjkmnpqr"), null),
            Case("stuvwxyz are valid", RegionE7.Geohash("stuvwxyz"), null),
            Case("'a' is not in the alphabet", RegionE7.Geohash("u0ma"), RegionDefect.GEOHASH_CHARACTER),
            Case("'i' is not in the alphabet", RegionE7.Geohash("i"), RegionDefect.GEOHASH_CHARACTER),
            Case("'l' is not in the alphabet", RegionE7.Geohash("l"), RegionDefect.GEOHASH_CHARACTER),
            Case("'o' is not in the alphabet", RegionE7.Geohash("o"), RegionDefect.GEOHASH_CHARACTER),
            Case("upper case is not in the alphabet", RegionE7.Geohash("U0M"), RegionDefect.GEOHASH_CHARACTER),
            Case("a space is not in the alphabet", RegionE7.Geohash("u0m "), RegionDefect.GEOHASH_CHARACTER),
            Case("a NUL is not in the alphabet", RegionE7.Geohash("u0\u0000"), RegionDefect.GEOHASH_CHARACTER),
            Case("non-ASCII is not in the alphabet", RegionE7.Geohash("u0é"), RegionDefect.GEOHASH_CHARACTER),
            Case("length is counted in UTF-8 bytes", RegionE7.Geohash("ééééééé"), RegionDefect.geohashLength(14)),
            Case("a character beyond the BMP is not in the alphabet", RegionE7.Geohash("u0m3zzzz\uD83D\uDE00"), RegionDefect.GEOHASH_CHARACTER),
            Case("a character beyond the BMP counts 4 bytes", RegionE7.Geohash("u0m3zzzzz\uD83D\uDE00"), RegionDefect.geohashLength(13)),
            Case("four 4-byte characters are 16 bytes", RegionE7.Geohash("\uD83D\uDE00\uD83D\uDE00\uD83D\uDE00\uD83D\uDE00"), RegionDefect.geohashLength(16))
        )

        @JvmStatic
        fun polygons() = listOf(
            Case("a square is valid", polygon(0 to 0, 0 to MILLION, MILLION to MILLION, MILLION to 0), null),
            Case(
                "a concave L is valid",
                polygon(0 to 0, 0 to 2 * MILLION, MILLION to 2 * MILLION, MILLION to MILLION, 2 * MILLION to MILLION, 2 * MILLION to 0),
                null
            ),
            Case("two vertices are too few", polygon(0 to 0, MILLION to MILLION), RegionDefect.polygonVertexCount(2)),
            Case("no vertices are too few", RegionE7.Polygon(emptyList()), RegionDefect.polygonVertexCount(0)),
            Case(
                "1001 vertices are too many",
                RegionE7.Polygon(Fixtures.regularPolygon(1001, 0.0, 0.0, 1e8)),
                RegionDefect.polygonVertexCount(1001)
            ),
            Case(
                "a vertex latitude beyond 90° is invalid",
                polygon(0 to 0, 900_000_001 to 0, 0 to MILLION), RegionDefect.LATITUDE_OUT_OF_RANGE
            ),
            Case(
                "a vertex longitude beyond 180° is invalid",
                polygon(0 to 0, MILLION to -1_800_000_001, 0 to MILLION), RegionDefect.LONGITUDE_OUT_OF_RANGE
            ),
            Case(
                "a closed ring (last = first) is invalid",
                polygon(0 to 0, 0 to MILLION, MILLION to MILLION, MILLION to 0, 0 to 0), RegionDefect.POLYGON_CLOSED
            ),
            Case(
                "a repeated non-adjacent vertex is invalid",
                polygon(0 to 0, 0 to 2 * MILLION, MILLION to MILLION, 2 * MILLION to 2 * MILLION, 2 * MILLION to 0, MILLION to MILLION),
                RegionDefect.POLYGON_REPEATED_VERTEX
            ),
            Case(
                "consecutive equal vertices are invalid",
                polygon(0 to 0, 0 to MILLION, 0 to MILLION, MILLION to 0), RegionDefect.POLYGON_REPEATED_VERTEX
            ),
            Case(
                "an edge spanning 180° + 1 e7 of longitude is invalid",
                polygon(0 to -900_000_000, MILLION to 900_000_001, -MILLION to 0), RegionDefect.POLYGON_EDGE_OVER_180
            ),
            Case(
                "the closing edge is judged too",
                polygon(0 to 1_000_000_000, MILLION to 0, -MILLION to -800_000_001), RegionDefect.POLYGON_EDGE_OVER_180
            ),
            Case("an edge spanning exactly 180° is valid", polygon(0 to -900_000_000, 0 to 900_000_000, MILLION to 0), null),
            Case(
                "an edge from −180° to +180° is invalid",
                polygon(0 to -1_800_000_000, 0 to 1_800_000_000, MILLION to 0), RegionDefect.POLYGON_EDGE_OVER_180
            ),
            Case(
                "three collinear vertices have zero area",
                polygon(0 to 0, MILLION to MILLION, 2 * MILLION to 2 * MILLION), RegionDefect.POLYGON_ZERO_AREA
            ),
            Case("collinear vertices one e7 off the line are valid", polygon(0 to 0, MILLION to MILLION + 1, 2 * MILLION to 2 * MILLION), null),
            Case(
                "a symmetric bow tie has zero area",
                polygon(0 to 0, MILLION to MILLION, 0 to MILLION, MILLION to 0), RegionDefect.POLYGON_ZERO_AREA
            ),
            Case(
                "an asymmetric bow tie is not simple",
                polygon(0 to 0, 2 * MILLION to MILLION, 0 to MILLION, MILLION to 0), RegionDefect.POLYGON_NOT_SIMPLE
            ),
            Case(
                "a vertex touching a non-adjacent edge is not simple",
                swapped(
                    polygon(
                        0 to 0, 0 to 10 * MILLION, 10 * MILLION to 10 * MILLION,
                        10 * MILLION to 5 * MILLION, 0 to 5 * MILLION + 1, 5 * MILLION to 0
                    )
                ),
                RegionDefect.POLYGON_NOT_SIMPLE
            ),
            Case(
                "a notch stopping one e7 short of an edge is valid",
                polygon(0 to 0, 0 to 10 * MILLION, 10 * MILLION to 10 * MILLION, 10 * MILLION to 5 * MILLION, 1 to 5 * MILLION),
                null
            ),
            Case(
                "a notch reaching an edge is not simple",
                polygon(0 to 5 * MILLION, 10 * MILLION to 5 * MILLION, 10 * MILLION to 10 * MILLION, 0 to 10 * MILLION, 0 to 0),
                RegionDefect.POLYGON_NOT_SIMPLE
            ),
            Case(
                "a spike doubling back along its neighbour is not simple",
                polygon(0 to 0, 0 to 10 * MILLION, 10 * MILLION to 10 * MILLION, 5 * MILLION to 10 * MILLION),
                RegionDefect.POLYGON_NOT_SIMPLE
            ),
            Case(
                "collinear overlapping non-adjacent edges are not simple",
                polygon(
                    0 to 0, 0 to 4 * MILLION, MILLION to 4 * MILLION, MILLION to 3 * MILLION,
                    0 to 2 * MILLION, 0 to 3 * MILLION, -MILLION to 3 * MILLION, -MILLION to 0
                ),
                RegionDefect.POLYGON_NOT_SIMPLE
            ),
            Case(
                "a whole-world polygon at the range limits is valid (no overflow)",
                polygon(
                    -900_000_000 to -1_800_000_000, -900_000_000 to 0, -900_000_000 to 1_800_000_000,
                    900_000_000 to 1_800_000_000, 900_000_000 to 0, 900_000_000 to -1_800_000_000
                ),
                null
            ),
            Case(
                "a self-crossing polygon at the range limits is not simple (no overflow)",
                polygon(
                    -900_000_000 to -1_800_000_000, 800_000_000 to 0, -900_000_000 to 1_800_000_000,
                    900_000_000 to 1_800_000_000, -900_000_000 to 0, 900_000_000 to -1_800_000_000
                ),
                RegionDefect.POLYGON_NOT_SIMPLE
            ),
            Case(
                "a polygon touching the poles is valid",
                polygon(890_000_000 to 0, 900_000_000 to 0, 900_000_000 to 100_000_000, 890_000_000 to 100_000_000),
                null
            ),
            Case(
                "a regular 1000-gon near the latitude limits is valid",
                RegionE7.Polygon(Fixtures.regularPolygon(1000, 0.0, 0.0, 8.9e8)),
                null
            ),
            Case(
                "a repeated vertex is named before an edge over 180°",
                polygon(0 to 0, MILLION to 1_700_000_000, 0 to MILLION, MILLION to 1_700_000_000),
                RegionDefect.POLYGON_REPEATED_VERTEX
            )
        )
    }
}
