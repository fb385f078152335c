/// Exact predicates on e7 integers in the longitude (x) / latitude (y) plane.
///
/// Floating point would let two implementations disagree on a touching edge or a collinear triangle; these never
/// round. Callers guarantee coordinates are in range (|lat| ≤ 9e8, |lon| ≤ 1.8e9), which bounds every product.
enum ExactPlane {
    /// Sign of the cross product (b − a) × (c − a): 1 counter-clockwise, −1 clockwise, 0 collinear.
    ///
    /// Each product is at most 3.6e9 × 1.8e9 ≈ 6.5e18 < Int64.max, but their difference may not be, so the two
    /// products are compared rather than subtracted.
    @inline(__always)
    static func orientation(
        _ ax: Int64, _ ay: Int64, _ bx: Int64, _ by: Int64, _ cx: Int64, _ cy: Int64
    ) -> Int {
        let left = (bx - ax) * (cy - ay)
        let right = (by - ay) * (cx - ax)
        return left > right ? 1 : (left < right ? -1 : 0)
    }

    /// True when the closed segments p1–q1 and p2–q2 share at least one point (crossing, touching or overlapping).
    @inline(__always)
    static func segmentsTouch(
        _ p1x: Int64, _ p1y: Int64, _ q1x: Int64, _ q1y: Int64,
        _ p2x: Int64, _ p2y: Int64, _ q2x: Int64, _ q2y: Int64
    ) -> Bool {
        let d1 = orientation(p2x, p2y, q2x, q2y, p1x, p1y)
        let d2 = orientation(p2x, p2y, q2x, q2y, q1x, q1y)
        let d3 = orientation(p1x, p1y, q1x, q1y, p2x, p2y)
        let d4 = orientation(p1x, p1y, q1x, q1y, q2x, q2y)
        if d1 * d2 < 0 && d3 * d4 < 0 { return true }
        if d1 == 0 && within(p1x, p1y, p2x, p2y, q2x, q2y) { return true }
        if d2 == 0 && within(q1x, q1y, p2x, p2y, q2x, q2y) { return true }
        if d3 == 0 && within(p2x, p2y, p1x, p1y, q1x, q1y) { return true }
        if d4 == 0 && within(q2x, q2y, p1x, p1y, q1x, q1y) { return true }
        return false
    }

    /// For a point collinear with segment a–b: true when it lies on the closed segment (inside its bounding box).
    @inline(__always)
    static func within(_ px: Int64, _ py: Int64, _ ax: Int64, _ ay: Int64, _ bx: Int64, _ by: Int64) -> Bool {
        min(ax, bx) <= px && px <= max(ax, bx) && min(ay, by) <= py && py <= max(ay, by)
    }

    /// True when the shoelace sum Σ (xᵢ·yᵢ₊₁ − xᵢ₊₁·yᵢ) over the closed ring is non-zero.
    ///
    /// Each term fits Int64 but a 1000-vertex sum may not, so terms go into a 128-bit accumulator (Int128 is not
    /// available on every platform the package declares).
    static func hasNonZeroArea(_ vertices: [PointE7]) -> Bool {
        var sum = WideSum()
        let count = vertices.count
        for index in 0..<count {
            let a = vertices[index]
            let b = vertices[index + 1 == count ? 0 : index + 1]
            sum.add(Int64(a.lonE7) * Int64(b.latE7))
            sum.add(-(Int64(b.lonE7) * Int64(a.latE7)))
        }
        return !sum.isZero
    }
}

/// A signed 128-bit running sum of Int64 terms, two's complement in (high, low).
struct WideSum {
    private var high: Int64 = 0
    private var low: UInt64 = 0

    mutating func add(_ term: Int64) {
        let (newLow, carry) = low.addingReportingOverflow(UInt64(bitPattern: term))
        low = newLow
        // Sign-extend the term into the high word; 1000 vertices cannot overflow it.
        high = high + (term < 0 ? -1 : 0) + (carry ? 1 : 0)
    }

    var isZero: Bool { high == 0 && low == 0 }
}
