import OctetGeometry
import OctetOutcome
import Testing

@Suite("region-claim and region-type: the claim equals the expected region or lies inside it")
struct RegionClaimTests {
    static let zurich = PointE7(latE7: 473_661_234, lonE7: 85_412_345)
    static let squareVertices = [(0, 0), (0, 1_000_000), (1_000_000, 1_000_000), (1_000_000, 0)].map {
        PointE7(latE7: $0.0, lonE7: $0.1)
    }
    static let square = RegionE7.polygon(squareVertices)

    struct ShapeCase: Sendable, CustomTestStringConvertible {
        var claimed: RegionE7
        var expected: RegionE7
        var testDescription: String { "\(claimed.shape) vs \(expected.shape)" }
    }

    static let shapes: [RegionE7] = [.circle(center: zurich, radiusMeters: 100), .geohash("u0qj"), square]
    static let shapePairs: [ShapeCase] = shapes.flatMap { claimed in
        shapes.map { ShapeCase(claimed: claimed, expected: $0) }
    }

    @Test(
        "region-type passes exactly when the shapes agree; region-claim fails whenever they differ",
        arguments: shapePairs)
    func shapes(_ testCase: ShapeCase) {
        let same = testCase.claimed.shape == testCase.expected.shape
        let type = RegionRules.regionType(claimed: testCase.claimed, expected: testCase.expected)
        #expect(type.passed == same)
        if !same {
            #expect(
                RegionRules.regionClaim(claimed: testCase.claimed, expected: testCase.expected).code
                    == .regionTypeMismatch)
        } else {
            #expect(RegionRules.regionClaim(claimed: testCase.claimed, expected: testCase.expected).passed)
        }
    }

    @Test(
        "geohash: PASS when the expected geohash is a prefix of the claimed one",
        arguments: [
            ("u0m3", "u0m", true), ("u0m", "u0m", true), ("u0m3zzzzzzzz", "u", true),
            ("u0m", "u0m3", false), ("u0n3", "u0m", false), ("v0m3", "u0m", false), ("u", "v", false),
        ])
    func geohashPrefix(_ claimed: String, _ expected: String, _ passes: Bool) {
        #expect(RegionRules.regionClaim(claimed: .geohash(claimed), expected: .geohash(expected)).passed == passes)
    }

    @Test(
        "circle: PASS when geodesic(centres) + r_claimed ≤ r_expected, flipping at the whole metre (GeographicLib)",
        arguments: Array(
            (GeodesicReference.shared?.pairs ?? []).filter { $0.meters > 1 && $0.meters < 990_000 }.prefix(40)))
    func circleInside(_ pair: GeodesicReference.Pair) throws {
        let expectedRadius = UInt32(pair.meters.rounded(.up)) + 500
        let fits = UInt32((Double(expectedRadius) - pair.meters).rounded(.down))
        // Skip a distance within 1 µm of a whole metre: the flip there is below the reference's own precision.
        try #require(Double(expectedRadius) - pair.meters - Double(fits) > 1e-6)
        let expected = RegionE7.circle(center: pair.pointA, radiusMeters: expectedRadius)
        let inside = RegionRules.regionClaim(
            claimed: .circle(center: pair.pointB, radiusMeters: fits), expected: expected)
        let beyond = RegionRules.regionClaim(
            claimed: .circle(center: pair.pointB, radiusMeters: fits + 1), expected: expected)
        #expect(inside.passed)
        #expect(!beyond.passed)
    }

    @Test("circle: an equal circle passes; a larger concentric one fails")
    func circleEqual() {
        let expected = RegionE7.circle(center: Self.zurich, radiusMeters: 500)
        #expect(
            RegionRules.regionClaim(claimed: expected, expected: expected)
                == .pass("claimed circle equals the expected circle"))
        #expect(
            RegionRules.regionClaim(claimed: .circle(center: Self.zurich, radiusMeters: 501), expected: expected).code
                == .regionNotInside)
        #expect(
            RegionRules.regionClaim(claimed: .circle(center: Self.zurich, radiusMeters: 488), expected: expected)
                == .pass("claimed circle lies ≥ 12 m inside the expected circle"))
    }

    @Test("polygon: PASS only for the same vertex sequence, same start and orientation")
    func polygonSequence() {
        let vertices = Self.squareVertices
        let rotated = RegionE7.polygon(Array(vertices.dropFirst()) + [vertices[0]])
        let reversed = RegionE7.polygon(vertices.reversed())
        var moved = vertices
        moved[2].lonE7 += 1
        #expect(RegionRules.regionClaim(claimed: Self.square, expected: Self.square).passed)
        #expect(!RegionRules.regionClaim(claimed: rotated, expected: Self.square).passed)
        #expect(!RegionRules.regionClaim(claimed: reversed, expected: Self.square).passed)
        #expect(!RegionRules.regionClaim(claimed: .polygon(moved), expected: Self.square).passed)
        #expect(
            RegionRules.regionClaim(claimed: .polygon(Array(vertices.prefix(3))), expected: Self.square).code
                == .regionNotInside)
    }
}
