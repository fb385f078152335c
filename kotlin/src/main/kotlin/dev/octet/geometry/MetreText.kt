package dev.octet.geometry

/**
 * Margins inside a region as text: whole metres from 10 m, centimetres below, rounded down so
 * "≥ x" stays true. Only PASS details state a margin; a FAIL never says how far outside
 * (proof-format.md, "Region", revised).
 */
internal object MetreText {
    /** For "≥ x": rounded down. */
    fun atLeast(meters: Double): String {
        if (!(meters.isFinite() && meters >= 0 && meters < 1e12)) return "an unknown distance"
        if (meters >= 10) return "${Math.floor(meters).toLong()} m"
        val centimetres = Math.floor(meters * 100).toInt()
        val fraction = centimetres % 100
        return "${centimetres / 100}.${if (fraction < 10) "0" else ""}$fraction m"
    }
}
