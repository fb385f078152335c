import CProj

/// Distances on the WGS84 ellipsoid: the inverse geodesic problem, solved by PROJ's `geod_inverse` (Karney's
/// algorithm, as in GeographicLib, accurate to nanometres).
public enum Geodesic {
    /// The WGS84 geodesic in metres between two e7 points; NaN only for latitudes outside ±90°.
    public static func distanceMeters(_ a: PointE7, _ b: PointE7) -> Double {
        var meters = Double.nan
        withUnsafePointer(to: WGS84.ellipsoid.value) { ellipsoid in
            geod_inverse(
                ellipsoid, a.latitudeDegrees, a.longitudeDegrees, b.latitudeDegrees, b.longitudeDegrees,
                &meters, nil, nil)
        }
        return meters
    }
}

/// The WGS84 ellipsoid, initialised once. `geod_inverse` only reads it, so sharing it across threads is sound.
enum WGS84 {
    static let semiMajorAxis = 6_378_137.0
    static let flattening = 1 / 298.257223563
    static let ellipsoid = Ellipsoid()

    struct Ellipsoid: @unchecked Sendable {
        let value: geod_geodesic

        init() {
            var geodesic = geod_geodesic()
            geod_init(&geodesic, WGS84.semiMajorAxis, WGS84.flattening)
            value = geodesic
        }
    }
}
