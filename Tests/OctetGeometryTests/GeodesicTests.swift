import OctetGeometry
import Testing

@Suite("WGS84 geodesic distance agrees with GeographicLib")
struct GeodesicTests {
    static let reference = GeodesicReference.shared

    @Test("the GeographicLib reference is bundled and complete")
    func referencePresent() throws {
        let reference = try #require(Self.reference)
        #expect(reference.pairs.count >= 300)
        #expect(reference.haversineFlips.count >= 20)
        #expect(reference.generator.contains("geographiclib"))
    }

    @Test(
        "the reference holds the hard cases: nearly antipodal points, paths over the poles, the antimeridian",
        arguments: ["near-antipodal", "polar", "antimeridian"])
    func hardCasesPresent(kind: String) throws {
        let reference = try #require(Self.reference)
        #expect(reference.pairs.count == 360)
        #expect(reference.pairs.filter { $0.label.hasPrefix(kind + ",") }.count >= 4)
    }

    @Test(
        "GeographicLib (C++) on e7 points agrees with the Python GeographicLib's Geodesic.WGS84.Inverse to 1 mm",
        arguments: reference?.pairs ?? [])
    func agreesWithGeographicLib(_ pair: GeodesicReference.Pair) {
        let meters = Geodesic.distanceMeters(pair.pointA, pair.pointB)
        #expect(abs(meters - pair.meters) <= 0.001, "\(pair.label): \(meters) vs \(pair.meters)")
        // Symmetric, as a distance must be.
        #expect(abs(Geodesic.distanceMeters(pair.pointB, pair.pointA) - pair.meters) <= 0.001)
    }

    @Test("the distance from a point to itself is zero, and +180° equals −180°")
    func identities() {
        let point = PointE7(latE7: 473_661_234, lonE7: 85_412_345)
        #expect(Geodesic.distanceMeters(point, point) == 0)
        let east = PointE7(latE7: 123_456_789, lonE7: 1_800_000_000)
        let west = PointE7(latE7: 123_456_789, lonE7: -1_800_000_000)
        #expect(Geodesic.distanceMeters(east, west) < 1e-6)
    }

    @Test("a latitude out of range gives NaN, not a trap")
    func outOfRange() {
        let bad = PointE7(latE7: Int32.max, lonE7: 0)
        #expect(Geodesic.distanceMeters(bad, PointE7(latE7: 0, lonE7: 0)).isNaN)
    }
}
