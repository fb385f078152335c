package dev.octet.encoding

/** Lower-case hex of bytes: what revocation lists key by and what CBOR's descriptions print. */
internal object Hex {
    fun encode(bytes: ByteArray): String {
        val digits = "0123456789abcdef"
        val text = StringBuilder(bytes.size * 2)
        for (byte in bytes) {
            val value = byte.toInt() and 0xFF
            text.append(digits[value ushr 4]).append(digits[value and 0x0F])
        }
        return text.toString()
    }
}
