import OctetGeometry
import Testing

@Suite("Degrees and metres to e7, rounding half away from zero on the Double product")
struct ConversionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var degrees: Double
        var e7: Int32?
        var testDescription: String { "\(degrees)° -> \(e7.map(String.init) ?? "nil")" }
    }

    static let cases: [Case] = [
        Case(degrees: 0.00000005, e7: 1),
        Case(degrees: -0.00000005, e7: -1),
        Case(degrees: 0.00000015, e7: 2),
        Case(degrees: 0.00000025, e7: 3),
        Case(degrees: -0.00000025, e7: -3),
        Case(degrees: 0.0000000499, e7: 0),
        Case(degrees: -0.0, e7: 0),
        Case(degrees: 47.3661234, e7: 473_661_234),
        Case(degrees: -122.4194155, e7: -1_224_194_155),
        Case(degrees: 90, e7: 900_000_000),
        Case(degrees: 90.00000005, e7: 900_000_001),
        Case(degrees: -180, e7: -1_800_000_000),
        Case(degrees: 214.7483647, e7: Int32.max),
        Case(degrees: -214.7483648, e7: Int32.min),
        Case(degrees: 214.7483648, e7: nil),
        Case(degrees: -214.74836485, e7: nil),
        Case(degrees: .nan, e7: nil),
        Case(degrees: .infinity, e7: nil),
        Case(degrees: -.infinity, e7: nil),
    ]

    @Test("a latitude converts to e7 by rounding the product half away from zero", arguments: cases)
    func latitude(_ testCase: Case) {
        let point = PointE7(latitudeDegrees: testCase.degrees, longitudeDegrees: 0)
        #expect(point?.latE7 == testCase.e7)
        #expect(point == nil || point?.lonE7 == 0)
    }

    @Test("a longitude converts by the same rule", arguments: cases)
    func longitude(_ testCase: Case) {
        #expect(PointE7(latitudeDegrees: 0, longitudeDegrees: testCase.degrees)?.lonE7 == testCase.e7)
    }

    @Test(
        "a radius rounds to whole metres half away from zero, nil when not finite or outside UInt32",
        arguments: [
            (0.5, UInt32?.some(1)), (0.49, 0), (-0.4, 0), (-0.5, nil), (1.5, 2), (2.5, 3), (1_000_000, 1_000_000),
            (4_294_967_295.4, UInt32.max), (4_294_967_295.5, nil), (Double.nan, nil), (Double.infinity, nil),
        ])
    func radius(_ meters: Double, _ expected: UInt32?) {
        #expect(RegionE7Conversion.radiusMeters(fromMeters: meters) == expected)
    }

    @Test("a converted expected region is judged on its e7 values: 90.00000005° rounds out of range")
    func convertedBounds() throws {
        let inside = try RegionE7Conversion.circle(latitude: 90.00000004, longitude: 0, radiusMeters: 1).get()
        let outside = try RegionE7Conversion.circle(latitude: 90.00000005, longitude: 0, radiusMeters: 1).get()
        #expect(RegionValidator.defect(in: inside) == nil)
        #expect(RegionValidator.defect(in: outside) == .latitudeOutOfRange)
        let zeroRadius = try RegionE7Conversion.circle(latitude: 0, longitude: 0, radiusMeters: 0.4).get()
        #expect(RegionValidator.defect(in: zeroRadius) == .radiusOutOfRange)
        #expect(
            try RegionE7Conversion.polygon([(0.00000005, 0), (1, 1), (0, 1)]).get()
                == Fixtures.polygon([(1, 0), (10_000_000, 10_000_000), (0, 10_000_000)]))
    }

    @Test("a value that does not convert is reported as its field's range defect")
    func unconvertible() {
        #expect(throws: RegionDefect.latitudeOutOfRange) {
            try RegionE7Conversion.circle(latitude: .nan, longitude: 0, radiusMeters: 1).get()
        }
        #expect(throws: RegionDefect.longitudeOutOfRange) {
            try RegionE7Conversion.circle(latitude: 0, longitude: 1e300, radiusMeters: 1).get()
        }
        #expect(throws: RegionDefect.radiusOutOfRange) {
            try RegionE7Conversion.circle(latitude: 0, longitude: 0, radiusMeters: -.infinity).get()
        }
        #expect(throws: RegionDefect.longitudeOutOfRange) {
            try RegionE7Conversion.polygon([(0, 0), (1, .infinity), (0, 1)]).get()
        }
        #expect(throws: RegionDefect.polygonVertexCount(1001)) {
            try RegionE7Conversion.polygon(Array(repeating: (latitude: 0.0, longitude: 0.0), count: 1001)).get()
        }
    }
}
