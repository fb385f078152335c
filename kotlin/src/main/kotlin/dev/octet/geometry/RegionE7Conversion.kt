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

    /** A polygon's vertices in degrees, read by index without boxing a `Double`. */
    interface VerticesInDegrees {
        val count: Int
        fun latitude(index: Int): Double
        fun longitude(index: Int): Double
    }

    /**
     * Polygon vertices in degrees to e7; a value that does not convert is its field's range
     * defect. More than 1000 vertices is reported before any conversion.
     */
    fun polygon(vertices: VerticesInDegrees): RegionResult<RegionE7> {
        val count = vertices.count
        if (count > RegionValidator.POLYGON_MAX_VERTICES) {
            return RegionResult.Failure(RegionDefect.polygonVertexCount(count))
        }
        val points = ArrayList<PointE7>(count)
        for (index in 0 until count) {
            val lat = E7.fromDegrees(vertices.latitude(index)) ?: return RegionResult.Failure(RegionDefect.LATITUDE_OUT_OF_RANGE)
            val lon = E7.fromDegrees(vertices.longitude(index)) ?: return RegionResult.Failure(RegionDefect.LONGITUDE_OUT_OF_RANGE)
            points.add(PointE7(lat, lon))
        }
        return RegionResult.Success(RegionE7.Polygon(points))
    }
}
