package dev.octet.geometry

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.ValueSource

/** 1000-vertex polygons: valid ones pass the O(n²) simplicity test, a single crossing is found (the Swift suite's cases). */
class LargePolygonTest {
    private val ring = Fixtures.regularPolygon(1000, -33.9, 151.2, 5_000_000.0)

    @Test
    fun `a regular 1000-gon and a 1000-vertex comb are valid`() {
        assertEquals(1000, ring.toSet().size)
        assertNull(RegionValidator.defect(RegionE7.Polygon(ring)))
        assertNull(RegionValidator.defect(RegionE7.Polygon(Fixtures.comb())))
        assertNull(RegionValidator.defect(RegionE7.Polygon(Fixtures.comb().reversed())))
    }

    @ParameterizedTest
    @ValueSource(ints = [0, 1, 500, 997, 998])
    fun `swapping two neighbouring vertices makes one crossing, found wherever it is`(index: Int) {
        val vertices = ring.toMutableList()
        val swap = vertices[index]
        vertices[index] = vertices[index + 1]
        vertices[index + 1] = swap
        assertEquals(RegionDefect.POLYGON_NOT_SIMPLE, RegionValidator.defect(RegionE7.Polygon(vertices)))
    }

    @Test
    fun `the last vertex pulled onto the first edge is found (the pair checked last)`() {
        val vertices = ring.toMutableList()
        // Midpoint of edge 0 (exact when the coordinate sums are even; otherwise move vertex 1 to make them so).
        if ((vertices[0].latE7.toLong() + vertices[1].latE7) % 2 != 0L) vertices[1] = vertices[1].copy(latE7 = vertices[1].latE7 + 1)
        if ((vertices[0].lonE7.toLong() + vertices[1].lonE7) % 2 != 0L) vertices[1] = vertices[1].copy(lonE7 = vertices[1].lonE7 + 1)
        val midpoint = PointE7(
            ((vertices[0].latE7.toLong() + vertices[1].latE7) / 2).toInt(),
            ((vertices[0].lonE7.toLong() + vertices[1].lonE7) / 2).toInt()
        )
        assertNull(RegionValidator.defect(RegionE7.Polygon(vertices)))
        vertices[500] = midpoint
        assertEquals(RegionDefect.POLYGON_NOT_SIMPLE, RegionValidator.defect(RegionE7.Polygon(vertices)))
    }

    @Test
    fun `a 1000-vertex star (every edge crosses) is not simple`() {
        val n = 1000
        val star = (0 until n).map { index ->
            val angle = 2 * Math.PI * (index * 333 % n) / n
            PointE7(Fixtures.round(1e7 * Math.sin(angle)), Fixtures.round(1e7 * Math.cos(angle)))
        }
        assertEquals(RegionDefect.POLYGON_NOT_SIMPLE, RegionValidator.defect(RegionE7.Polygon(star)))
    }
}
