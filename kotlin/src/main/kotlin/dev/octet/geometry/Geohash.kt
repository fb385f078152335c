package dev.octet.geometry

/**
 * Geohash cells, decoded exactly.
 *
 * A cell's bounds are dyadic fractions of 180° and 360° (−90 + k·180/2ᵐ); with at most 30 bits per
 * axis they are exact as Doubles both in degrees and in e7 units, so the containment test against
 * an e7 fix is exact and needs no rounding rule. The cell is not rounded to e7: its bounds are the
 * geohash's own.
 */
internal object Geohash {
    /** The cell of [hash], or null when it is not 1…12 characters of the lower-case geohash alphabet. */
    fun cell(hash: String): GeohashCell? {
        if (hash.length < RegionValidator.GEOHASH_MIN_LENGTH || hash.length > RegionValidator.GEOHASH_MAX_LENGTH) return null
        var lonIndex = 0L
        var latIndex = 0L
        var lonBits = 0
        var latBits = 0
        var isLongitude = true  // bits alternate, longitude first
        for (character in hash) {
            // Every character of the alphabet is one UTF-8 byte, so length in chars is length in bytes here.
            val value = digitValue(character)
            if (value < 0) return null
            for (shift in 4 downTo 0) {
                val bit = ((value shr shift) and 1).toLong()
                if (isLongitude) {
                    lonIndex = (lonIndex shl 1) or bit
                    lonBits += 1
                } else {
                    latIndex = (latIndex shl 1) or bit
                    latBits += 1
                }
                isLongitude = !isLongitude
            }
        }
        return GeohashCell(latIndex, latBits, lonIndex, lonBits)
    }

    /** The 5-bit value of a geohash character; −1 outside the lower-case alphabet. */
    internal fun digitValue(character: Char): Int {
        val code = character - '\u0000'
        return if (code < 128) DIGITS[code].toInt() else -1
    }

    private val DIGITS: ByteArray = ByteArray(128) { -1 }.also { table ->
        for ((value, character) in RegionValidator.GEOHASH_ALPHABET.withIndex()) table[character - '\u0000'] = value.toByte()
    }
}

/** The bounds of a geohash cell: exact, in degrees and in e7 units (degrees × 1e7, exact but not necessarily whole). */
internal class GeohashCell internal constructor(latIndex: Long, latBits: Int, lonIndex: Long, lonBits: Int) {
    /** Southern bound, degrees. */
    val south: Double
    /** Western bound, degrees. */
    val west: Double
    /** Northern bound, degrees. */
    val north: Double
    /** Eastern bound, degrees. */
    val east: Double
    val southE7: Double
    val westE7: Double
    val northE7: Double
    val eastE7: Double

    init {
        // Each step is exact: index × (span / 2ᵐ) has at most 52 significant bits, and the sums are representable.
        val latStep = 180.0 / (1L shl latBits).toDouble()
        val lonStep = 360.0 / (1L shl lonBits).toDouble()
        south = latIndex.toDouble() * latStep - 90
        north = (latIndex + 1).toDouble() * latStep - 90
        west = lonIndex.toDouble() * lonStep - 180
        east = (lonIndex + 1).toDouble() * lonStep - 180
        val latStepE7 = 1.8e9 / (1L shl latBits).toDouble()
        val lonStepE7 = 3.6e9 / (1L shl lonBits).toDouble()
        southE7 = latIndex.toDouble() * latStepE7 - 9e8
        northE7 = (latIndex + 1).toDouble() * latStepE7 - 9e8
        westE7 = lonIndex.toDouble() * lonStepE7 - 1.8e9
        eastE7 = (lonIndex + 1).toDouble() * lonStepE7 - 1.8e9
    }

    /** True when [point] lies in the closed cell (boundary included). Exact. */
    fun contains(point: PointE7): Boolean {
        val lat = point.latE7.toDouble()
        val lon = point.lonE7.toDouble()
        return southE7 <= lat && lat <= northE7 && westE7 <= lon && lon <= eastE7
    }
}
