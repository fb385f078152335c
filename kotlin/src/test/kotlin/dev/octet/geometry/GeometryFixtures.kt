package dev.octet.geometry

import dev.octet.ProofRegion
import dev.octet.judgedAsExpected
import java.io.File

/** Builders for regions in tests: e7 integers written as (lat, lon) pairs, like the wire (Swift: `Fixtures`). */
internal object Fixtures {
    const val MILLION = 1_000_000

    /** Metres per e7 unit of latitude in the design's local plane (R = 6,371,008.8 m). */
    const val METERS_PER_E7_LATITUDE = 6_371_008.8 * Math.PI / 1.8e9

    fun polygon(vararg pairs: Pair<Int, Int>): RegionE7 = RegionE7.Polygon(pairs.map { PointE7(it.first, it.second) })

    /** Swift's `Double.rounded()`: half away from zero. */
    fun round(x: Double): Int {
        val whole = Math.floor(Math.abs(x) + 0.5)
        return Math.copySign(whole, x).toInt()
    }

    /** A regular n-gon around a centre, radius in e7 units, counter-clockwise. */
    fun regularPolygon(count: Int, centerLat: Double, centerLon: Double, radiusE7: Double): List<PointE7> =
        (0 until count).map { index ->
            val angle = 2 * Math.PI * index / count
            PointE7(round(centerLat * 1e7 + radiusE7 * Math.sin(angle)), round(centerLon * 1e7 + radiusE7 * Math.cos(angle)))
        }

    /** A valid, strongly concave 1000-vertex comb: a zigzag bottom under a flat top. */
    fun comb(): List<PointE7> {
        val points = ArrayList<PointE7>()
        for (index in 0 until 998) points.add(PointE7(if (index % 2 == 0) 0 else 1_000_000, index * 100_000))
        points.add(PointE7(2_000_000, 997 * 100_000))
        points.add(PointE7(2_000_000, 0))
        return points
    }

    /** The repository root (set by the pom). */
    val repository: File get() = File(System.getProperty("octet.repository") ?: "..")
}

/** Spherical distance with the design's mean radius: what a careless implementation would use. */
internal fun haversineMeters(a: PointE7, b: PointE7): Double {
    val phi1 = a.latE7 / 1e7 * Math.PI / 180
    val phi2 = b.latE7 / 1e7 * Math.PI / 180
    val dPhi = phi2 - phi1
    val dLambda = (b.lonE7.toLong() - a.lonE7.toLong()) / 1e7 * Math.PI / 180
    val h = Math.pow(Math.sin(dPhi / 2), 2.0) + Math.cos(phi1) * Math.cos(phi2) * Math.pow(Math.sin(dLambda / 2), 2.0)
    return 2 * 6_371_008.8 * Math.asin(Math.min(1.0, Math.sqrt(h)))
}

/**
 * The Swift suite's GeographicLib reference (Tests/OctetGeometryTests/Data/geodesic-reference.json,
 * e7 pairs from Python GeographicLib), read from the repository so both suites pin the same cases.
 */
internal object SwiftGeodesicReference {
    class Pair(val label: String, val a: PointE7, val b: PointE7, val meters: Double) {
        override fun toString() = label
    }

    class Flip(
        val center: PointE7,
        val fix: PointE7,
        val radiusMeters: Long,
        val accuracyMillimeters: Long,
        val expected: String
    ) {
        override fun toString() = "flip expecting $expected"
    }

    private val json: Map<*, *> by lazy {
        val file = File(Fixtures.repository, "Tests/OctetGeometryTests/Data/geodesic-reference.json")
        MiniJson.parse(file.readText()) as Map<*, *>
    }

    val generator: String get() = json["generator"] as String

    val pairs: List<Pair> by lazy {
        (json["pairs"] as List<*>).map {
            val row = it as Map<*, *>
            Pair(row["label"] as String, point(row["a"]), point(row["b"]), (row["meters"] as Number).toDouble())
        }
    }

    val flips: List<Flip> by lazy {
        (json["haversineFlips"] as List<*>).map {
            val row = it as Map<*, *>
            Flip(
                point(row["center"]), point(row["fix"]), (row["radiusMeters"] as Number).toLong(),
                (row["accuracyMillimeters"] as Number).toLong(), row["expected"] as String
            )
        }
    }

    private fun point(value: Any?): PointE7 {
        val list = value as List<*>
        return PointE7((list[0] as Number).toInt(), (list[1] as Number).toInt())
    }
}

/** Just enough JSON for the test data: objects, arrays, strings without escapes beyond \", numbers, literals. */
object MiniJson {
    fun parse(text: String): Any? {
        val reader = Reader(text)
        val value = reader.value()
        reader.skipSpace()
        check(reader.index == text.length) { "trailing text at ${reader.index}" }
        return value
    }

    private class Reader(val text: String) {
        var index = 0

        fun skipSpace() {
            while (index < text.length && text[index].isWhitespace()) index += 1
        }

        fun value(): Any? {
            skipSpace()
            return when (text[index]) {
                '{' -> obj()
                '[' -> array()
                '"' -> string()
                't' -> literal("true", true)
                'f' -> literal("false", false)
                'n' -> literal("null", null)
                else -> number()
            }
        }

        fun literal(word: String, value: Any?): Any? {
            check(text.startsWith(word, index)) { "bad literal at $index" }
            index += word.length
            return value
        }

        fun obj(): Map<String, Any?> {
            val map = LinkedHashMap<String, Any?>()
            index += 1
            skipSpace()
            if (text[index] == '}') { index += 1; return map }
            while (true) {
                skipSpace()
                val key = string()
                skipSpace()
                check(text[index] == ':') { "expected : at $index" }
                index += 1
                map[key] = value()
                skipSpace()
                if (text[index] == ',') { index += 1; continue }
                check(text[index] == '}') { "expected } at $index" }
                index += 1
                return map
            }
        }

        fun array(): List<Any?> {
            val list = ArrayList<Any?>()
            index += 1
            skipSpace()
            if (text[index] == ']') { index += 1; return list }
            while (true) {
                list.add(value())
                skipSpace()
                if (text[index] == ',') { index += 1; continue }
                check(text[index] == ']') { "expected ] at $index" }
                index += 1
                return list
            }
        }

        fun string(): String {
            check(text[index] == '"') { "expected string at $index" }
            val builder = StringBuilder()
            index += 1
            while (text[index] != '"') {
                if (text[index] == '\\') {
                    index += 1
                    builder.append(
                        when (text[index]) {
                            'n' -> '\n'
                            't' -> '\t'
                            'u' -> { val code = text.substring(index + 1, index + 5).toInt(16); index += 4; code.toChar() }
                            else -> text[index]
                        }
                    )
                } else {
                    builder.append(text[index])
                }
                index += 1
            }
            index += 1
            return builder.toString()
        }

        fun number(): Number {
            val start = index
            while (index < text.length && (text[index].isDigit() || text[index] in "+-.eE")) index += 1
            val token = text.substring(start, index)
            return if (token.any { it in ".eE" }) token.toDouble() else token.toLong()
        }
    }
}

/** The three region judgements against [expected] in degrees, judged as `VerifyOptions` judges it. */
internal fun judgeExpected(claimed: RegionE7, fixLatE7: Int, fixLonE7: Int, accuracyMm: Long, expected: ProofRegion?): RegionJudgements =
    RegionCheck.judge(claimed, fixLatE7, fixLonE7, accuracyMm, expected?.judgedAsExpected())

/** The three region judgements against [expected] in e7, judged first as an expected region is. */
internal fun judgeRules(claimed: RegionE7, expected: RegionE7, fix: PointE7, accuracyMm: Long): RegionJudgements =
    RegionCheck.judge(claimed, fix.latE7, fix.lonE7, accuracyMm, ExpectedRegion.judge(RegionResult.Success(expected)))
