package dev.octet

import dev.octet.geometry.PointE7
import dev.octet.geometry.RegionE7
import dev.octet.geometry.RegionValidator
import dev.octet.wire.WireCode
import dev.octet.wire.WireException
import dev.octet.wire.WireReader
import dev.octet.wire.WireSlot
import dev.octet.wire.WireView
import dev.octet.wire.ZigZag

/**
 * The claimed region and the fix's coordinates, decoded and checked with the same validity
 * checker that judges `expectedRegion` ([RegionValidator]): an invalid claimed region is a
 * malformed proof (`WIRE_BOUND_VIOLATED`), whatever the options.
 */
internal object RegionDecoding {
    /** Latitudes and longitudes in e7 (design, "Bounds"). */
    private const val MAX_LAT_E7 = 900_000_000
    private const val MAX_LON_E7 = 1_800_000_000

    /** 3..1000 vertices; 1000 vertices are 2000 values, and one more already makes the polygon invalid. */
    private val vertexRange = 3..1000
    private const val PACKED_LIMIT = 2001

    fun decode(region: WireView): RegionE7 {
        val r = ProofSchema.Region
        var circle: WireSlot? = null
        var geohash: WireSlot? = null
        var polygon: WireSlot? = null
        region.read { slot ->
            when (slot.fieldNumber) {
                r.circle.number -> circle = slot
                r.geohash.number -> geohash = slot
                r.polygon.number -> polygon = slot
            }
        }
        val c = circle
        val g = geohash
        val p = polygon
        val decoded = when {
            c != null -> decodeCircle(region.message(c, ProofSchema.Circle.schema))
            g != null -> RegionE7.Geohash(region.string(g, "geohash"))
            p != null -> decodePolygon(region.message(p, ProofSchema.Polygon.schema))
            else -> throw WireException(WireCode.MISSING_FIELD, region.offset, "Region.shape has no member")
        }
        // The validator is the geometry package's; a fault in it is a region that cannot be
        // validated, never an escape from the decoder.
        val defect = try {
            RegionValidator.defect(decoded)
        } catch (error: Throwable) {
            throw WireException(WireCode.BOUND_VIOLATED, region.offset, "Region: could not be validated")
        }
        if (defect != null) throw WireException(WireCode.BOUND_VIOLATED, region.offset, "Region: $defect")
        return decoded
    }

    private fun decodeCircle(circle: WireView): RegionE7 {
        val c = ProofSchema.Circle
        var latE7: WireSlot? = null
        var lonE7: WireSlot? = null
        var radius: WireSlot? = null
        circle.read { slot ->
            when (slot.fieldNumber) {
                c.latE7.number -> latE7 = slot
                c.lonE7.number -> lonE7 = slot
                c.radiusM.number -> radius = slot
            }
        }
        val lat = circle.sint32(circle.required(latE7, c.latE7), "lat_e7")
        val lon = circle.sint32(circle.required(lonE7, c.lonE7), "lon_e7")
        val radiusM = circle.uint32(circle.required(radius, c.radiusM), "radius_m")
        return RegionE7.Circle(PointE7(lat, lon), radiusM)
    }

    private fun decodePolygon(polygon: WireView): RegionE7 {
        var vertices: WireSlot? = null
        polygon.read { slot -> vertices = slot }
        val packed = polygon.required(vertices, ProofSchema.Polygon.verticesE7)
        val raw = WireReader.packedVarints(polygon.bytes, packed.start, packed.end, PACKED_LIMIT)
        val values = IntArray(raw.size)
        for (i in raw.indices) {
            values[i] = ZigZag.decode32(raw[i])
                ?: throw WireException(WireCode.VALUE_OUT_OF_RANGE, packed.offset, "Polygon.vertices_e7 exceeds sint32")
        }
        if (values.size % 2 != 0) {
            throw WireException(WireCode.BOUND_VIOLATED, packed.offset, "Region: polygon has an odd number of values (${values.size})")
        }
        val count = values.size / 2
        if (count !in vertexRange) {
            throw WireException(WireCode.BOUND_VIOLATED, packed.offset, "Region: polygon has $count vertices, expected 3..1000")
        }
        return RegionE7.Polygon(List(count) { PointE7(values[2 * it], values[2 * it + 1]) })
    }

    /** The fix's coordinates: latitude within ±90°, longitude within ±180° (in e7). */
    fun checkCoordinate(lat: Int, lon: Int, message: WireView) {
        if (lat < -MAX_LAT_E7 || lat > MAX_LAT_E7 || lon < -MAX_LON_E7 || lon > MAX_LON_E7) {
            throw WireException(WireCode.BOUND_VIOLATED, message.offset, "${message.name} coordinate out of range")
        }
    }
}
