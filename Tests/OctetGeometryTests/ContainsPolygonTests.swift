import Foundation
import OctetGeometry
import OctetOutcome
import Testing

@Suite("contains for a polygon: inside or on the boundary, and every edge ≥ accuracy away in the local plane")
struct ContainsPolygonTests {
    static let metersPerE7 = Fixtures.metersPerE7Latitude

    /// An axis-aligned box in e7: south, west, north, east.
    static func box(_ south: Int32, _ west: Int32, _ north: Int32, _ east: Int32) -> RegionE7 {
        Fixtures.polygon([(south, west), (south, east), (north, east), (north, west)])
    }

    static func contains(_ fix: PointE7, _ accuracyMillimeters: UInt32, _ region: RegionE7) -> Outcome {
        RegionRules.contains(fix: fix, horizontalAccuracyMillimeters: accuracyMillimeters, claimed: region)
    }

    /// Accuracy 1 cm below and above `meters`: the first must pass, the second fail.
    static func expectFlip(
        at meters: Double, fix: PointE7, region: RegionE7, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let below = UInt32((meters * 1000).rounded(.down)) - 10
        let above = UInt32((meters * 1000).rounded(.up)) + 10
        #expect(contains(fix, below, region).passed, "below \(meters)", sourceLocation: sourceLocation)
        #expect(!contains(fix, above, region).passed, "above \(meters)", sourceLocation: sourceLocation)
    }

    static let zurichBox = box(470_000_000, 80_000_000, 471_000_000, 81_000_000)

    @Test("a fix exactly on an edge or a vertex is inside: accuracy 0 passes, 1 mm fails")
    func onBoundary() {
        for fix in [
            PointE7(latE7: 470_000_000, lonE7: 80_500_000), PointE7(latE7: 470_512_345, lonE7: 81_000_000),
            PointE7(latE7: 471_000_000, lonE7: 80_000_000),
        ] {
            #expect(Self.contains(fix, 0, Self.zurichBox).passed)
            #expect(!Self.contains(fix, 1, Self.zurichBox).passed)
        }
        // On a diagonal edge: (0,0)-(2e6,1e6) passes through (1e6 lon, 5e5 lat) exactly.
        let triangle = Fixtures.polygon([(0, 0), (500_000, 1_000_000), (0, 1_000_000)])
        #expect(Self.contains(PointE7(latE7: 250_000, lonE7: 500_000), 0, triangle).passed)
        #expect(!Self.contains(PointE7(latE7: 250_001, lonE7: 500_000), 0, triangle).passed)
    }

    @Test(
        "accuracy reaching a horizontal edge flips PASS/FAIL by 1 cm: distance = R·Δφ",
        arguments: [1, 9, 900, 12_345, 300_000] as [Int32])
    func horizontalEdgeFlip(offsetE7: Int32) {
        let fix = PointE7(latE7: 470_000_000 + offsetE7, lonE7: 80_500_000)
        Self.expectFlip(at: Double(offsetE7) * Self.metersPerE7, fix: fix, region: Self.zurichBox)
    }

    @Test(
        "accuracy reaching a vertical edge flips by 1 cm at any latitude: distance = R·cos(φ_fix)·Δλ",
        arguments: [-600_000_000, -1_000, 0, 470_500_000, 850_000_000, 899_000_000] as [Int32])
    func verticalEdgeFlip(latE7: Int32) {
        let region = Self.box(latE7 - 900_000, 100_000_000, min(latE7 + 900_000, 900_000_000), 110_000_000)
        let fix = PointE7(latE7: latE7, lonE7: 100_000_000 + 1_234)
        let phi = Double(latE7) / 1e7 * .pi / 180
        Self.expectFlip(at: 1_234 * Self.metersPerE7 * cos(phi), fix: fix, region: region)
    }

    @Test("a slanted edge is measured perpendicular to it in the local plane")
    func slantedEdge() {
        // Triangle with a hypotenuse from (lat 0, lon 0) to (lat 1e6, lon 1e6), fix below it, near lat 60°.
        let base: Int32 = 600_000_000
        let region = Fixtures.polygon([(base, 0), (base + 1_000_000, 1_000_000), (base, 1_000_000)])
        let fix = PointE7(latE7: base + 600_000, lonE7: 700_000)
        let scaleX = Self.metersPerE7 * cos(Double(fix.latE7) / 1e7 * .pi / 180)
        // Line through the origin-shifted vertices; distance = |cross| / |direction|.
        let ax = scaleX * Double(0 - 700_000)
        let ay = Self.metersPerE7 * Double(base - fix.latE7)
        let dx = scaleX * 1_000_000
        let dy = Self.metersPerE7 * 1_000_000
        let hypotenuse = abs(ax * dy - ay * dx) / (dx * dx + dy * dy).squareRoot()
        #expect(hypotenuse < 600)  // the slanted edge is the nearest one
        let bottom = Self.metersPerE7 * 600_000
        let right = scaleX * 300_000
        Self.expectFlip(at: min(hypotenuse, bottom, right), fix: fix, region: region)
    }

    @Test("near the north pole: a polygon with an edge on the pole judges fixes in the local plane")
    func nearPole() {
        let region = Self.box(890_000_000, 0, 900_000_000, 100_000_000)
        let fix = PointE7(latE7: 895_000_000, lonE7: 50_000_000)
        let scaleX = Self.metersPerE7 * cos(89.5 * .pi / 180)
        Self.expectFlip(at: 50_000_000 * scaleX, fix: fix, region: region)
        // A fix on the pole edge is on the boundary.
        #expect(Self.contains(PointE7(latE7: 900_000_000, lonE7: 12_345_678), 0, region).passed)
        // Near the south pole, a triangle with one vertex on the pole.
        let south = Fixtures.polygon([(-900_000_000, 0), (-890_000_000, 10_000_000), (-890_000_000, -10_000_000)])
        #expect(Self.contains(PointE7(latE7: -895_000_000, lonE7: 0), 1_000, south).passed)
        #expect(!Self.contains(PointE7(latE7: -895_000_000, lonE7: 6_000_000), 0, south).passed)
    }

    @Test("near the antimeridian: inside on its own side, outside across it; +180° and −180° are distinct")
    func antimeridian() {
        let region = Self.box(100_000_000, 1_795_000_000, 110_000_000, 1_800_000_000)
        let inside = PointE7(latE7: 105_000_000, lonE7: 1_799_000_000)
        let phi = 10.5 * Double.pi / 180
        Self.expectFlip(at: 1_000_000 * Self.metersPerE7 * cos(phi), fix: inside, region: region)
        #expect(Self.contains(PointE7(latE7: 105_000_000, lonE7: 1_800_000_000), 0, region).passed)
        let across = Self.contains(PointE7(latE7: 105_000_000, lonE7: -1_799_999_999), 0, region)
        #expect(across.code == .outsideRegion)
        #expect(!Self.contains(PointE7(latE7: 105_000_000, lonE7: -1_800_000_000), 0, region).passed)
        // The mirror image on the west side.
        let west = Self.box(-110_000_000, -1_800_000_000, -100_000_000, -1_795_000_000)
        #expect(Self.contains(PointE7(latE7: -105_000_000, lonE7: -1_799_000_000), 1_000, west).passed)
        #expect(!Self.contains(PointE7(latE7: -105_000_000, lonE7: 1_799_000_000), 0, west).passed)
    }

    @Test("a concave polygon: a fix in a tooth is inside, a fix in a notch is outside")
    func concave() {
        let comb = RegionE7.polygon(Fixtures.comb())
        // Vertex 500 is a trough (lat 0) at lon 5e7; vertex 501 a peak (lat 1e6) at lon 5.01e7.
        #expect(Self.contains(PointE7(latE7: 1_500_000, lonE7: 50_050_000), 1_000, comb).passed)
        #expect(Self.contains(PointE7(latE7: 500_000, lonE7: 50_050_000), 0, comb).passed)  // on the zigzag
        #expect(!Self.contains(PointE7(latE7: 100_000, lonE7: 50_100_000), 0, comb).passed)  // in a notch
        #expect(!Self.contains(PointE7(latE7: -1, lonE7: 50_000_000), 0, comb).passed)
    }

    @Test("a fix outside, or coordinates out of range, fail without a coordinate in the detail")
    func outsideAndRange() {
        #expect(
            Self.contains(PointE7(latE7: 469_999_999, lonE7: 80_500_000), 0, Self.zurichBox).code == .outsideRegion)
        #expect(
            Self.contains(PointE7(latE7: 900_000_001, lonE7: 0), 0, Self.zurichBox).code == .fixOutOfRange)
        #expect(!Self.contains(PointE7(latE7: 0, lonE7: 0), 0, .polygon([])).passed)
        #expect(
            !Self.contains(PointE7(latE7: 0, lonE7: 0), 0, Fixtures.polygon([(0, 0), (Int32.max, 0), (0, 1)])).passed)
    }

    @Test("a 1000-vertex polygon: the centre passes with 100 km accuracy and fails with 200 km")
    func thousandVertices() {
        let vertices = Fixtures.regularPolygon(count: 1000, centerLat: 10, centerLon: 20, radiusE7: 10_000_000)
        let region = RegionE7.polygon(vertices)
        #expect(RegionValidator.defect(in: region) == nil)
        let centre = PointE7(latE7: 100_000_000, lonE7: 200_000_000)
        #expect(Self.contains(centre, 100_000_000, region).passed)
        #expect(!Self.contains(centre, 200_000_000, region).passed)
        let clock = ContinuousClock()
        var passes = 0
        let elapsed = clock.measure {
            for index in 0..<200 {
                let fix = PointE7(latE7: 100_000_000 + Int32(index) * 1_000, lonE7: 200_000_000)
                if Self.contains(fix, 1_000, region).passed { passes += 1 }
            }
        }
        #expect(passes == 200)
        print("contains, 1000-vertex polygon (debug build): \(elapsed / 200) per call")
    }
}
