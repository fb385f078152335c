import OctetGeometry
import Testing

@Suite("Region bounds, as the strict decoder and expectedRegion apply them")
struct RegionValidatorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var id: String
        var region: RegionE7
        var defect: RegionDefect?
        var testDescription: String { id }
    }

    static let zurich = PointE7(latE7: 473_661_234, lonE7: 85_412_345)
    static let million: Int32 = 1_000_000

    static let circles: [Case] = [
        Case(id: "a circle within bounds is valid", region: .circle(center: zurich, radiusMeters: 100), defect: nil),
        Case(id: "latitude +90° exactly is valid", region: circle(900_000_000, 0, 1), defect: nil),
        Case(id: "latitude −90° exactly is valid", region: circle(-900_000_000, 0, 1), defect: nil),
        Case(
            id: "latitude one e7 above +90° is invalid", region: circle(900_000_001, 0, 1), defect: .latitudeOutOfRange),
        Case(
            id: "latitude one e7 below −90° is invalid", region: circle(-900_000_001, 0, 1), defect: .latitudeOutOfRange
        ),
        Case(id: "longitude ±180° exactly is valid", region: circle(0, -1_800_000_000, 1), defect: nil),
        Case(
            id: "longitude +180° + 1 e7 is invalid", region: circle(0, 1_800_000_001, 1), defect: .longitudeOutOfRange),
        Case(id: "longitude Int32.min is invalid", region: circle(0, Int32.min, 1), defect: .longitudeOutOfRange),
        Case(id: "radius 0 is invalid", region: circle(0, 0, 0), defect: .radiusOutOfRange),
        Case(id: "radius 1 m is valid", region: circle(0, 0, 1), defect: nil),
        Case(id: "radius 1000 km is valid", region: circle(0, 0, 1_000_000), defect: nil),
        Case(id: "radius 1000 km + 1 m is invalid", region: circle(0, 0, 1_000_001), defect: .radiusOutOfRange),
        Case(id: "latitude is named before radius", region: circle(Int32.max, 0, 0), defect: .latitudeOutOfRange),
    ]

    static let geohashes: [Case] = [
        Case(id: "an empty geohash is invalid", region: .geohash(""), defect: .geohashLength(0)),
        Case(id: "one character is valid", region: .geohash("u"), defect: nil),
        Case(id: "twelve characters are valid", region: .geohash("u0m3zzzzzzzz"), defect: nil),
        Case(id: "thirteen characters are invalid", region: .geohash("u0m3zzzzzzzzz"), defect: .geohashLength(13)),
        Case(id: "every alphabet character is valid", region: .geohash("0123456789bc"), defect: nil),
        Case(id: "defghjkmnpqr are valid", region: .geohash("defghjkmnpqr"), defect: nil),
        Case(id: "stuvwxyz are valid", region: .geohash("stuvwxyz"), defect: nil),
        Case(id: "'a' is not in the alphabet", region: .geohash("u0ma"), defect: .geohashCharacter),
        Case(id: "'i' is not in the alphabet", region: .geohash("i"), defect: .geohashCharacter),
        Case(id: "'l' is not in the alphabet", region: .geohash("l"), defect: .geohashCharacter),
        Case(id: "'o' is not in the alphabet", region: .geohash("o"), defect: .geohashCharacter),
        Case(id: "upper case is not in the alphabet", region: .geohash("U0M"), defect: .geohashCharacter),
        Case(id: "a space is not in the alphabet", region: .geohash("u0m "), defect: .geohashCharacter),
        Case(id: "a NUL is not in the alphabet", region: .geohash("u0\u{0}"), defect: .geohashCharacter),
        Case(id: "non-ASCII is not in the alphabet", region: .geohash("u0é"), defect: .geohashCharacter),
        Case(id: "length is counted in UTF-8 bytes", region: .geohash("éééééé" + "é"), defect: .geohashLength(14)),
    ]

    static let polygons: [Case] = [
        Case(id: "a square is valid", region: square, defect: nil),
        Case(
            id: "a concave L is valid",
            region: Fixtures.polygon([
                (0, 0), (0, 2 * million), (million, 2 * million), (million, million),
                (2 * million, million), (2 * million, 0),
            ]),
            defect: nil),
        Case(
            id: "two vertices are too few", region: Fixtures.polygon([(0, 0), (million, million)]),
            defect: .polygonVertexCount(2)),
        Case(id: "no vertices are too few", region: .polygon([]), defect: .polygonVertexCount(0)),
        Case(
            id: "1001 vertices are too many",
            region: .polygon(Fixtures.regularPolygon(count: 1001, centerLat: 0, centerLon: 0, radiusE7: 1e8)),
            defect: .polygonVertexCount(1001)),
        Case(
            id: "a vertex latitude beyond 90° is invalid",
            region: Fixtures.polygon([(0, 0), (900_000_001, 0), (0, million)]), defect: .latitudeOutOfRange),
        Case(
            id: "a vertex longitude beyond 180° is invalid",
            region: Fixtures.polygon([(0, 0), (million, -1_800_000_001), (0, million)]), defect: .longitudeOutOfRange),
        Case(
            id: "a closed ring (last = first) is invalid",
            region: Fixtures.polygon([(0, 0), (0, million), (million, million), (million, 0), (0, 0)]),
            defect: .polygonClosed),
        Case(
            id: "a repeated non-adjacent vertex is invalid",
            region: Fixtures.polygon([
                (0, 0), (0, 2 * million), (million, million), (2 * million, 2 * million),
                (2 * million, 0), (million, million),
            ]),
            defect: .polygonRepeatedVertex),
        Case(
            id: "consecutive equal vertices are invalid",
            region: Fixtures.polygon([(0, 0), (0, million), (0, million), (million, 0)]),
            defect: .polygonRepeatedVertex),
        Case(
            id: "an edge spanning 180° + 1 e7 of longitude is invalid",
            region: Fixtures.polygon([(0, -900_000_000), (million, 900_000_001), (-million, 0)]),
            defect: .polygonEdgeSpansOver180Degrees),
        Case(
            id: "the closing edge is judged too",
            region: Fixtures.polygon([(0, 1_000_000_000), (million, 0), (-million, -800_000_001)]),
            defect: .polygonEdgeSpansOver180Degrees),
        Case(
            id: "an edge spanning exactly 180° is valid",
            region: Fixtures.polygon([(0, -900_000_000), (0, 900_000_000), (million, 0)]), defect: nil),
        Case(
            id: "an edge from −180° to +180° is invalid",
            region: Fixtures.polygon([(0, -1_800_000_000), (0, 1_800_000_000), (million, 0)]),
            defect: .polygonEdgeSpansOver180Degrees),
        Case(
            id: "three collinear vertices have zero area",
            region: Fixtures.polygon([(0, 0), (million, million), (2 * million, 2 * million)]),
            defect: .polygonZeroArea),
        Case(
            id: "collinear vertices one e7 off the line are valid",
            region: Fixtures.polygon([(0, 0), (million, million + 1), (2 * million, 2 * million)]), defect: nil),
        Case(
            id: "a symmetric bow tie has zero area",
            region: Fixtures.polygon([(0, 0), (million, million), (0, million), (million, 0)]),
            defect: .polygonZeroArea),
        Case(
            id: "an asymmetric bow tie is not simple",
            region: Fixtures.polygon([(0, 0), (2 * million, million), (0, million), (million, 0)]),
            defect: .polygonNotSimple),
        Case(
            id: "a vertex touching a non-adjacent edge is not simple",
            region: Fixtures.polygon([
                (0, 0), (0, 10 * million), (10 * million, 10 * million),
                (10 * million, 5 * million), (0, 5 * million + 1), (5 * million, 0),
            ]).swapped,
            defect: .polygonNotSimple),
        Case(
            id: "a notch stopping one e7 short of an edge is valid",
            region: Fixtures.polygon([
                (0, 0), (0, 10 * million), (10 * million, 10 * million),
                (10 * million, 5 * million), (1, 5 * million),
            ]),
            defect: nil),
        Case(
            id: "a notch reaching an edge is not simple",
            region: Fixtures.polygon(
                [
                    (0, 0), (0, 10 * million), (10 * million, 10 * million),
                    (10 * million, 5 * million), (0, 5 * million),
                ].reversed()),
            defect: .polygonNotSimple),
        Case(
            id: "a spike doubling back along its neighbour is not simple",
            region: Fixtures.polygon([
                (0, 0), (0, 10 * million), (10 * million, 10 * million), (5 * million, 10 * million),
            ]),
            defect: .polygonNotSimple),
        Case(
            id: "collinear overlapping non-adjacent edges are not simple",
            region: Fixtures.polygon([
                (0, 0), (0, 4 * million), (million, 4 * million), (million, 3 * million),
                (0, 2 * million), (0, 3 * million), (-million, 3 * million), (-million, 0),
            ]),
            defect: .polygonNotSimple),
        Case(
            id: "a whole-world polygon at the range limits is valid (no overflow)",
            region: Fixtures.polygon([
                (-900_000_000, -1_800_000_000), (-900_000_000, 0), (-900_000_000, 1_800_000_000),
                (900_000_000, 1_800_000_000), (900_000_000, 0), (900_000_000, -1_800_000_000),
            ]),
            defect: nil),
        Case(
            id: "a self-crossing polygon at the range limits is not simple (no overflow)",
            region: Fixtures.polygon([
                (-900_000_000, -1_800_000_000), (800_000_000, 0), (-900_000_000, 1_800_000_000),
                (900_000_000, 1_800_000_000), (-900_000_000, 0), (900_000_000, -1_800_000_000),
            ]),
            defect: .polygonNotSimple),
        Case(
            id: "a polygon touching the poles is valid",
            region: Fixtures.polygon([
                (890_000_000, 0), (900_000_000, 0), (900_000_000, 100_000_000), (890_000_000, 100_000_000),
            ]),
            defect: nil),
    ]

    static var square: RegionE7 { Fixtures.polygon([(0, 0), (0, million), (million, million), (million, 0)]) }

    static func circle(_ lat: Int32, _ lon: Int32, _ radius: UInt32) -> RegionE7 {
        .circle(center: PointE7(latE7: lat, lonE7: lon), radiusMeters: radius)
    }

    @Test("a circle is judged by centre range and radius 1...1000000", arguments: circles)
    func circle(_ testCase: Case) {
        #expect(RegionValidator.defect(in: testCase.region) == testCase.defect)
    }

    @Test("a geohash is 1...12 characters of the lower-case geohash alphabet", arguments: geohashes)
    func geohash(_ testCase: Case) {
        #expect(RegionValidator.defect(in: testCase.region) == testCase.defect)
    }

    @Test(
        "a polygon is 3...1000 open, distinct, in-range vertices with non-zero area and no touching edges",
        arguments: polygons)
    func polygon(_ testCase: Case) {
        #expect(RegionValidator.defect(in: testCase.region) == testCase.defect)
    }

    @Test("validity does not depend on where the ring starts or which way it runs", arguments: polygons)
    func rotationAndReversal(_ testCase: Case) {
        guard case .polygon(let vertices) = testCase.region, vertices.count >= 3 else { return }
        let valid = RegionValidator.defect(in: testCase.region) == nil
        for shift in 1..<vertices.count {
            let rotated = Array(vertices[shift...] + vertices[..<shift])
            #expect((RegionValidator.defect(in: .polygon(rotated)) == nil) == valid, "shift \(shift)")
        }
        #expect((RegionValidator.defect(in: .polygon(vertices.reversed())) == nil) == valid)
    }

    @Test("packed values pair into points in wire order; an odd count or a vertex count outside 3...1000 is a defect")
    func packed() throws {
        let points = try PolygonVertices.points(fromPacked: [1, 2, 3, 4, 5, 6]).get()
        #expect(points == [PointE7(latE7: 1, lonE7: 2), PointE7(latE7: 3, lonE7: 4), PointE7(latE7: 5, lonE7: 6)])
        #expect(throws: RegionDefect.polygonOddValueCount(5)) {
            try PolygonVertices.points(fromPacked: [1, 2, 3, 4, 5]).get()
        }
        #expect(throws: RegionDefect.polygonVertexCount(0)) { try PolygonVertices.points(fromPacked: []).get() }
        #expect(throws: RegionDefect.polygonVertexCount(1001)) {
            try PolygonVertices.points(fromPacked: [Int32](repeating: 0, count: 2002)).get()
        }
        #expect(try PolygonVertices.points(fromPacked: [Int32](repeating: 0, count: 2000)).get().count == 1000)
    }

    @Test("every defect has a distinct stable code and a distinct description")
    func descriptions() {
        let defects: [RegionDefect] = [
            .latitudeOutOfRange, .longitudeOutOfRange, .radiusOutOfRange, .geohashLength(13), .geohashCharacter,
            .polygonOddValueCount(7), .polygonVertexCount(2), .polygonClosed, .polygonRepeatedVertex,
            .polygonEdgeSpansOver180Degrees, .polygonZeroArea, .polygonNotSimple,
        ]
        #expect(Set(defects.map(\.code)).count == defects.count)
        #expect(Set(defects.map(\.description)).count == defects.count)
    }
}

extension RegionE7 {
    /// The same ring started from its second vertex: the defect must not depend on the start.
    fileprivate var swapped: RegionE7 {
        guard case .polygon(let vertices) = self, let first = vertices.first else { return self }
        return .polygon(Array(vertices.dropFirst()) + [first])
    }
}
