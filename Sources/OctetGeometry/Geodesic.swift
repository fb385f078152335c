import OctetGeodesicShim

/// Distances on the WGS84 ellipsoid: the inverse geodesic problem, solved by GeographicLib's
/// `Geodesic::WGS84().Inverse` (Karney's algorithm, accurate to nanometres, nearly antipodal
/// points included), through the C shim `octet_geodesic.h`.
public enum Geodesic {
    /// The WGS84 geodesic in metres between two e7 points; NaN only for latitudes outside ±90°.
    public static func distanceMeters(_ a: PointE7, _ b: PointE7) -> Double {
        octet_geodesic_wgs84_distance(a.latitudeDegrees, a.longitudeDegrees, b.latitudeDegrees, b.longitudeDegrees)
    }
}
