package dev.octet.geometry

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * Random small polygons on a coarse grid, where touching, collinear and degenerate cases are
 * frequent, judged against a plain brute-force reference written here from the definitions (the
 * Swift suite's property test).
 */
class PolygonPropertyTest {
    private val unit = 1_000_000L  // grid step in e7

    private class Grid(private var state: Long) {
        fun next(): Long {
            state = state * 6_364_136_223_846_793_005L + 1_442_695_040_888_963_407L
            return state xor (state ushr 29)
        }

        fun between(low: Long, high: Long): Long = low + java.lang.Long.remainderUnsigned(next(), high - low + 1)
    }

    private class P(val x: Long, val y: Long)

    private fun cross(o: P, a: P, b: P): Long = (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)

    private fun onSegment(q: P, a: P, b: P): Boolean =
        cross(a, b, q) == 0L && Math.min(a.x, b.x) <= q.x && q.x <= Math.max(a.x, b.x) &&
            Math.min(a.y, b.y) <= q.y && q.y <= Math.max(a.y, b.y)

    /** Brute force from the definitions: every pair of non-adjacent edges, closed segments. */
    private fun referenceSimple(p: List<P>): Boolean {
        val n = p.size
        for (i in 0 until n) {
            for (j in i + 1 until n) {
                if (j == i + 1 || (i == 0 && j == n - 1)) continue
                val a = p[i]
                val b = p[(i + 1) % n]
                val c = p[j]
                val d = p[(j + 1) % n]
                val d1 = java.lang.Long.signum(cross(c, d, a))
                val d2 = java.lang.Long.signum(cross(c, d, b))
                val d3 = java.lang.Long.signum(cross(a, b, c))
                val d4 = java.lang.Long.signum(cross(a, b, d))
                if (d1 * d2 < 0 && d3 * d4 < 0) return false
                if (onSegment(a, c, d) || onSegment(b, c, d) || onSegment(c, a, b) || onSegment(d, a, b)) return false
            }
        }
        return true
    }

    private fun referenceValid(p: List<P>): Boolean {
        val n = p.size
        if (n < 3 || n > 1000) return false
        if (p.map { "${it.x},${it.y}" }.toSet().size != n) return false  // repeats, closed ring included
        var twiceArea = 0L
        for (i in 0 until n) twiceArea += p[i].x * p[(i + 1) % n].y - p[(i + 1) % n].x * p[i].y
        return twiceArea != 0L && referenceSimple(p)
    }

    private fun randomPolygon(random: Grid): List<P> =
        (0 until random.between(3, 9).toInt()).map { P(random.between(0, 5), random.between(0, 5)) }

    private fun region(p: List<P>): RegionE7 = RegionE7.Polygon(p.map { PointE7((it.y * unit).toInt(), (it.x * unit).toInt()) })

    @Test
    fun `validity matches the brute-force definition on 5000 random grid polygons`() {
        val random = Grid(7)
        var valid = 0
        repeat(5000) {
            val p = randomPolygon(random)
            val expected = referenceValid(p)
            assertEquals(expected, RegionValidator.defect(region(p)) == null, p.joinToString { "(${it.x},${it.y})" })
            if (expected) valid += 1
        }
        // The generator must exercise both outcomes in quantity.
        assertTrue(valid in 301..4699, "$valid valid")
    }

    /** Even-odd ray casting on doubled coordinates (all integers), boundary tested first. */
    private fun referenceLocate(q: P, p: List<P>): Pair<Boolean, Boolean> {
        val n = p.size
        var inside = false
        for (i in 0 until n) {
            val a = p[i]
            val b = p[(i + 1) % n]
            val c = (b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x)
            if (c == 0L && Math.min(a.x, b.x) <= q.x && q.x <= Math.max(a.x, b.x) && Math.min(a.y, b.y) <= q.y && q.y <= Math.max(a.y, b.y)) {
                return Pair(false, true)
            }
            if ((a.y > q.y) != (b.y > q.y)) {
                val lhs = (q.x - a.x) * (b.y - a.y)
                val rhs = (b.x - a.x) * (q.y - a.y)
                if (if (b.y > a.y) rhs > lhs else rhs < lhs) inside = !inside
            }
        }
        return Pair(inside, false)
    }

    @Test
    fun `contains with accuracy 0 is inside-or-boundary, with 1 mm, boundary points fail`() {
        val random = Grid(11)
        var insideCount = 0
        var boundaryCount = 0
        repeat(3000) {
            val p = randomPolygon(random)
            if (!referenceValid(p)) return@repeat
            val doubled = p.map { P(it.x * 2, it.y * 2) }
            repeat(40) {
                // Half-grid points: on vertices, edges, or strictly between.
                val qx = random.between(-1, 11)
                val qy = random.between(-1, 11)
                val fix = PointE7((qy * unit / 2).toInt(), (qx * unit / 2).toInt())
                val (inside, boundary) = referenceLocate(P(qx, qy), doubled)
                val zero = RegionRules.contains(fix, 0, region(p))
                assertEquals(inside || boundary, zero.passed, "${p.joinToString { "(${it.x},${it.y})" }} $qx,$qy")
                if (boundary) assertFalse(RegionRules.contains(fix, 1, region(p)).passed)
                if (inside) insideCount += 1
                if (boundary) boundaryCount += 1
            }
        }
        assertTrue(insideCount > 500 && boundaryCount > 500, "$insideCount inside, $boundaryCount on the boundary")
    }
}
