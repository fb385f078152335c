package dev.octet.geometry

/** A region in e7 integers: the claimed region as decoded, or an expected region after conversion. */
internal sealed class RegionE7 {
    /** A geodesic circle on WGS84; the radius is in whole metres (uint32 on the wire; valid 1…1,000,000). */
    data class Circle(val center: PointE7, val radiusMeters: Long) : RegionE7() {
        override val shape: RegionShape get() = RegionShape.CIRCLE
    }

    /** A geohash cell: 1…12 characters of `0123456789bcdefghjkmnpqrstuvwxyz`. */
    data class Geohash(val hash: String) : RegionE7() {
        override val shape: RegionShape get() = RegionShape.GEOHASH
    }

    /** A polygon with straight edges in longitude/latitude; vertices in wire order, not closed. */
    data class Polygon(val vertices: List<PointE7>) : RegionE7() {
        override val shape: RegionShape get() = RegionShape.POLYGON
    }

    /** The shape's kind, for log-safe details. */
    abstract val shape: RegionShape
}

/** The kind of a region, without its coordinates; [wire] is the name details use. */
internal enum class RegionShape(val wire: String) {
    CIRCLE("circle"),
    GEOHASH("geohash"),
    POLYGON("polygon")
}
