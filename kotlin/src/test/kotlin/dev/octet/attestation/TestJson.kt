package dev.octet.attestation

/**
 * A tiny JSON reader for the tests' vector files (RFC 8259: objects, arrays, strings with
 * escapes, numbers, true, false, null). Values are Kotlin maps, lists, strings, `Long` or
 * `Double`, booleans and null. Test-only: it trusts the files a little (no depth bound).
 */
internal object TestJson {
    fun parse(text: String): Any? {
        val reader = Reader(text)
        reader.skipSpace()
        val value = reader.value()
        reader.skipSpace()
        require(reader.atEnd) { "JSON: trailing characters at ${reader.position}" }
        return value
    }

    private class Reader(val text: String) {
        var position = 0
        val atEnd: Boolean get() = position >= text.length

        fun skipSpace() {
            while (!atEnd && text[position] in " \t\r\n") position++
        }

        fun value(): Any? {
            require(!atEnd) { "JSON: value expected at $position" }
            return when (val c = text[position]) {
                '{' -> obj()
                '[' -> array()
                '"' -> string()
                't' -> literal("true", true)
                'f' -> literal("false", false)
                'n' -> literal("null", null)
                else -> if (c == '-' || c in '0'..'9') number() else throw IllegalArgumentException("JSON: unexpected '$c' at $position")
            }
        }

        private fun literal(word: String, value: Any?): Any? {
            require(text.startsWith(word, position)) { "JSON: bad literal at $position" }
            position += word.length
            return value
        }

        private fun obj(): Map<String, Any?> {
            val map = LinkedHashMap<String, Any?>()
            position++
            skipSpace()
            if (text[position] == '}') {
                position++
                return map
            }
            while (true) {
                skipSpace()
                val key = string()
                skipSpace()
                require(text[position] == ':') { "JSON: ':' expected at $position" }
                position++
                skipSpace()
                map[key] = value()
                skipSpace()
                val separator = text[position++]
                if (separator == ',') continue
                if (separator == '}') return map
                throw IllegalArgumentException("JSON: ',' or '}' expected at ${position - 1}")
            }
        }

        private fun array(): List<Any?> {
            val list = ArrayList<Any?>()
            position++
            skipSpace()
            if (text[position] == ']') {
                position++
                return list
            }
            while (true) {
                skipSpace()
                list.add(value())
                skipSpace()
                val separator = text[position++]
                if (separator == ',') continue
                if (separator == ']') return list
                throw IllegalArgumentException("JSON: ',' or ']' expected at ${position - 1}")
            }
        }

        private fun string(): String {
            require(text[position] == '"') { "JSON: string expected at $position" }
            position++
            val out = StringBuilder()
            while (true) {
                val c = text[position++]
                when (c) {
                    '"' -> return out.toString()
                    '\\' -> {
                        when (val e = text[position++]) {
                            '"' -> out.append('"')
                            '\\' -> out.append('\\')
                            '/' -> out.append('/')
                            'b' -> out.append('\b')
                            'f' -> out.append('\u000C')
                            'n' -> out.append('\n')
                            'r' -> out.append('\r')
                            't' -> out.append('\t')
                            'u' -> {
                                out.append(text.substring(position, position + 4).toInt(16).toChar())
                                position += 4
                            }
                            else -> throw IllegalArgumentException("JSON: bad escape '$e'")
                        }
                    }
                    else -> out.append(c)
                }
            }
        }

        private fun number(): Any {
            val start = position
            if (text[position] == '-') position++
            while (!atEnd && (text[position] in '0'..'9' || text[position] in ".eE+-")) position++
            val literal = text.substring(start, position)
            return if (literal.any { it == '.' || it == 'e' || it == 'E' }) literal.toDouble() else literal.toLong()
        }
    }
}

/** Where the shared vectors live: `<repository>/../shared/vectors` (never copied into the repository). */
internal object SharedVectors {
    val repository: java.io.File = java.io.File(System.getProperty("octet.repository") ?: "..")

    val directory: java.io.File = java.io.File(repository, "../shared/vectors")

    /**
     * True when the shared vectors are beside the repository. Tests that read them are disabled,
     * visibly, when they are not (`@EnabledIf("dev.octet.attestation.SharedVectors#available")`),
     * as the Swift suites skip with a message.
     */
    @JvmStatic
    fun available(): Boolean = directory.isDirectory

    fun file(relative: String): java.io.File = java.io.File(directory, relative)

    fun json(relative: String): Any? = TestJson.parse(file(relative).readText(Charsets.UTF_8))

    fun base64(text: String): ByteArray = java.util.Base64.getDecoder().decode(text)

    fun hex(text: String): ByteArray {
        require(text.length % 2 == 0) { "odd hex" }
        return ByteArray(text.length / 2) { text.substring(2 * it, 2 * it + 2).toInt(16).toByte() }
    }

    fun hex(bytes: ByteArray): String = bytes.joinToString("") { String.format("%02x", it.toInt() and 0xFF) }

    /** The DER of every CERTIFICATE block of a PEM file, in order. */
    fun pemCertificates(file: java.io.File): List<ByteArray> {
        val text = file.readText(Charsets.US_ASCII)
        val pattern = Regex("-----BEGIN CERTIFICATE-----(.*?)-----END CERTIFICATE-----", RegexOption.DOT_MATCHES_ALL)
        return pattern.findAll(text).map { java.util.Base64.getMimeDecoder().decode(it.groupValues[1].trim()) }.toList()
    }
}

@Suppress("UNCHECKED_CAST")
internal fun Any?.obj(): Map<String, Any?> = this as Map<String, Any?>

@Suppress("UNCHECKED_CAST")
internal fun Any?.list(): List<Any?> = this as List<Any?>
