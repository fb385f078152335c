package dev.octet.geometry

/** Degrees and metres to the wire's integers, with the design's one rounding rule. */
internal object RegionE7Conversion {
    private const val UINT32_MAX = 4294967295.0

    /**
     * The radius rounded half away from zero, as a uint32 value (in a `Long`); null when not finite
     * or outside 0…4,294,967,295. A radius that rounds to 0 converts to 0 (and is then invalid by
     * [RegionValidator]), so −0.4 gives 0 and −0.5 gives null.
     */
    fun radiusMeters(fromMeters: Double): Long? {
        if (!fromMeters.isFinite()) return null
        val rounded = E7.roundHalfAwayFromZero(fromMeters)
        return if (rounded >= 0.0 && rounded <= UINT32_MAX) rounded.toLong() else null
    }

    /**
     * An expected circle in degrees and metres to e7. A value that does not convert (not finite,
     * or beyond `Int`/uint32 after scaling) is reported as the range defect of its field, so the
     * caller fails with "expected region invalid: …" like any other bound; ranges and the other
     * rules are judged afterwards by [RegionValidator].
     */
    fun circle(latitude: Double, longitude: Double, radiusMeters: Double): RegionResult<RegionE7> {
        val lat = E7.fromDegrees(latitude) ?: return RegionResult.Failure(RegionDefect.LATITUDE_OUT_OF_RANGE)
        val lon = E7.fromDegrees(longitude) ?: return RegionResult.Failure(RegionDefect.LONGITUDE_OUT_OF_RANGE)
        val radius = radiusMeters(radiusMeters) ?: return RegionResult.Failure(RegionDefect.RADIUS_OUT_OF_RANGE)
        return RegionResult.Success(RegionE7.Circle(PointE7(lat, lon), radius))
    }

    /**
     * Polygon vertices in degrees to e7 ([count] of them, vertex i at [latitude]`(i)`,
     * [longitude]`(i)`); a value that does not convert is its field's range defect. More than 1000
     * vertices is reported before any conversion.
     */
    fun polygon(count: Int, latitude: (Int) -> Double, longitude: (Int) -> Double): RegionResult<RegionE7> {
        if (count > RegionValidator.POLYGON_MAX_VERTICES) {
            return RegionResult.Failure(RegionDefect.polygonVertexCount(count))
        }
        val points = ArrayList<PointE7>(count)
        for (index in 0 until count) {
            val lat = E7.fromDegrees(latitude(index)) ?: return RegionResult.Failure(RegionDefect.LATITUDE_OUT_OF_RANGE)
            val lon = E7.fromDegrees(longitude(index)) ?: return RegionResult.Failure(RegionDefect.LONGITUDE_OUT_OF_RANGE)
            points.add(PointE7(lat, lon))
        }
        return RegionResult.Success(RegionE7.Polygon(points))
    }
}
