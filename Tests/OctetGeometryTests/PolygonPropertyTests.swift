import OctetGeometry
import Testing

/// Random small polygons on a coarse grid, where touching, collinear and degenerate cases are frequent, judged
/// against a plain brute-force reference written here from the definitions.
@Suite("Polygon validity and containment agree with a brute-force reference on random grid polygons")
struct PolygonPropertyTests {
    static let unit: Int64 = 1_000_000  // grid step in e7

    struct Grid: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state ^ (state >> 29)
        }
    }

    /// Brute force from the definitions: every pair of non-adjacent edges, closed segments.
    static func referenceSimple(_ p: [(x: Int64, y: Int64)]) -> Bool {
        let n = p.count
        func cross(_ o: (x: Int64, y: Int64), _ a: (x: Int64, y: Int64), _ b: (x: Int64, y: Int64)) -> Int64 {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        func onSegment(_ q: (x: Int64, y: Int64), _ a: (x: Int64, y: Int64), _ b: (x: Int64, y: Int64)) -> Bool {
            cross(a, b, q) == 0 && min(a.x, b.x) <= q.x && q.x <= max(a.x, b.x) && min(a.y, b.y) <= q.y
                && q.y <= max(a.y, b.y)
        }
        for i in 0..<n {
            for j in 0..<n where i < j {
                if j == i + 1 || (i == 0 && j == n - 1) { continue }
                let a = p[i]
                let b = p[(i + 1) % n]
                let c = p[j]
                let d = p[(j + 1) % n]
                let d1 = cross(c, d, a).signum()
                let d2 = cross(c, d, b).signum()
                let d3 = cross(a, b, c).signum()
                let d4 = cross(a, b, d).signum()
                if d1 * d2 < 0 && d3 * d4 < 0 { return false }
                if onSegment(a, c, d) || onSegment(b, c, d) || onSegment(c, a, b) || onSegment(d, a, b) { return false }
            }
        }
        return true
    }

    static func referenceValid(_ p: [(x: Int64, y: Int64)]) -> Bool {
        let n = p.count
        guard (3...1000).contains(n) else { return false }
        if Set(p.map { "\($0.x),\($0.y)" }).count != n { return false }  // repeats, closed ring included
        var twiceArea: Int64 = 0
        for i in 0..<n { twiceArea += p[i].x * p[(i + 1) % n].y - p[(i + 1) % n].x * p[i].y }
        return twiceArea != 0 && referenceSimple(p)
    }

    static func randomPolygon(_ random: inout Grid) -> [(x: Int64, y: Int64)] {
        let count = Int.random(in: 3...9, using: &random)
        return (0..<count).map { _ in (Int64.random(in: 0...5, using: &random), Int64.random(in: 0...5, using: &random))
        }
    }

    static func region(_ p: [(x: Int64, y: Int64)]) -> RegionE7 {
        .polygon(p.map { PointE7(latE7: Int32($0.y * unit), lonE7: Int32($0.x * unit)) })
    }

    @Test("validity matches the brute-force definition on 5000 random grid polygons")
    func validity() {
        var random = Grid(state: 7)
        var valid = 0
        for _ in 0..<5000 {
            let p = Self.randomPolygon(&random)
            let expected = Self.referenceValid(p)
            let defect = RegionValidator.defect(in: Self.region(p))
            #expect((defect == nil) == expected, "\(p)")
            if expected { valid += 1 }
        }
        // The generator must exercise both outcomes in quantity.
        #expect(valid > 300 && valid < 4700)
    }

    @Test("contains with accuracy 0 is inside-or-boundary; with 1 mm, boundary points fail")
    func containment() {
        var random = Grid(state: 11)
        var insideCount = 0
        var boundaryCount = 0
        for _ in 0..<3000 {
            let p = Self.randomPolygon(&random)
            guard Self.referenceValid(p) else { continue }
            for _ in 0..<40 {
                // Half-grid points: on vertices, edges, or strictly between.
                let qx = Int64.random(in: -1...11, using: &random)
                let qy = Int64.random(in: -1...11, using: &random)
                let fix = PointE7(latE7: Int32(qy * Self.unit / 2), lonE7: Int32(qx * Self.unit / 2))
                let (inside, boundary) = Self.referenceLocate((qx, qy), doubled: p.map { ($0.x * 2, $0.y * 2) })
                let zero = RegionRules.contains(fix: fix, horizontalAccuracyMillimeters: 0, claimed: Self.region(p))
                let oneMillimetre = RegionRules.contains(
                    fix: fix, horizontalAccuracyMillimeters: 1, claimed: Self.region(p))
                #expect(zero.passed == (inside || boundary), "\(p) \(qx),\(qy)")
                if boundary { #expect(!oneMillimetre.passed) }
                if inside { insideCount += 1 }
                if boundary { boundaryCount += 1 }
            }
        }
        #expect(insideCount > 500 && boundaryCount > 500, "\(insideCount) inside, \(boundaryCount) on the boundary")
    }

    /// Even-odd ray casting on doubled coordinates (all integers), boundary tested first.
    static func referenceLocate(_ q: (Int64, Int64), doubled p: [(Int64, Int64)]) -> (inside: Bool, boundary: Bool) {
        let n = p.count
        var inside = false
        for i in 0..<n {
            let a = p[i]
            let b = p[(i + 1) % n]
            let cross = (b.0 - a.0) * (q.1 - a.1) - (b.1 - a.1) * (q.0 - a.0)
            if cross == 0 && min(a.0, b.0) <= q.0 && q.0 <= max(a.0, b.0) && min(a.1, b.1) <= q.1
                && q.1 <= max(a.1, b.1)
            {
                return (false, true)
            }
            if (a.1 > q.1) != (b.1 > q.1) {
                // x of the crossing > q.x, compared without division.
                let lhs = (q.0 - a.0) * (b.1 - a.1)
                let rhs = (b.0 - a.0) * (q.1 - a.1)
                if (b.1 > a.1) ? (rhs > lhs) : (rhs < lhs) { inside.toggle() }
            }
        }
        return (inside, false)
    }
}
