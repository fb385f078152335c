package dev.octet.geometry

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * The WGS84 inverse geodesic agrees with GeographicLib's Geodesic::Inverse within 20 nm on every
 * row of the reference table (scripts/geodesic-table, GeodSolve -i), and with the Swift suite's
 * reference pairs to 1 mm.
 */
class GeodesicTest {
    private class Row(val line: Int, val lat1: Double, val lon1: Double, val lat2: Double, val lon2: Double, val s12: Double, val kind: String) {
        override fun toString() = "line $line ($kind): $lat1 $lon1 $lat2 $lon2 -> $s12"
    }

    private val rows: List<Row> by lazy {
        val stream = javaClass.getResourceAsStream("/geodesic-reference.tsv") ?: error("geodesic-reference.tsv is not on the test class path")
        val lines = stream.bufferedReader(Charsets.UTF_8).readLines()
        val result = ArrayList<Row>()
        for ((index, line) in lines.withIndex()) {
            if (line.startsWith("#") || line.startsWith("lat1\t")) continue
            val fields = line.split('\t')
            require(fields.size == 6) { "line ${index + 1}: ${fields.size} fields" }
            result.add(
                Row(
                    index + 1, fields[0].toDouble(), fields[1].toDouble(), fields[2].toDouble(), fields[3].toDouble(),
                    fields[4].toDouble(), fields[5]
                )
            )
        }
        result
    }

    @Test
    fun `every row of the GeographicLib table is matched within 20 nanometres`() {
        var worst = -1.0
        var worstRow: Row? = null
        var worstValue = 0.0
        for (row in rows) {
            val meters = Geodesic.distanceMeters(row.lat1, row.lon1, row.lat2, row.lon2)
            val error = Math.abs(meters - row.s12)
            // NaN fails too: !(NaN <= worst) takes the branch and the assertion below reports it.
            if (!(error <= worst)) {
                worst = error
                worstRow = row
                worstValue = meters
            }
        }
        println("geodesic: worst |kotlin - GeographicLib| = ${worst * 1e9} nm over ${rows.size} pairs, at $worstRow (kotlin $worstValue)")
        assertTrue(worst <= 20e-9, "worst error ${worst * 1e9} nm at $worstRow: kotlin gives $worstValue")
    }

    @Test
    fun `the table holds at least 10,000 pairs and every hard kind`() {
        assertTrue(rows.size >= 10_000, "${rows.size} rows")
        val kinds = rows.groupBy { it.kind }.mapValues { it.value.size }
        for (kind in listOf(
            "random", "random-e7", "e7-within-1000km", "antipodal", "equatorial", "meridional", "polar",
            "short-under-1m", "short-under-1mm", "identical", "antimeridian", "round-angles", "edge-cases"
        )) {
            assertTrue((kinds[kind] ?: 0) >= 20, "kind $kind has ${kinds[kind]} rows")
        }
        // The kinds are what they claim to be.
        assertTrue(rows.filter { it.kind == "short-under-1mm" }.all { it.s12 < 1e-3 })
        assertTrue(rows.filter { it.kind == "short-under-1m" }.all { it.s12 < 1.0 })
        assertTrue(rows.filter { it.kind == "identical" }.all { it.s12 == 0.0 })
        assertTrue(rows.filter { it.kind == "antipodal" }.count { it.s12 > 19_900_000 } > 1000)
        assertTrue(rows.filter { it.kind == "polar" }.all { Math.abs(it.lat1) >= 89 })
    }

    @Test
    fun `the distance is symmetric to the nanometre`() {
        for (row in rows) {
            val forward = Geodesic.distanceMeters(row.lat1, row.lon1, row.lat2, row.lon2)
            val backward = Geodesic.distanceMeters(row.lat2, row.lon2, row.lat1, row.lon1)
            assertTrue(Math.abs(forward - backward) <= 20e-9, "$row: $forward vs $backward")
        }
    }

    @Test
    fun `the Swift suite's GeographicLib pairs agree to 1 mm, on e7 points`() {
        assertTrue(SwiftGeodesicReference.generator.contains("geographiclib"))
        assertEquals(360, SwiftGeodesicReference.pairs.size)
        for (pair in SwiftGeodesicReference.pairs) {
            val meters = Geodesic.distanceMeters(pair.a, pair.b)
            assertTrue(Math.abs(meters - pair.meters) <= 0.001, "${pair.label}: $meters vs ${pair.meters}")
        }
    }

    @Test
    fun `the distance from a point to itself is zero, and +180 equals -180`() {
        val point = PointE7(473_661_234, 85_412_345)
        assertEquals(0.0, Geodesic.distanceMeters(point, point))
        assertTrue(Geodesic.distanceMeters(PointE7(123_456_789, 1_800_000_000), PointE7(123_456_789, -1_800_000_000)) < 1e-6)
        assertEquals(0.0, Geodesic.distanceMeters(90.0, 0.0, 90.0, 123.0))
    }

    @Test
    fun `pole to pole and the equatorial half-turn have their known lengths`() {
        // Twice the WGS84 quarter meridian, 10,001,965.729 m, and half the equator's circumference is not
        // the shortest: the path over the poles is.
        assertEquals(20_003_931.4586254, Geodesic.distanceMeters(90.0, 0.0, -90.0, 0.0), 1e-6)
        assertEquals(20_003_931.4586254, Geodesic.distanceMeters(0.0, 0.0, 0.0, 180.0), 1e-6)
        assertEquals(6_378_137.0 * Math.PI / 2, Geodesic.distanceMeters(0.0, 0.0, 0.0, 90.0), 1e-6)
    }

    @Test
    fun `a latitude out of range or a value not finite gives NaN, not a throw`() {
        assertTrue(Geodesic.distanceMeters(PointE7(Int.MAX_VALUE, 0), PointE7(0, 0)).isNaN())
        assertTrue(Geodesic.distanceMeters(90.000001, 0.0, 0.0, 0.0).isNaN())
        assertTrue(Geodesic.distanceMeters(Double.NaN, 0.0, 0.0, 0.0).isNaN())
        assertTrue(Geodesic.distanceMeters(0.0, Double.POSITIVE_INFINITY, 0.0, 0.0).isNaN())
        // Longitudes wrap: 540° is 180°.
        assertEquals(Geodesic.distanceMeters(10.0, 180.0, 20.0, 0.0), Geodesic.distanceMeters(10.0, 540.0, 20.0, 0.0), 1e-9)
    }
}
