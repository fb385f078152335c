package dev.octet.geometry

/**
 * Why a region is invalid. Log-safe: a defect names the rule, never a coordinate or a geohash.
 * Counts (vertices, characters, packed values) are not positions and may appear in the description.
 * Equal by kind and count, like Swift's `RegionDefect`; [toString] is the same wording as Swift's.
 */
internal class RegionDefect private constructor(val kind: Kind, private val count: Int) {
    /** The rules, each with a stable label suitable for logs and metrics. */
    enum class Kind(val code: String) {
        /** A circle centre or polygon vertex has latitude outside ±90°. */
        LATITUDE_OUT_OF_RANGE("latitude-out-of-range"),
        /** A circle centre or polygon vertex has longitude outside ±180°. */
        LONGITUDE_OUT_OF_RANGE("longitude-out-of-range"),
        /** The radius is outside 1…1,000,000 m. */
        RADIUS_OUT_OF_RANGE("radius-out-of-range"),
        /** The geohash has fewer than 1 or more than 12 characters (counted in UTF-8 bytes). */
        GEOHASH_LENGTH("geohash-length"),
        /** The geohash has a character outside `0123456789bcdefghjkmnpqrstuvwxyz` (upper case included). */
        GEOHASH_CHARACTER("geohash-character"),
        /** The packed polygon values are odd in number: a latitude without its longitude. */
        POLYGON_ODD_VALUE_COUNT("polygon-odd-value-count"),
        /** The polygon has fewer than 3 or more than 1000 vertices. */
        POLYGON_VERTEX_COUNT("polygon-vertex-count"),
        /** The last vertex repeats the first: polygons are sent open. */
        POLYGON_CLOSED("polygon-closed"),
        /** Two vertices are equal. */
        POLYGON_REPEATED_VERTEX("polygon-repeated-vertex"),
        /** An edge spans more than 180° of longitude (it would be read as crossing the antimeridian). */
        POLYGON_EDGE_OVER_180("polygon-edge-over-180"),
        /** The shoelace area in the longitude/latitude plane is zero (for instance, collinear vertices). */
        POLYGON_ZERO_AREA("polygon-zero-area"),
        /** Two non-adjacent edges touch or cross. */
        POLYGON_NOT_SIMPLE("polygon-not-simple")
    }

    /** The stable label of [kind]. */
    val code: String get() = kind.code

    override fun toString(): String = when (kind) {
        Kind.LATITUDE_OUT_OF_RANGE -> "latitude outside ±90°"
        Kind.LONGITUDE_OUT_OF_RANGE -> "longitude outside ±180°"
        Kind.RADIUS_OUT_OF_RANGE -> "radius outside 1...1000000 m"
        Kind.GEOHASH_LENGTH -> "geohash has $count characters; 1...12 allowed"
        Kind.GEOHASH_CHARACTER -> "geohash has a character outside the lower-case geohash alphabet"
        Kind.POLYGON_ODD_VALUE_COUNT -> "polygon has $count packed values; an even number is required"
        Kind.POLYGON_VERTEX_COUNT -> "polygon has $count vertices; 3...1000 allowed"
        Kind.POLYGON_CLOSED -> "polygon is closed (last vertex repeats the first)"
        Kind.POLYGON_REPEATED_VERTEX -> "polygon repeats a vertex"
        Kind.POLYGON_EDGE_OVER_180 -> "polygon edge spans more than 180° of longitude"
        Kind.POLYGON_ZERO_AREA -> "polygon has zero area"
        Kind.POLYGON_NOT_SIMPLE -> "polygon is not simple (two non-adjacent edges touch)"
    }

    override fun equals(other: Any?): Boolean = other is RegionDefect && other.kind == kind && other.count == count

    override fun hashCode(): Int = kind.hashCode() * 31 + count

    companion object {
        val LATITUDE_OUT_OF_RANGE = RegionDefect(Kind.LATITUDE_OUT_OF_RANGE, 0)
        val LONGITUDE_OUT_OF_RANGE = RegionDefect(Kind.LONGITUDE_OUT_OF_RANGE, 0)
        val RADIUS_OUT_OF_RANGE = RegionDefect(Kind.RADIUS_OUT_OF_RANGE, 0)
        val GEOHASH_CHARACTER = RegionDefect(Kind.GEOHASH_CHARACTER, 0)
        val POLYGON_CLOSED = RegionDefect(Kind.POLYGON_CLOSED, 0)
        val POLYGON_REPEATED_VERTEX = RegionDefect(Kind.POLYGON_REPEATED_VERTEX, 0)
        val POLYGON_EDGE_OVER_180 = RegionDefect(Kind.POLYGON_EDGE_OVER_180, 0)
        val POLYGON_ZERO_AREA = RegionDefect(Kind.POLYGON_ZERO_AREA, 0)
        val POLYGON_NOT_SIMPLE = RegionDefect(Kind.POLYGON_NOT_SIMPLE, 0)

        /** The geohash has [count] UTF-8 bytes, outside 1…12. */
        fun geohashLength(count: Int) = RegionDefect(Kind.GEOHASH_LENGTH, count)

        /** [count] packed polygon values, an odd number. */
        fun polygonOddValueCount(count: Int) = RegionDefect(Kind.POLYGON_ODD_VALUE_COUNT, count)

        /** [count] polygon vertices, outside 3…1000. */
        fun polygonVertexCount(count: Int) = RegionDefect(Kind.POLYGON_VERTEX_COUNT, count)
    }
}

/** A converted region or the defect that stopped the conversion (Kotlin 1.3's `Result` is no return type). */
internal sealed class RegionResult<out T> {
    data class Success<out T>(val value: T) : RegionResult<T>()
    data class Failure(val defect: RegionDefect) : RegionResult<Nothing>()
}
