package dev.octet.geometry

/** Turns the wire's packed `vertices_e7` (lat0, lon0, lat1, lon1, …) into points. */
internal object PolygonVertices {
    /**
     * Pairs packed values into points in wire order; an odd count is
     * [RegionDefect.polygonOddValueCount]. A vertex count outside 3…1000 is reported here too (the
     * same defect [RegionValidator] would name), so an oversized list is never copied; every other
     * polygon rule is the validator's.
     */
    fun points(fromPacked: IntArray): RegionResult<List<PointE7>> {
        if (fromPacked.size % 2 != 0) return RegionResult.Failure(RegionDefect.polygonOddValueCount(fromPacked.size))
        val count = fromPacked.size / 2
        if (count < RegionValidator.POLYGON_MIN_VERTICES || count > RegionValidator.POLYGON_MAX_VERTICES) {
            return RegionResult.Failure(RegionDefect.polygonVertexCount(count))
        }
        val points = ArrayList<PointE7>(count)
        var index = 0
        while (index < fromPacked.size) {
            points.add(PointE7(fromPacked[index], fromPacked[index + 1]))
            index += 2
        }
        return RegionResult.Success(points)
    }
}
