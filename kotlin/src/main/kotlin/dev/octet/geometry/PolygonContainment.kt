package dev.octet.geometry

/** Where a point lies relative to a polygon whose edges are straight in longitude/latitude (RFC 7946), exactly. */
internal object PolygonContainment {
    enum class Location { INSIDE, BOUNDARY, OUTSIDE }

    /**
     * Winding number with exact orientation tests, plus an exact on-edge test.
     *
     * Longitude is not wrapped: valid polygons never cross the antimeridian, so a fix on the other
     * side of it is outside, and +180° and −180° are different places in this plane.
     * Precondition: the point and all vertices are in range (bounds the exact products).
     */
    fun locate(point: PointE7, vertices: List<PointE7>): Location {
        if (vertices.isEmpty()) return Location.OUTSIDE
        val px = point.lonE7.toLong()
        val py = point.latE7.toLong()
        var winding = 0
        var ax = vertices[vertices.size - 1].lonE7.toLong()
        var ay = vertices[vertices.size - 1].latE7.toLong()
        for (vertex in vertices) {
            val bx = vertex.lonE7.toLong()
            val by = vertex.latE7.toLong()
            // Edges entirely above, below or west of the point can neither hold it nor cross its ray.
            if (!((ay > py && by > py) || (ay < py && by < py) || (ax < px && bx < px))) {
                val side = ExactPlane.orientation(ax, ay, bx, by, px, py)
                if (side == 0 && ExactPlane.within(px, py, ax, ay, bx, by)) return Location.BOUNDARY
                if (ay <= py) {
                    if (by > py && side > 0) winding += 1  // upward edge with the point on its left
                } else if (by <= py && side < 0) {
                    winding -= 1  // downward edge with the point on its right
                }
            }
            ax = bx
            ay = by
        }
        return if (winding == 0) Location.OUTSIDE else Location.INSIDE
    }
}

/** The local equirectangular plane at a fix: x = R·cos(φ_fix)·Δλ, y = R·Δφ (radians), R = 6,371,008.8 m. */
internal class LocalPlane(private val fix: PointE7) {
    /** Metres per e7 unit of latitude, and of longitude at the fix. */
    private val yScale = EARTH_RADIUS * RADIANS_PER_E7
    private val xScale = yScale * Math.cos(fix.latE7.toDouble() * RADIANS_PER_E7)

    /** The smallest distance in metres from the fix (the origin) to any edge of the closed ring. */
    fun minimumEdgeDistance(vertices: List<PointE7>): Double {
        if (vertices.isEmpty()) return Double.POSITIVE_INFINITY
        val fixX = fix.lonE7.toLong()
        val fixY = fix.latE7.toLong()
        val last = vertices[vertices.size - 1]
        var ax = xScale * (last.lonE7.toLong() - fixX).toDouble()
        var ay = yScale * (last.latE7.toLong() - fixY).toDouble()
        var best = Double.POSITIVE_INFINITY
        for (vertex in vertices) {
            val bx = xScale * (vertex.lonE7.toLong() - fixX).toDouble()
            val by = yScale * (vertex.latE7.toLong() - fixY).toDouble()
            // The edge's bounding box bounds its distance from below: skip the division when it cannot win.
            val nearX = if ((ax > 0) == (bx > 0)) Math.min(Math.abs(ax), Math.abs(bx)) else 0.0
            val nearY = if ((ay > 0) == (by > 0)) Math.min(Math.abs(ay), Math.abs(by)) else 0.0
            if (nearX * nearX + nearY * nearY < best) {
                best = Math.min(best, squaredDistanceFromOrigin(ax, ay, bx, by))
            }
            ax = bx
            ay = by
        }
        return Math.sqrt(best)
    }

    /**
     * The smallest distance in metres from the fix, inside the cell, to the cell's four edges. For
     * a point inside an axis-aligned rectangle the nearest point of each edge is the foot of the
     * perpendicular, so the segment distance reduces to one coordinate difference per edge.
     */
    fun minimumEdgeDistance(cell: GeohashCell): Double {
        val lat = fix.latE7.toDouble()
        val lon = fix.lonE7.toDouble()
        val south = yScale * (lat - cell.southE7)
        val north = yScale * (cell.northE7 - lat)
        val west = xScale * (lon - cell.westE7)
        val east = xScale * (cell.eastE7 - lon)
        return Math.min(Math.min(south, north), Math.min(west, east))
    }

    companion object {
        /** The mean Earth radius the design fixes for edge distances. */
        const val EARTH_RADIUS = 6_371_008.8
        const val RADIANS_PER_E7 = Math.PI / 1.8e9

        /** Squared distance from the origin to segment a–b. */
        fun squaredDistanceFromOrigin(ax: Double, ay: Double, bx: Double, by: Double): Double {
            val dx = bx - ax
            val dy = by - ay
            val lengthSquared = dx * dx + dy * dy
            // A zero-length edge in the plane (two vertices differing only in longitude, seen from a pole) is a point.
            var t = if (lengthSquared > 0) -(ax * dx + ay * dy) / lengthSquared else 0.0
            t = Math.min(Math.max(t, 0.0), 1.0)
            val x = ax + t * dx
            val y = ay + t * dy
            return x * x + y * y
        }
    }
}
