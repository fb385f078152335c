package dev.octet.geometry

/**
 * Distances on the WGS84 ellipsoid: the inverse geodesic problem by Karney's algorithm
 * ([GeodesicInverse]), accurate to nanometres for every pair of points, nearly antipodal ones
 * included, and within 20 nm of GeographicLib's `Geodesic::Inverse`, as the Swift library's.
 */
internal object Geodesic {
    /** The WGS84 geodesic in metres between two e7 points; NaN only for latitudes outside ±90°. */
    fun distanceMeters(a: PointE7, b: PointE7): Double =
        GeodesicInverse.distance(a.latitudeDegrees, a.longitudeDegrees, b.latitudeDegrees, b.longitudeDegrees)

    /**
     * The WGS84 geodesic in metres between two points in degrees (any longitude, wrapped); NaN when
     * a value is not finite or a latitude is outside ±90°.
     */
    fun distanceMeters(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double): Double =
        GeodesicInverse.distance(latitude1, longitude1, latitude2, longitude2)
}
