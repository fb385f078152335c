package dev.octet

import dev.octet.checks.CheckName
import dev.octet.checks.Recipe
import dev.octet.outcome.ReasonCode
import dev.octet.wire.WireCode
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.io.File
import java.lang.reflect.Modifier

/**
 * The tables both ports are tested against (issue 43, item 4): docs/checks.md's recipe and reason
 * codes, docs/proof-format.md's field bounds and decoding rules. This test holds the Kotlin
 * library to them; the Swift library's `PortTablesTests` holds it to the same rows, so a change
 * made in one language and not in the tables, or in the tables and not in the other language,
 * fails one of the two.
 */
class PortTablesTest {
    private val repository = File(System.getProperty("octet.repository") ?: "..")

    /** The rows of the first Markdown table after [anchor] in `docs/<file>`, header and rule skipped. */
    private fun table(file: String, anchor: String): List<List<String>> {
        val text = File(repository, "docs/$file").readText()
        val start = text.indexOf(anchor)
        assertTrue(start >= 0, "docs/$file has no \"$anchor\"")
        val lines = text.substring(start).lines().map { it.trim() }
        return lines.dropWhile { !it.startsWith("|") }.takeWhile { it.startsWith("|") }.drop(2).map { row ->
            row.split("|").drop(1).dropLast(1).map { it.trim() }
        }
    }

    /** The backticked words of a cell, in order. */
    private fun backticked(cell: String): List<String> = cell.split("`").filterIndexed { index, _ -> index % 2 == 1 }

    /** What differs between two lists, for a failure message that says what to add where. */
    private fun difference(documented: List<String>, kotlin: List<String>, table: String, code: String): String {
        val missing = kotlin.filter { it !in documented }
        val extra = documented.filter { it !in kotlin }
        if (missing.isEmpty() && extra.isEmpty()) return "same entries, another order: make $code follow $table"
        return "$table lacks $missing, $code lacks $extra: add each to the side that lacks it " +
            "(and to the Swift library, whose PortTablesTests reads the same table)"
    }

    private fun documentedRecipe(): List<String> = table("checks.md", "Every check below appears").map { backticked(it[1]).first() }

    @Test
    fun `docs checks md's recipe table names wire-format, then every check of Recipe checks, in its order`() {
        val documented = documentedRecipe()
        val kotlin = listOf(CheckName.WIRE_FORMAT) + Recipe.checks.map { it.name }
        assertTrue(documented.size >= 18, "the recipe table was read")
        assertEquals(documented, kotlin, difference(documented, kotlin, "docs/checks.md's recipe table", "checks/Recipe.kt"))
    }

    @Test
    fun `CheckName holds exactly the names of the recipe table`() {
        val names = CheckName::class.java.declaredFields
            .filter { Modifier.isStatic(it.modifiers) && it.type == String::class.java }
            .map { it.get(null) as String }
        assertEquals(documentedRecipe().sorted(), names.sorted(), "checks/CheckName.kt and docs/checks.md's recipe table")
    }

    @Test
    fun `docs checks md's reason-code table lists ReasonCode's entries, in their order`() {
        val documented = table("checks.md", "## Reason codes").map { backticked(it[0]).first() }
        val kotlin = ReasonCode.values().map { it.wire }
        assertTrue(documented.size >= 80, "the reason-code table was read")
        assertEquals(
            documented, kotlin, difference(documented, kotlin, "docs/checks.md's \"Reason codes\"", "outcome/ReasonCode.kt")
        )
    }

    @Test
    fun `docs proof-format md's decoding-rules table lists WireCode's entries, their reason codes and texts, in order`() {
        val documented = table("proof-format.md", "**The decoding rules' codes.**").map {
            (backticked(it[0]) + backticked(it[1])).joinToString(" ")
        }
        val kotlin = WireCode.values().map { "${it.reasonCode.wire} ${it.text}" }
        assertTrue(documented.size >= 16, "the decoding-rules table was read")
        assertEquals(
            documented, kotlin, difference(documented, kotlin, "docs/proof-format.md's decoding rules", "wire/WireError.kt")
        )
    }

    /**
     * The decoder states its bounds as literals at its call sites (issue 43, item 5 moves them into
     * `ProofSchema`), so they are read from its source: each `bounded(…, "field", min, max)`, the
     * point fields' `bounded(record, field.name, 65, 65)`, and each `x.size !in a..b` (bytes) or
     * `count !in a..b` (records) with the field its error names. A bound is compared by the field's
     * own name, since the decoder does not name the message in every call.
     */
    @Test
    fun `the decoder's byte and record bounds are those of docs proof-format md's bounds table`() {
        val documented = HashSet<String>()
        for (row in table("proof-format.md", "- **Bounds**")) {
            val fields = backticked(row[0]).filter { it.contains(".") }.map { it.substringAfter(".") }
            val cell = row[1].replace(",", "")
            val found = Regex("""(\d+)(?:\.\.(\d+))? (bytes|records)""").findAll(cell)
                .distinctBy { it.groupValues[3] }
                .map { "${it.groupValues[3]} ${it.groupValues[1]}..${it.groupValues[2].ifEmpty { it.groupValues[1] }}" }
                .toList()
            for (field in fields) for (bound in found) documented.add("$field $bound")
        }
        val source = File(repository, "kotlin/src/main/kotlin/dev/octet/wire/ProofDecoder.kt").readText()
        val kotlin = HashSet<String>()
        for (call in Regex("""\.bounded\([^"\n]*"(\w+)", (\d+), (\d+)\)""").findAll(source)) {
            kotlin.add("${call.groupValues[1]} bytes ${call.groupValues[2]}..${call.groupValues[3]}")
        }
        val point = Regex("""bounded\(record, field\.name, (\d+), (\d+)\)""").find(source)
        assertTrue(point != null, "the point fields' bound was found in ProofDecoder.kt")
        for (call in Regex("""point\(\w+, \w+, \w+\.(\w+)\)""").findAll(source)) {
            val field = call.groupValues[1].replace(Regex("[A-Z]")) { "_${it.value[0] + ('a' - 'A')}" }
            kotlin.add("$field bytes ${point!!.groupValues[1]}..${point.groupValues[2]}")
        }
        for (check in Regex("""\w+(\.size)? !in (\d+)\.\.(\d+)[^"]*"(?:[A-Z]\w*\.)?(\w+)""").findAll(source)) {
            val kind = if (check.groupValues[1].length == 0) "records" else "bytes"
            kotlin.add("${check.groupValues[4]} $kind ${check.groupValues[2]}..${check.groupValues[3]}")
        }
        assertTrue(kotlin.size >= 15, "the decoder's bounds were read: $kotlin")
        assertEquals(
            documented.sorted(), kotlin.sorted(),
            "docs/proof-format.md's bounds table lacks ${(kotlin - documented).sorted()}, " +
                "kotlin/src/main/kotlin/dev/octet/wire/ProofDecoder.kt lacks ${(documented - kotlin).sorted()} " +
                "(Swift's ProofSchema must agree too)"
        )
    }
}
