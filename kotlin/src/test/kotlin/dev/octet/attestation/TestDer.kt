package dev.octet.attestation

import java.io.ByteArrayOutputStream

/**
 * A DER writer and a mutable DER tree for tests: builds test-CA certificates and KeyDescriptions,
 * and rewrites real certificates one field at a time (every length re-encoded minimally, so each
 * mutation breaks exactly the rule it means to). Test-only; the library only reads DER.
 */
internal object TestDer {
    fun header(tag: ByteArray, length: Int): ByteArray {
        val out = ByteArrayOutputStream()
        out.write(tag)
        when {
            length < 0x80 -> out.write(length)
            length < 0x100 -> { out.write(0x81); out.write(length) }
            length < 0x10000 -> { out.write(0x82); out.write(length shr 8); out.write(length and 0xFF) }
            else -> { out.write(0x83); out.write(length shr 16); out.write((length shr 8) and 0xFF); out.write(length and 0xFF) }
        }
        return out.toByteArray()
    }

    fun tlv(tag: Int, content: ByteArray): ByteArray = header(byteArrayOf(tag.toByte()), content.size) + content

    fun concat(parts: List<ByteArray>): ByteArray {
        val out = ByteArrayOutputStream()
        for (part in parts) out.write(part)
        return out.toByteArray()
    }

    fun sequence(vararg parts: ByteArray): ByteArray = tlv(0x30, concat(parts.toList()))
    fun sequence(parts: List<ByteArray>): ByteArray = tlv(0x30, concat(parts))
    fun set(parts: List<ByteArray>): ByteArray = tlv(0x31, concat(parts))
    fun octetString(bytes: ByteArray): ByteArray = tlv(0x04, bytes)
    fun boolean(value: Boolean): ByteArray = tlv(0x01, byteArrayOf(if (value) 0xFF.toByte() else 0))
    fun utf8(text: String): ByteArray = tlv(0x0C, text.toByteArray(Charsets.UTF_8))
    fun bitString(bytes: ByteArray): ByteArray = tlv(0x03, byteArrayOf(0) + bytes)

    fun integer(value: Long): ByteArray = tlv(0x02, java.math.BigInteger.valueOf(value).toByteArray())
    fun enumerated(value: Long): ByteArray = tlv(0x0A, java.math.BigInteger.valueOf(value).toByteArray())

    /** `[tag] EXPLICIT` around one element, in the high-tag-number form when tag ≥ 31. */
    fun explicit(tag: Long, inner: ByteArray): ByteArray = header(contextTag(tag, true), inner.size) + inner

    fun contextTag(number: Long, constructed: Boolean): ByteArray {
        val first = 0x80 or (if (constructed) 0x20 else 0)
        if (number < 31) return byteArrayOf((first or number.toInt()).toByte())
        val groups = ArrayList<Int>()
        var n = number
        while (n > 0) { groups.add(0, (n and 0x7F).toInt()); n = n shr 7 }
        val out = ByteArrayOutputStream()
        out.write(first or 0x1F)
        for ((i, g) in groups.withIndex()) out.write(if (i < groups.size - 1) g or 0x80 else g)
        return out.toByteArray()
    }

    fun oid(dotted: String): ByteArray {
        val arcs = dotted.split('.').map { it.toLong() }
        val out = ByteArrayOutputStream()
        fun base128(value: Long) {
            val groups = ArrayList<Int>()
            var n = value
            do { groups.add(0, (n and 0x7F).toInt()); n = n shr 7 } while (n > 0)
            for ((i, g) in groups.withIndex()) out.write(if (i < groups.size - 1) g or 0x80 else g)
        }
        base128(arcs[0] * 40 + arcs[1])
        for (arc in arcs.drop(2)) base128(arc)
        return tlv(0x06, out.toByteArray())
    }

    /** A Name of one attribute per RDN, values as UTF8String. */
    fun name(vararg attributes: Pair<String, String>): ByteArray =
        sequence(attributes.map { set(listOf(sequence(oid(it.first), utf8(it.second)))) })

    /** UTCTime for years 1950..2049, else GeneralizedTime (as RFC 5280 asks). */
    fun time(unixSeconds: Long): ByteArray {
        val days = Math.floorDiv(unixSeconds, 86_400L)
        val secondOfDay = Math.floorMod(unixSeconds, 86_400L)
        val (year, month, day) = civil(days)
        val clock = String.format("%02d%02d%02d", secondOfDay / 3600, (secondOfDay / 60) % 60, secondOfDay % 60)
        return if (year in 1950..2049) {
            tlv(0x17, (String.format("%02d%02d%02d", year % 100, month, day) + clock + "Z").toByteArray(Charsets.US_ASCII))
        } else {
            tlv(0x18, (String.format("%04d%02d%02d", year, month, day) + clock + "Z").toByteArray(Charsets.US_ASCII))
        }
    }

    private fun civil(days: Long): Triple<Int, Int, Int> {
        val z = days + 719_468
        val era = (if (z >= 0) z else z - 146_096) / 146_097
        val doe = z - era * 146_097
        val yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        val doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        val mp = (5 * doy + 2) / 153
        val d = doy - (153 * mp + 2) / 5 + 1
        val m = if (mp < 10) mp + 3 else mp - 9
        return Triple((yoe + era * 400 + if (m <= 2) 1 else 0).toInt(), m.toInt(), d.toInt())
    }

    /** A DER element as a tree: a tag (its identifier bytes) and either primitive content or children. */
    class Node(var tag: ByteArray, var content: ByteArray?, val children: MutableList<Node>) {
        val isConstructed: Boolean get() = tag[0].toInt() and 0x20 != 0

        fun encode(): ByteArray {
            val body = content ?: concat(children.map { it.encode() })
            return header(tag, body.size) + body
        }

        operator fun get(index: Int): Node = children[index]

        fun copy(): Node = Node(tag.copyOf(), content?.copyOf(), children.map { it.copy() }.toMutableList())
    }

    /** Parses DER (assumed well-formed) into a tree whose constructed elements are walked. */
    fun tree(bytes: ByteArray): Node {
        val (node, end) = readNode(bytes, 0)
        require(end == bytes.size) { "trailing bytes" }
        return node
    }

    private fun readNode(bytes: ByteArray, start: Int): Pair<Node, Int> {
        var index = start
        val first = bytes[index++].toInt() and 0xFF
        if (first and 0x1F == 0x1F) { while (bytes[index++].toInt() and 0x80 != 0) { } }
        val tag = bytes.copyOfRange(start, index)
        var length = bytes[index++].toInt() and 0xFF
        if (length >= 0x80) {
            val count = length and 0x7F
            length = 0
            repeat(count) { length = (length shl 8) or (bytes[index++].toInt() and 0xFF) }
        }
        val end = index + length
        return if (first and 0x20 != 0) {
            val children = ArrayList<Node>()
            var position = index
            while (position < end) {
                val (child, next) = readNode(bytes, position)
                children.add(child)
                position = next
            }
            Pair(Node(tag, null, children), end)
        } else {
            Pair(Node(tag, bytes.copyOfRange(index, end), ArrayList()), end)
        }
    }
}
