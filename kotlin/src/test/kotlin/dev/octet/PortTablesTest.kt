package dev.octet

import dev.octet.outcome.ReasonCode
import dev.octet.wire.WireCode
import dev.octet.wire.WireSchema
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
        assertEquals(documented, kotlin, difference(documented, kotlin, "docs/checks.md's recipe table", "Recipe.kt"))
    }

    @Test
    fun `CheckName holds exactly the names of the recipe table`() {
        val names = CheckName::class.java.declaredFields
            .filter { Modifier.isStatic(it.modifiers) && it.type == String::class.java }
            .map { it.get(null) as String }
        assertEquals(documentedRecipe().sorted(), names.sorted(), "CheckName.kt and docs/checks.md's recipe table")
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
     * The bounds live in `ProofSchema` (each `FieldSpec`'s `bytes` and `records`), which the
     * decoder reads, so they are read from there: every field of every message's schema. A bound
     * is compared by the field's own name, as the table names fields.
     */
    @Test
    fun `the schema's byte and record bounds are those of docs proof-format md's bounds table`() {
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
        val kotlin = HashSet<String>()
        val messages = ProofSchema::class.nestedClasses.mapNotNull { it.objectInstance }
        for (message in messages) {
            val schema = message.javaClass.getMethod("getSchema").invoke(message) as WireSchema
            for (field in schema.fields) {
                field.bytes?.let { kotlin.add("${field.name} bytes ${it.first}..${it.last}") }
                field.records?.let { kotlin.add("${field.name} records ${it.first}..${it.last}") }
            }
        }
        assertTrue(kotlin.size >= 15 && messages.size >= 15, "the schema's bounds were read: $kotlin")
        assertEquals(
            documented.sorted(), kotlin.sorted(),
            "docs/proof-format.md's bounds table lacks ${(kotlin - documented).sorted()}, " +
                "kotlin/src/main/kotlin/dev/octet/ProofSchema.kt lacks ${(documented - kotlin).sorted()} " +
                "(Swift's ProofSchema must agree too)"
        )
    }

    @Test
    fun `the decoder passes a field to bounded and reads counts from the schema, never a number`() {
        val source = File(repository, "kotlin/src/main/kotlin/dev/octet/ProofDecoder.kt").readText()
        assertTrue(Regex("""\.bounded\(\w+[^\n]*, \w+\.\w+\)""").containsMatchIn(source), "ProofDecoder.kt calls bounded")
        val literals = Regex("""\.bounded\([^\n]*\d+, \d+\)|!in \d+\.\.\d+""").findAll(source).map { it.value }.toList()
        assertEquals(emptyList<String>(), literals, "bounds written at the decoder's call sites, not in ProofSchema")
    }
}
