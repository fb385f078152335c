package dev.octet.geometry

/**
 * A position on WGS84 in integer ten-millionths of a degree (e7), as it stands on the wire.
 *
 * Every region rule works on these integers, so two implementations read one proof the same way.
 * Latitude valid range −900,000,000…900,000,000; longitude −1,800,000,000…1,800,000,000.
 */
internal data class PointE7(val latE7: Int, val lonE7: Int) {
    /** Latitude in degrees (the e7 value divided by 1e7, correctly rounded). */
    val latitudeDegrees: Double get() = latE7 / 1e7

    /** Longitude in degrees (the e7 value divided by 1e7, correctly rounded). */
    val longitudeDegrees: Double get() = lonE7 / 1e7

    /** True when latitude is within ±90° and longitude within ±180°. */
    val isInRange: Boolean
        get() = latE7 >= -E7.LATITUDE_LIMIT && latE7 <= E7.LATITUDE_LIMIT &&
            lonE7 >= -E7.LONGITUDE_LIMIT && lonE7 <= E7.LONGITUDE_LIMIT

    companion object {
        /**
         * Converts degrees as the design prescribes: (degrees × 1e7) rounded half away from zero on
         * the Double product. Null when either value is not finite or its e7 value falls outside
         * `Int`. The ±90°/±180° range is not judged here: that is [RegionValidator]'s job, so an
         * out-of-range expected region is reported as invalid rather than silently dropped.
         */
        fun fromDegrees(latitudeDegrees: Double, longitudeDegrees: Double): PointE7? {
            val lat = E7.fromDegrees(latitudeDegrees) ?: return null
            val lon = E7.fromDegrees(longitudeDegrees) ?: return null
            return PointE7(lat, lon)
        }
    }
}

/** The e7 constants and the one rounding rule. */
internal object E7 {
    const val LATITUDE_LIMIT = 900_000_000
    const val LONGITUDE_LIMIT = 1_800_000_000
    /** 180° in e7: the widest longitude span an edge may have. */
    const val HALF_TURN = 1_800_000_000L

    /** (degrees × 1e7) rounded half away from zero, as an Int; null when not finite or beyond Int. */
    fun fromDegrees(degrees: Double): Int? {
        if (!degrees.isFinite()) return null
        // The product is rounded once by IEEE multiplication; the design fixes that product as the input.
        val rounded = roundHalfAwayFromZero(degrees * 1e7)
        return if (rounded >= Int.MIN_VALUE.toDouble() && rounded <= Int.MAX_VALUE.toDouble()) rounded.toInt() else null
    }

    /** Swift's `.toNearestOrAwayFromZero` (C's `round`): ties go away from zero; −0.0 stays −0.0. */
    fun roundHalfAwayFromZero(x: Double): Double {
        val magnitude = Math.abs(x)
        // From 2^52 every Double is whole (and infinities and NaN pass through).
        if (!(magnitude < 4503599627370496.0)) return x
        var whole = Math.floor(magnitude)
        if (magnitude - whole >= 0.5) whole += 1.0  // the subtraction is exact below 2^52
        return Math.copySign(whole, x)
    }
}
