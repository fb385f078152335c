package dev.octet.wire

/**
 * Strict UTF-8 (RFC 3629), judged on the bytes before any decoder sees them, so that the rule never
 * depends on a platform's decoder: shortest forms only, no surrogates (U+D800..U+DFFF), nothing
 * above U+10FFFF. The same set Swift's `String(validating:as: UTF8.self)` accepts.
 */
internal object Utf8 {
    fun isValid(bytes: ByteArray, start: Int, end: Int): Boolean {
        var index = start
        while (index < end) {
            val first = bytes[index].toInt() and 0xFF
            if (first < 0x80) {
                index += 1
                continue
            }
            // The second byte's range depends on the first (RFC 3629, section 4): this excludes
            // overlong forms, surrogates and code points above U+10FFFF.
            val length: Int
            var low = 0x80
            var high = 0xBF
            when (first) {
                in 0xC2..0xDF -> length = 2
                0xE0 -> { length = 3; low = 0xA0 }
                in 0xE1..0xEC, 0xEE, 0xEF -> length = 3
                0xED -> { length = 3; high = 0x9F }
                0xF0 -> { length = 4; low = 0x90 }
                in 0xF1..0xF3 -> length = 4
                0xF4 -> { length = 4; high = 0x8F }
                else -> return false
            }
            if (end - index < length) return false
            val second = bytes[index + 1].toInt() and 0xFF
            if (second < low || second > high) return false
            for (offset in 2 until length) {
                val next = bytes[index + offset].toInt() and 0xFF
                if (next < 0x80 || next > 0xBF) return false
            }
            index += length
        }
        return true
    }
}
