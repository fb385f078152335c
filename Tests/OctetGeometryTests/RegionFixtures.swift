import Foundation
import OctetGeometry
import Testing

/// Builders for regions in tests: e7 integers written as (lat, lon) pairs, like the wire.
enum Fixtures {
    static func polygon(_ pairs: [(Int32, Int32)]) -> RegionE7 {
        .polygon(pairs.map { PointE7(latE7: $0.0, lonE7: $0.1) })
    }

    static func point(_ lat: Double, _ lon: Double) -> PointE7 {
        PointE7(latE7: Int32((lat * 1e7).rounded()), lonE7: Int32((lon * 1e7).rounded()))
    }

    /// A regular n-gon around a centre, radius in e7 units, counter-clockwise.
    static func regularPolygon(count: Int, centerLat: Double, centerLon: Double, radiusE7: Double) -> [PointE7] {
        (0..<count).map { index in
            let angle = 2 * Double.pi * Double(index) / Double(count)
            return PointE7(
                latE7: Int32((centerLat * 1e7 + radiusE7 * sin(angle)).rounded()),
                lonE7: Int32((centerLon * 1e7 + radiusE7 * cos(angle)).rounded()))
        }
    }

    /// A valid, strongly concave 1000-vertex comb: a zigzag bottom under a flat top.
    static func comb() -> [PointE7] {
        var points: [PointE7] = []
        for index in 0..<998 {
            points.append(PointE7(latE7: index % 2 == 0 ? 0 : 1_000_000, lonE7: Int32(index) * 100_000))
        }
        points.append(PointE7(latE7: 2_000_000, lonE7: 997 * 100_000))
        points.append(PointE7(latE7: 2_000_000, lonE7: 0))
        return points
    }

    /// Metres per e7 unit of latitude in the design's local plane (R = 6,371,008.8 m).
    static let metersPerE7Latitude = 6_371_008.8 * Double.pi / 1.8e9
}

/// The GeographicLib reference written by Data/make_geodesic_reference.py.
struct GeodesicReference: Decodable {
    struct Pair: Decodable, CustomTestStringConvertible {
        var testDescription: String { label }
        var label: String
        var a: [Int32]
        var b: [Int32]
        var meters: Double
        var pointA: PointE7 { PointE7(latE7: a[0], lonE7: a[1]) }
        var pointB: PointE7 { PointE7(latE7: b[0], lonE7: b[1]) }
    }

    struct Flip: Decodable {
        var center: [Int32]
        var fix: [Int32]
        var radiusMeters: UInt32
        var accuracyMillimeters: UInt32
        var expected: String
        var wgs84Meters: Double
        var haversineMeters: Double
    }

    var generator: String
    var pairs: [Pair]
    var haversineFlips: [Flip]

    static let shared: GeodesicReference? = {
        guard
            let url = Bundle.module.url(forResource: "geodesic-reference", withExtension: "json", subdirectory: "Data"),
            let data = try? Data(contentsOf: url)
        else { return nil }
        return try? JSONDecoder().decode(GeodesicReference.self, from: data)
    }()
}

/// Spherical distance with the design's mean radius: what a careless implementation would use.
func haversineMeters(_ a: PointE7, _ b: PointE7) -> Double {
    let phi1 = Double(a.latE7) / 1e7 * .pi / 180
    let phi2 = Double(b.latE7) / 1e7 * .pi / 180
    let dPhi = phi2 - phi1
    let dLambda = Double(Int64(b.lonE7) - Int64(a.lonE7)) / 1e7 * .pi / 180
    let h = pow(sin(dPhi / 2), 2) + cos(phi1) * cos(phi2) * pow(sin(dLambda / 2), 2)
    return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
}
