package dev.octet

/**
 * A region, in degrees: what a proof claims, and what [VerifyOptions.expectedRegion] expects.
 *
 * On the wire coordinates are e7 (degrees × 1e7). An expected region is converted first, each
 * coordinate as (degrees × 1e7) rounded half away from zero on the Double product, and the radius
 * to whole metres the same way; every rule then works on the converted values. A value that is
 * not finite or does not fit is that field's range defect: the region checks FAIL
 * "expected region invalid".
 */
sealed class ProofRegion {
    /** A geodesic circle on WGS84: centre in degrees, radius in metres (valid 1…1,000,000 after rounding). */
    data class Circle(val latitude: Double, val longitude: Double, val radiusMeters: Double) : ProofRegion()

    /** A geohash cell: 1…12 characters of `0123456789bcdefghjkmnpqrstuvwxyz` (lower case). */
    data class Geohash(val geohash: String) : ProofRegion()

    /**
     * A polygon with edges straight in longitude/latitude (RFC 7946): 3…1000 vertices, open (the
     * first vertex is not repeated at the end), simple, not crossing the antimeridian.
     */
    data class Polygon(val vertices: List<Coordinate>) : ProofRegion()

    /** One vertex of a [Polygon], in degrees. */
    data class Coordinate(val latitude: Double, val longitude: Double)
}
