package dev.octet.platform

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.io.File

/**
 * The library is built with Kotlin 1.3.31, and must also build with a current compiler
 * (kotlin-api.md): its sources use no form that later Kotlin deprecates. Kotlin 1.3 cannot warn of
 * those, so this scans the sources, main and test, for the forms it can see in the text, each with
 * the spelling that both compilers accept. (Conversions whose receiver is a variable, such as
 * `Byte.toChar()`, an error since Kotlin 2.3, need the types: the sources convert through `Int`,
 * `bytes[i].toInt() and 0xFF` and `value.toChar()` on an `Int`.)
 */
class CurrentCompilerFormsTest {
    /** A deprecated form, as a pattern over one line, and what to write instead. */
    private class Form(pattern: String, val instead: String) {
        val regex = Regex(pattern)
    }

    private val forms = listOf(
        // Deprecated since 1.5 (Char.code is 1.5's replacement, which 1.3 lacks).
        Form("""'(\\u[0-9A-Fa-f]{4}|\\.|[^'\\])'\.to(Int|Byte|Short|Long|Float|Double)\(\)""", "('c' - '\\u0000')"),
        Form("""\.to(Upper|Lower)Case\(""", "an explicit ASCII mapping (uppercase() is 1.5's)"),
        Form("""\.(de)?capitalize\(""", "an explicit mapping"),
        Form("""\bappendln\(""", "append(…).append('\\n')"),
        Form("""\.sumBy(Double)?\s*[({]""", "fold"),
        // Deprecated in 1.4, back in 1.7 with another meaning (throws on an empty collection).
        Form(
            """(?<!Math|StrictMath|Collections)\.(max|min)(By|With)?\s*(\(|\{)""",
            "a loop, a fold or maxOf (maxOrNull() is 1.4's)"
        ),
        Form("""@UseExperimental\b""", "no experimental API"),
        Form("""kotlin\.coroutines\.experimental""", "no coroutines")
    )

    private fun findings(line: String): List<Form> = forms.filter { it.regex.containsMatchIn(line) }

    @Test
    fun `the scanner sees each deprecated form and passes the spellings the sources use`() {
        val deprecated = listOf(
            "val b = ByteArray(4) { 'a'.toByte() }",
            "val n = '\\u0000'.toInt()",
            "val up = name.toUpperCase()",
            "val low = name.toLowerCase(Locale.ROOT)",
            "val t = word.capitalize()",
            "out.appendln(text)",
            "val total = list.sumBy { it.size }",
            "val most = values.max()",
            "val least = values.minBy { it.length }",
            "@UseExperimental(ExperimentalUnsignedTypes::class)",
            "import kotlin.coroutines.experimental.buildSequence"
        )
        for (line in deprecated) assertEquals(1, findings(line).size, "not seen: $line")
        val accepted = listOf(
            "val b = ByteArray(4) { ('a' - '\\u0000').toByte() }",
            "val byte = bytes[i].toInt() and 0xFF",
            "val digit = \"7\".toInt()",
            "out.append(unit.toChar())",
            "val larger = Math.max(a, b)",
            "val m = maxOf(a, b)",
            "val n = Collections.max(list)",
            "val seconds = options.maxAgeSeconds"
        )
        for (line in accepted) assertEquals(0, findings(line).size, "wrongly flagged: $line")
    }

    @Test
    fun `no Kotlin source uses a form a current compiler deprecates`() {
        val roots = listOf(File("src/main/kotlin"), File("src/test/kotlin"))
        val files = roots.flatMap { root -> root.walkTopDown().filter { it.isFile && it.name.endsWith(".kt") }.toList() }
        assertTrue(files.size > 100, "the sources are under ${File(".").absolutePath}/src (${files.size} files)")
        val self = File("src/test/kotlin/dev/octet/platform/CurrentCompilerFormsTest.kt").canonicalFile
        val found = mutableListOf<String>()
        for (file in files) {
            if (file.canonicalFile == self) continue // its examples are the forms themselves
            file.readLines().forEachIndexed { index, line ->
                val code = line.substringBefore("//")
                for (form in findings(code)) found.add("${file.path}:${index + 1}: ${line.trim()} (instead: ${form.instead})")
            }
        }
        assertTrue(found.isEmpty(), found.joinToString("\n"))
    }
}
