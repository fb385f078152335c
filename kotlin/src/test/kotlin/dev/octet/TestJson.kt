package dev.octet

/**
 * A small strict JSON reader (RFC 8259) for the tests' vector files: objects keep member order,
 * a duplicate member, trailing bytes, a leading zero, a lone surrogate escape or a control character
 * in a string is an error. Numbers keep their literal text, so the tests can tell `300` from `0.5`
 * and `1e+300` (the conformance test decides what a Kotlin `Long` can spell).
 */
sealed class TestJson {
    class Obj(val members: LinkedHashMap<String, TestJson>) : TestJson() {
        operator fun get(name: String): TestJson? = members[name]
    }

    class Arr(val items: List<TestJson>) : TestJson()
    class Str(val value: String) : TestJson()
    class Num(val literal: String) : TestJson() {
        val isInteger: Boolean get() = literal.none { it == '.' || it == 'e' || it == 'E' }
        fun toBigDecimal(): java.math.BigDecimal = java.math.BigDecimal(literal)
    }

    class Bool(val value: Boolean) : TestJson()
    object Null : TestJson()

    class Error(message: String) : Exception(message)

    companion object {
        fun parse(text: String): TestJson {
            val reader = Reader(text)
            reader.skipSpace()
            val value = reader.value(0)
            reader.skipSpace()
            if (!reader.atEnd) throw Error("trailing characters at ${reader.index}")
            return value
        }
    }

    private class Reader(val text: String) {
        var index = 0
        val atEnd: Boolean get() = index >= text.length

        fun skipSpace() {
            while (!atEnd && text[index] in " \t\r\n") index++
        }

        fun expect(c: Char) {
            if (atEnd || text[index] != c) throw Error("expected '$c' at $index")
            index++
        }

        fun value(depth: Int): TestJson {
            if (depth > 64) throw Error("too deep")
            if (atEnd) throw Error("unexpected end")
            return when (text[index]) {
                '{' -> obj(depth)
                '[' -> arr(depth)
                '"' -> Str(string())
                't' -> literal("true", Bool(true))
                'f' -> literal("false", Bool(false))
                'n' -> literal("null", Null)
                else -> number()
            }
        }

        fun literal(word: String, value: TestJson): TestJson {
            if (!text.startsWith(word, index)) throw Error("bad literal at $index")
            index += word.length
            return value
        }

        fun obj(depth: Int): TestJson {
            expect('{')
            val members = LinkedHashMap<String, TestJson>()
            skipSpace()
            if (!atEnd && text[index] == '}') {
                index++
                return Obj(members)
            }
            while (true) {
                skipSpace()
                val name = string()
                if (members.containsKey(name)) throw Error("duplicate member $name")
                skipSpace()
                expect(':')
                skipSpace()
                members[name] = value(depth + 1)
                skipSpace()
                if (!atEnd && text[index] == ',') {
                    index++
                    continue
                }
                expect('}')
                return Obj(members)
            }
        }

        fun arr(depth: Int): TestJson {
            expect('[')
            val items = ArrayList<TestJson>()
            skipSpace()
            if (!atEnd && text[index] == ']') {
                index++
                return Arr(items)
            }
            while (true) {
                skipSpace()
                items.add(value(depth + 1))
                skipSpace()
                if (!atEnd && text[index] == ',') {
                    index++
                    continue
                }
                expect(']')
                return Arr(items)
            }
        }

        fun string(): String {
            expect('"')
            val out = StringBuilder()
            while (true) {
                if (atEnd) throw Error("unterminated string")
                val c = text[index++]
                when {
                    c == '"' -> return out.toString()
                    c < ' ' -> throw Error("control character in a string")
                    c == '\\' -> {
                        if (atEnd) throw Error("unterminated escape")
                        when (val e = text[index++]) {
                            '"', '\\', '/' -> out.append(e)
                            'b' -> out.append('\b')
                            'f' -> out.append('\u000C')
                            'n' -> out.append('\n')
                            'r' -> out.append('\r')
                            't' -> out.append('\t')
                            'u' -> {
                                val unit = hex4()
                                if (unit in 0xD800..0xDBFF) {
                                    if (!text.startsWith("\\u", index)) throw Error("lone surrogate")
                                    index += 2
                                    val low = hex4()
                                    if (low !in 0xDC00..0xDFFF) throw Error("lone surrogate")
                                    out.append(unit.toChar()).append(low.toChar())
                                } else if (unit in 0xDC00..0xDFFF) {
                                    throw Error("lone surrogate")
                                } else {
                                    out.append(unit.toChar())
                                }
                            }
                            else -> throw Error("bad escape")
                        }
                    }
                    else -> out.append(c)
                }
            }
        }

        fun hex4(): Int {
            if (index + 4 > text.length) throw Error("short \\u escape")
            val digits = text.substring(index, index + 4)
            if (!digits.all { it in '0'..'9' || it in 'a'..'f' || it in 'A'..'F' }) throw Error("bad \\u escape")
            index += 4
            return Integer.parseInt(digits, 16)
        }

        fun number(): TestJson {
            val start = index
            if (!atEnd && text[index] == '-') index++
            if (atEnd) throw Error("bad number")
            if (text[index] == '0') {
                index++
            } else if (text[index] in '1'..'9') {
                while (!atEnd && text[index] in '0'..'9') index++
            } else {
                throw Error("bad value at $start")
            }
            if (!atEnd && text[index] == '.') {
                index++
                digits()
            }
            if (!atEnd && (text[index] == 'e' || text[index] == 'E')) {
                index++
                if (!atEnd && (text[index] == '+' || text[index] == '-')) index++
                digits()
            }
            return Num(text.substring(start, index))
        }

        fun digits() {
            val start = index
            while (!atEnd && text[index] in '0'..'9') index++
            if (index == start) throw Error("digits expected at $start")
        }
    }
}
