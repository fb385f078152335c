import Foundation
import OctetGeometry
import Testing

@Suite("1000-vertex polygons: valid ones pass the O(n²) simplicity test, a single crossing is found")
struct LargePolygonTests {
    static let ring = Fixtures.regularPolygon(count: 1000, centerLat: -33.9, centerLon: 151.2, radiusE7: 5_000_000)

    @Test("a regular 1000-gon and a 1000-vertex comb are valid")
    func valid() {
        #expect(Self.ring.count == 1000 && Set(Self.ring).count == 1000)
        #expect(RegionValidator.defect(in: .polygon(Self.ring)) == nil)
        #expect(RegionValidator.defect(in: .polygon(Fixtures.comb())) == nil)
        #expect(RegionValidator.defect(in: .polygon(Fixtures.comb().reversed())) == nil)
    }

    @Test(
        "swapping two neighbouring vertices makes one crossing, found wherever it is", arguments: [0, 1, 500, 997, 998])
    func oneCrossing(at index: Int) {
        var vertices = Self.ring
        vertices.swapAt(index, index + 1)
        #expect(RegionValidator.defect(in: .polygon(vertices)) == .polygonNotSimple)
    }

    @Test("the last vertex pulled onto the first edge is found (the pair checked last)")
    func touchAtTheEnd() {
        var vertices = Self.ring
        // Midpoint of edge 0 (exact when the coordinate sums are even; otherwise move vertex 1 to make them so).
        let sum = { (a: Int32, b: Int32) in Int64(a) + Int64(b) }
        if sum(vertices[0].latE7, vertices[1].latE7) % 2 != 0 { vertices[1].latE7 += 1 }
        if sum(vertices[0].lonE7, vertices[1].lonE7) % 2 != 0 { vertices[1].lonE7 += 1 }
        let midpoint = PointE7(
            latE7: Int32(sum(vertices[0].latE7, vertices[1].latE7) / 2),
            lonE7: Int32(sum(vertices[0].lonE7, vertices[1].lonE7) / 2))
        #expect(RegionValidator.defect(in: .polygon(vertices)) == nil)
        vertices[500] = midpoint
        #expect(RegionValidator.defect(in: .polygon(vertices)) == .polygonNotSimple)
    }

    @Test("a 1000-vertex star (every edge crosses) is not simple")
    func star() {
        let n = 1000
        let star = (0..<n).map { index in
            let angle = 2 * Double.pi * Double(index * 333 % n) / Double(n)
            return PointE7(latE7: Int32((1e7 * sin(angle)).rounded()), lonE7: Int32((1e7 * cos(angle)).rounded()))
        }
        #expect(RegionValidator.defect(in: .polygon(star)) == .polygonNotSimple)
        let clock = ContinuousClock()
        let elapsed = clock.measure { _ = RegionValidator.defect(in: .polygon(Self.ring)) }
        print("validation, 1000-vertex simple polygon (debug build): \(elapsed)")
    }
}
