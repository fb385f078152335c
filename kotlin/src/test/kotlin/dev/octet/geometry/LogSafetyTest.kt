package dev.octet.geometry

import dev.octet.ProofRegion
import dev.octet.outcome.Outcome
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.util.Random

/** Region details are log-safe: no coordinate of the fix or the regions ever appears, no FAIL says how far (the Swift suite's checks). */
class LogSafetyTest {
    /**
     * Digit strings a coordinate could leak as: its e7 integer and its degrees with 4…7 decimals.
     * Details state margins as whole metres or with 2 decimals, so a 4-decimal string can only be a coordinate.
     */
    private fun leaks(value: Int): List<String> {
        val magnitude = Math.abs(value.toLong())
        val whole = magnitude / 10_000_000
        val fraction = (magnitude % 10_000_000).toString().padStart(7, '0')
        return listOf(magnitude.toString()) + (4..7).map { "$whole.${fraction.substring(0, it)}" }
    }

    private fun Random.between(low: Int, high: Int): Int = (low + Math.floorMod(nextLong(), high.toLong() - low + 1)).toInt()
    private fun Random.sign(): Int = if (nextBoolean()) 1 else -1

    @Test
    fun `no detail of contains, region-claim, region-type or the seam contains a digit sequence of a coordinate`() {
        val random = Random(20_261_129)
        var checked = 0
        repeat(300) {
            // |coordinate| ≥ 1° keeps every e7 string at 8+ digits, longer than any margin in metres.
            val fix = PointE7(random.sign() * random.between(10_000_000, 890_000_000), random.sign() * random.between(10_000_000, 1_790_000_000))
            fun near() = PointE7(fix.latE7 + random.between(-50_000, 50_000), fix.lonE7 + random.between(-50_000, 50_000))
            val center = near()
            val polygon = Fixtures.regularPolygon(7, near().latE7 / 1e7, fix.lonE7 / 1e7, 10_000 + random.nextDouble() * 90_000)
            val hash = geohash(fix, random.between(5, 9))
            val regions = listOf(
                RegionE7.Circle(center, random.between(1, 2_000).toLong()),
                RegionE7.Polygon(polygon), RegionE7.Geohash(hash), RegionE7.Geohash(hash.dropLast(1))
            )
            val accuracy = random.between(0, 200_000).toLong()
            val secrets = leaks(fix.latE7) + leaks(fix.lonE7) + listOf(hash, hash.dropLast(1)) +
                leaks(center.latE7) + leaks(center.lonE7) + polygon.flatMap { leaks(it.latE7) + leaks(it.lonE7) }
            for (claimed in regions) {
                val details = mutableListOf(RegionRules.contains(fix, accuracy, claimed))
                for (expected in regions) {
                    details.add(RegionRules.regionClaim(claimed, expected))
                    details.add(RegionRules.regionType(claimed, expected))
                }
                // Through the seam, with the expected region in degrees.
                val degrees = ProofRegion.Circle(center.latitudeDegrees, center.longitudeDegrees, 500.0)
                val judged = judgeExpected(claimed, fix.latE7, fix.lonE7, accuracy, degrees)
                details.addAll(listOf(judged.regionClaim, judged.regionType, judged.contains))
                for (judgement in details) {
                    checked += 1
                    for (secret in secrets) {
                        assertFalse(judgement.detail.contains(secret), "detail \"${judgement.detail}\" leaks a coordinate")
                    }
                }
            }
        }
        assertEquals(300 * 4 * 12, checked)
    }

    /**
     * True when [detail] states a distance: a digit, optional spaces, then a unit of length as a
     * word ("1.00 m", "12m", "3 km", "5 metres", "7 meters").
     */
    private fun statesDistance(detail: String): Boolean {
        for (index in detail.indices) {
            if (!detail[index].isDigit()) continue
            var rest = index + 1
            while (rest < detail.length && detail[rest] == ' ') rest += 1
            val word = StringBuilder()
            while (rest < detail.length && detail[rest].isLetter()) word.append(detail[rest++])
            if (word.toString() in listOf("m", "km", "metre", "metres", "meter", "meters")) return true
        }
        return false
    }

    @Test
    fun `the distance pattern finds a distance and only a distance`() {
        assertTrue(statesDistance("claimed circle reaches 1.00 m beyond the expected circle"))
        assertTrue(statesDistance("fix lies 12m outside"))
        assertTrue(statesDistance("3 km away"))
        assertTrue(statesDistance("4366758 metres"))
        assertFalse(statesDistance("claimed polygon has 5 vertices, expected 4"))
        assertFalse(statesDistance("claimed geohash (7 characters) is not inside the expected one (6)"))
        assertFalse(statesDistance("fix lies outside the claimed circle"))
    }

    @Test
    fun `no region FAIL detail says by how much - a FAIL says beyond or outside, never a distance`() {
        val random = Random(20_261_201)
        var fails = 0
        var passesWithMargin = 0
        repeat(300) {
            val fix = PointE7(random.between(-800_000_000, 800_000_000), random.between(-1_700_000_000, 1_700_000_000))
            fun offset() = PointE7(fix.latE7 + random.between(-100_000, 100_000), fix.lonE7 + random.between(-100_000, 100_000))
            val polygon = Fixtures.regularPolygon(5, offset().latE7 / 1e7, fix.lonE7 / 1e7, 1_000 + random.nextDouble() * 99_000)
            val hash = geohash(offset(), random.between(4, 9))
            val circles = (0 until 3).map { RegionE7.Circle(offset(), random.between(1, 3_000).toLong()) }
            val regions: List<RegionE7> = circles + listOf(RegionE7.Polygon(polygon), RegionE7.Geohash(hash))
            val accuracy = random.between(0, 500_000).toLong()
            for (claimed in regions) {
                val judgements = mutableListOf<Outcome>(RegionRules.contains(fix, accuracy, claimed))
                for (expected in regions) {
                    val all = judgeRules(claimed, expected, fix, accuracy)
                    judgements.addAll(listOf(all.regionClaim, all.regionType, all.contains))
                }
                for (judgement in judgements) {
                    if (judgement.passed) {
                        if (statesDistance(judgement.detail)) passesWithMargin += 1
                        continue
                    }
                    fails += 1
                    assertFalse(statesDistance(judgement.detail), "FAIL detail \"${judgement.detail}\" says how far")
                }
            }
        }
        // Both kinds occur: the pattern would catch a distance (PASS details state their margins).
        assertTrue(fails > 1_000, "$fails fails")
        assertTrue(passesWithMargin > 0)
    }

    @Test
    fun `defect descriptions name rules and counts, never values`() {
        val region = ProofRegion.Circle(47.3661234, 8.5412345, 1e7)
        val judged = judgeExpected(RegionE7.Geohash("u0m"), 473_661_234, 85_412_345, 0, region)
        assertEquals("expected region invalid: radius outside 1...1000000 m", judged.contains.detail)
        for (secret in leaks(473_661_234) + leaks(85_412_345) + "10000000") {
            assertFalse(judged.contains.detail.contains(secret))
        }
    }

    /** Encodes a geohash by bisection (independent of the decoder under test). */
    private fun geohash(point: PointE7, length: Int): String {
        val alphabet = "0123456789bcdefghjkmnpqrstuvwxyz"
        var latLow = -90.0
        var latHigh = 90.0
        var lonLow = -180.0
        var lonHigh = 180.0
        var isLongitude = true
        var value = 0
        var bits = 0
        val hash = StringBuilder()
        while (hash.length < length) {
            val x = if (isLongitude) point.longitudeDegrees else point.latitudeDegrees
            val mid = if (isLongitude) (lonLow + lonHigh) / 2 else (latLow + latHigh) / 2
            value = value * 2 + if (x >= mid) 1 else 0
            if (isLongitude) {
                if (x >= mid) lonLow = mid else lonHigh = mid
            } else {
                if (x >= mid) latLow = mid else latHigh = mid
            }
            isLongitude = !isLongitude
            bits += 1
            if (bits == 5) {
                hash.append(alphabet[value])
                value = 0
                bits = 0
            }
        }
        return hash.toString()
    }
}
