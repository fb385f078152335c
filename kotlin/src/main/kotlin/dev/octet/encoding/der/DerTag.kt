package dev.octet.encoding.der

/** An X.690 identifier: class, primitive/constructed, and tag number (high-tag-number form included). */
internal data class DerTag(val tagClass: Int, val constructed: Boolean, val number: Long) {
    override fun toString(): String {
        val form = if (constructed) "c" else "p"
        return when (tagClass) {
            UNIVERSAL -> "UNIVERSAL $number ($form)"
            APPLICATION -> "[APPLICATION $number] ($form)"
            CONTEXT -> "[$number] ($form)"
            else -> "[PRIVATE $number] ($form)"
        }
    }

    companion object {
        const val UNIVERSAL = 0
        const val APPLICATION = 1
        const val CONTEXT = 2
        const val PRIVATE = 3

        val BOOLEAN = DerTag(UNIVERSAL, false, 1)
        val INTEGER = DerTag(UNIVERSAL, false, 2)
        val BIT_STRING = DerTag(UNIVERSAL, false, 3)
        val OCTET_STRING = DerTag(UNIVERSAL, false, 4)
        val NULL = DerTag(UNIVERSAL, false, 5)
        val OBJECT_IDENTIFIER = DerTag(UNIVERSAL, false, 6)
        val ENUMERATED = DerTag(UNIVERSAL, false, 10)
        val UTF8_STRING = DerTag(UNIVERSAL, false, 12)
        val SEQUENCE = DerTag(UNIVERSAL, true, 16)
        val SET = DerTag(UNIVERSAL, true, 17)
        val PRINTABLE_STRING = DerTag(UNIVERSAL, false, 19)
        val UTC_TIME = DerTag(UNIVERSAL, false, 23)
        val GENERALIZED_TIME = DerTag(UNIVERSAL, false, 24)

        /** `[number]` in the context-specific class; EXPLICIT tags are constructed. */
        fun context(number: Long, constructed: Boolean = true) = DerTag(CONTEXT, constructed, number)
    }
}
