package dev.octet.geometry

/**
 * Exact predicates on e7 integers in the longitude (x) / latitude (y) plane.
 *
 * Floating point would let two implementations disagree on a touching edge or a collinear triangle;
 * these never round. Callers guarantee coordinates are in range (|lat| ≤ 9e8, |lon| ≤ 1.8e9), which
 * bounds every product.
 */
internal object ExactPlane {
    /**
     * Sign of the cross product (b − a) × (c − a): 1 counter-clockwise, −1 clockwise, 0 collinear.
     * Each product is at most 3.6e9 × 1.8e9 ≈ 6.5e18 < Long.MAX_VALUE, but their difference may not
     * be, so the two products are compared rather than subtracted.
     */
    fun orientation(ax: Long, ay: Long, bx: Long, by: Long, cx: Long, cy: Long): Int {
        val left = (bx - ax) * (cy - ay)
        val right = (by - ay) * (cx - ax)
        return if (left > right) 1 else if (left < right) -1 else 0
    }

    /** True when the closed segments p1–q1 and p2–q2 share at least one point (crossing, touching or overlapping). */
    fun segmentsTouch(
        p1x: Long, p1y: Long, q1x: Long, q1y: Long,
        p2x: Long, p2y: Long, q2x: Long, q2y: Long
    ): Boolean {
        val d1 = orientation(p2x, p2y, q2x, q2y, p1x, p1y)
        val d2 = orientation(p2x, p2y, q2x, q2y, q1x, q1y)
        val d3 = orientation(p1x, p1y, q1x, q1y, p2x, p2y)
        val d4 = orientation(p1x, p1y, q1x, q1y, q2x, q2y)
        if (d1 * d2 < 0 && d3 * d4 < 0) return true
        if (d1 == 0 && within(p1x, p1y, p2x, p2y, q2x, q2y)) return true
        if (d2 == 0 && within(q1x, q1y, p2x, p2y, q2x, q2y)) return true
        if (d3 == 0 && within(p2x, p2y, p1x, p1y, q1x, q1y)) return true
        if (d4 == 0 && within(q2x, q2y, p1x, p1y, q1x, q1y)) return true
        return false
    }

    /** For a point collinear with segment a–b: true when it lies on the closed segment (inside its bounding box). */
    fun within(px: Long, py: Long, ax: Long, ay: Long, bx: Long, by: Long): Boolean =
        Math.min(ax, bx) <= px && px <= Math.max(ax, bx) && Math.min(ay, by) <= py && py <= Math.max(ay, by)

    /**
     * True when the shoelace sum Σ (xᵢ·yᵢ₊₁ − xᵢ₊₁·yᵢ) over the closed ring is non-zero. Each term
     * fits a Long but a 1000-vertex sum may not, so terms go into a 128-bit accumulator.
     */
    fun hasNonZeroArea(vertices: List<PointE7>): Boolean {
        val sum = WideSum()
        val count = vertices.size
        for (index in 0 until count) {
            val a = vertices[index]
            val b = vertices[if (index + 1 == count) 0 else index + 1]
            sum.add(a.lonE7.toLong() * b.latE7.toLong())
            sum.add(-(b.lonE7.toLong() * a.latE7.toLong()))
        }
        return !sum.isZero
    }
}

/** A signed 128-bit running sum of Long terms, two's complement in (high, low). */
internal class WideSum {
    private var high = 0L
    private var low = 0L

    fun add(term: Long) {
        val newLow = low + term
        // An unsigned carry out of the low word: the unsigned sum wrapped below its first operand.
        val carry = (newLow xor Long.MIN_VALUE) < (low xor Long.MIN_VALUE)
        low = newLow
        // Sign-extend the term into the high word; 1000 vertices cannot overflow it.
        high += (if (term < 0) -1L else 0L) + (if (carry) 1L else 0L)
    }

    val isZero: Boolean get() = high == 0L && low == 0L
}
