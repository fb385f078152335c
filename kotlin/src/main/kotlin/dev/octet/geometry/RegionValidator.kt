package dev.octet.geometry

/**
 * The one validity checker for regions: the wire decoder runs it on the claimed region, the region
 * checks on the converted `expectedRegion` (proof-format.md, "Strict decoding", Bounds).
 *
 * When a region breaks several rules, the first in this order is reported: circle — latitude,
 * longitude, radius; geohash — length, alphabet; polygon — vertex count, coordinate ranges (vertex
 * by vertex, latitude first), closed, repeated vertex, edge span, zero area, simplicity. The order
 * only picks which defect is named; validity is the same whatever the order. The same rules and
 * order as Swift's `RegionValidator`, in exact integer arithmetic, so both accept the same regions.
 */
internal object RegionValidator {
    /** The geohash base32 alphabet, lower case only. */
    internal const val GEOHASH_ALPHABET = "0123456789bcdefghjkmnpqrstuvwxyz"
    internal const val RADIUS_MIN = 1L
    internal const val RADIUS_MAX = 1_000_000L
    internal const val GEOHASH_MIN_LENGTH = 1
    internal const val GEOHASH_MAX_LENGTH = 12
    internal const val POLYGON_MIN_VERTICES = 3
    internal const val POLYGON_MAX_VERTICES = 1000

    /**
     * The first rule [region] breaks, or null when it is valid. Cost: O(n²) worst case for an
     * n-vertex polygon (the simplicity sweep), about 500k edge pairs for 1000 vertices.
     */
    fun defect(region: RegionE7): RegionDefect? = when (region) {
        is RegionE7.Circle ->
            rangeDefect(region.center)
                ?: if (region.radiusMeters in RADIUS_MIN..RADIUS_MAX) null else RegionDefect.RADIUS_OUT_OF_RANGE
        is RegionE7.Geohash -> geohashDefect(region.hash)
        is RegionE7.Polygon -> polygonDefect(region.vertices)
    }

    internal fun rangeDefect(point: PointE7): RegionDefect? {
        if (point.latE7 < -E7.LATITUDE_LIMIT || point.latE7 > E7.LATITUDE_LIMIT) return RegionDefect.LATITUDE_OUT_OF_RANGE
        if (point.lonE7 < -E7.LONGITUDE_LIMIT || point.lonE7 > E7.LONGITUDE_LIMIT) return RegionDefect.LONGITUDE_OUT_OF_RANGE
        return null
    }

    internal fun geohashDefect(hash: String): RegionDefect? {
        val length = utf8Length(hash)
        if (length < GEOHASH_MIN_LENGTH || length > GEOHASH_MAX_LENGTH) return RegionDefect.geohashLength(length)
        for (character in hash) {
            if (Geohash.digitValue(character) < 0) return RegionDefect.GEOHASH_CHARACTER
        }
        return null
    }

    internal fun polygonDefect(vertices: List<PointE7>): RegionDefect? {
        if (vertices.size < POLYGON_MIN_VERTICES || vertices.size > POLYGON_MAX_VERTICES) {
            return RegionDefect.polygonVertexCount(vertices.size)
        }
        for (vertex in vertices) {
            val defect = rangeDefect(vertex)
            if (defect != null) return defect
        }
        if (vertices[0] == vertices[vertices.size - 1]) return RegionDefect.POLYGON_CLOSED
        if (hasRepeatedVertex(vertices)) return RegionDefect.POLYGON_REPEATED_VERTEX
        if (hasEdgeOver180(vertices)) return RegionDefect.POLYGON_EDGE_OVER_180
        if (!ExactPlane.hasNonZeroArea(vertices)) return RegionDefect.POLYGON_ZERO_AREA
        if (!PolygonSimplicity.isSimple(vertices)) return RegionDefect.POLYGON_NOT_SIMPLE
        return null
    }

    /** Sorting packed keys is O(n log n) and finds any equal pair, adjacent or not. */
    internal fun hasRepeatedVertex(vertices: List<PointE7>): Boolean {
        val keys = LongArray(vertices.size) { (vertices[it].latE7.toLong() shl 32) or (vertices[it].lonE7.toLong() and 0xFFFF_FFFFL) }
        keys.sort()
        for (index in 1 until keys.size) {
            if (keys[index] == keys[index - 1]) return true
        }
        return false
    }

    internal fun hasEdgeOver180(vertices: List<PointE7>): Boolean {
        val count = vertices.size
        for (index in 0 until count) {
            val a = vertices[index].lonE7.toLong()
            val b = vertices[if (index + 1 == count) 0 else index + 1].lonE7.toLong()
            if (Math.abs(b - a) > E7.HALF_TURN) return true
        }
        return false
    }

    /**
     * The string's length in UTF-8 bytes, as Swift counts `utf8.count` (a lone surrogate, which a
     * Swift string cannot hold, counts as the 3 bytes of its code unit).
     */
    internal fun utf8Length(text: String): Int {
        var bytes = 0
        var index = 0
        while (index < text.length) {
            val unit = text[index] - '\u0000'
            if (unit < 0x80) {
                bytes += 1
            } else if (unit < 0x800) {
                bytes += 2
            } else if (Character.isHighSurrogate(text[index]) && index + 1 < text.length &&
                Character.isLowSurrogate(text[index + 1])
            ) {
                bytes += 4
                index += 1
            } else {
                bytes += 3
            }
            index += 1
        }
        return bytes
    }
}
