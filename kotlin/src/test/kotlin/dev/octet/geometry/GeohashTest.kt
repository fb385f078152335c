package dev.octet.geometry

import dev.octet.outcome.ReasonCode
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.Arguments
import org.junit.jupiter.params.provider.MethodSource
import org.junit.jupiter.params.provider.ValueSource

/** Geohash cells: exact bounds, prefix claims and containment (the Swift suite's cases). */
class GeohashTest {
    @ParameterizedTest(name = "{0}")
    @MethodSource("published")
    fun `a cell decodes to its published bounds`(hash: String, south: Double, west: Double, north: Double, east: Double) {
        val cell = Geohash.cell(hash)!!
        assertTrue(Math.abs(cell.south - south) < 1e-12 && Math.abs(cell.north - north) < 1e-12, "lat bounds")
        assertTrue(Math.abs(cell.west - west) < 1e-12 && Math.abs(cell.east - east) < 1e-12, "lon bounds")
        assertTrue(Math.abs(cell.southE7 - south * 1e7) < 1e-5 && Math.abs(cell.eastE7 - east * 1e7) < 1e-5, "e7 bounds")
    }

    @Test
    fun `an invalid geohash has no cell`() {
        for (hash in listOf("", "a", "U", "u0m3zzzzzzzzz", "é", "u0\u0000", "\uD83D\uDE00")) {
            assertNull(Geohash.cell(hash), "${hash.length} chars")
        }
    }

    @ParameterizedTest
    @ValueSource(strings = ["u", "u0m", "9q8yy", "00000000000"])
    fun `the 32 children of a cell tile it exactly`(parent: String) {
        val cell = Geohash.cell(parent)!!
        var area = 0.0
        for (character in RegionValidator.GEOHASH_ALPHABET) {
            val child = Geohash.cell(parent + character)!!
            assertTrue(child.south >= cell.south && child.north <= cell.north)
            assertTrue(child.west >= cell.west && child.east <= cell.east)
            area += (child.north - child.south) * (child.east - child.west)
        }
        assertEquals((cell.north - cell.south) * (cell.east - cell.west), area)
    }

    @Test
    fun `a fix on the cell's boundary is inside, outside by one e7 is outside`() {
        // "s" spans lat 0...45, lon 0...45: its bounds are whole e7 values.
        fun judge(lat: Int, lon: Int, mm: Long) = RegionRules.contains(PointE7(lat, lon), mm, RegionE7.Geohash("s"))
        assertTrue(judge(0, 200_000_000, 0).passed)
        assertTrue(judge(450_000_000, 450_000_000, 0).passed)
        assertFalse(judge(450_000_000, 450_000_000, 1).passed)
        assertEquals(ReasonCode.OUTSIDE_REGION, judge(-1, 200_000_000, 0).code)
        assertFalse(judge(200_000_000, 450_000_001, 0).passed)
    }

    @Test
    fun `a 12-character cell's bounds are exact - the e7 fix just inside is in, just outside is out`() {
        val cell = Geohash.cell("u4pruydqqvjh")!!
        val insideLat = Math.ceil(cell.southE7).toInt()
        val insideLon = Math.ceil(cell.westE7).toInt()
        assertTrue(cell.contains(PointE7(insideLat, insideLon)))
        assertFalse(cell.contains(PointE7(Math.floor(cell.southE7).toInt() - 1, insideLon)))
        assertFalse(cell.contains(PointE7(insideLat, Math.ceil(cell.eastE7).toInt() + 1)))
    }

    @Test
    fun `accuracy reaching the nearest cell edge flips PASS to FAIL by 1 cm`() {
        val hash = "u0m3"
        val cell = Geohash.cell(hash)!!
        // A fix 1000 e7 north of the southern bound, mid-way across: the southern edge is the nearest.
        val fixLat = Math.ceil(cell.southE7).toInt() + 1_000
        val fix = PointE7(fixLat, Fixtures.round((cell.westE7 + cell.eastE7) / 2))
        val meters = (fixLat - cell.southE7) * Fixtures.METERS_PER_E7_LATITUDE
        val below = Math.floor(meters * 1000).toLong() - 10
        val above = Math.ceil(meters * 1000).toLong() + 10
        assertTrue(RegionRules.contains(fix, below, RegionE7.Geohash(hash)).passed)
        val beyond = RegionRules.contains(fix, above, RegionE7.Geohash(hash))
        assertEquals(ReasonCode.ACCURACY_BEYOND_REGION, beyond.code)
        assertEquals("uncertainty disc reaches beyond an edge of the claimed geohash cell", beyond.detail)
    }

    @Test
    fun `a cell at the pole and at the antimeridian`() {
        // "zzzz" touches lat 90 and lon 180.
        assertTrue(RegionRules.contains(PointE7(900_000_000, 1_800_000_000), 0, RegionE7.Geohash("zzzz")).passed)
        assertFalse(RegionRules.contains(PointE7(899_990_000, -1_799_990_000), 0, RegionE7.Geohash("zzzz")).passed)
        assertTrue(RegionRules.contains(PointE7(899_990_000, -1_799_990_000), 0, RegionE7.Geohash("bpbp")).passed)
    }

    @Test
    fun `an invalid claimed geohash fails contains as CLAIMED_REGION_INVALID, naming the rule`() {
        val tooLong = RegionRules.contains(PointE7(0, 0), 0, RegionE7.Geohash("u0m3zzzzzzzzz"))
        assertEquals(ReasonCode.CLAIMED_REGION_INVALID, tooLong.code)
        assertEquals("claimed region invalid: geohash has 13 characters; 1...12 allowed", tooLong.detail)
        val upper = RegionRules.contains(PointE7(0, 0), 0, RegionE7.Geohash("U"))
        assertEquals("claimed region invalid: geohash has a character outside the lower-case geohash alphabet", upper.detail)
    }

    companion object {
        @JvmStatic
        fun published(): List<Arguments> = listOf(
            Arguments.of("ezs42", 42.5830078125, -5.625, 42.626953125, -5.5810546875),
            Arguments.of("s", 0.0, 0.0, 45.0, 45.0),
            Arguments.of("0", -90.0, -180.0, -45.0, -135.0),
            Arguments.of("z", 45.0, 135.0, 90.0, 180.0),
            Arguments.of("u4pruydqqvj", 57.649109959602356, 10.407439023256302, 57.64911130070686, 10.40744036436081)
        )
    }
}
