package dev.octet

import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.io.File

/**
 * docs/kotlin.md's examples are the code the tests run: every ```kotlin block that starts with
 * `// Runs in SeedExampleTest` appears, line for line (indentation aside), in SeedExampleTest.kt;
 * so does every ```kotlin block of README.md (the seed's example and its production twin).
 */
class KotlinDocTest {
    private val repository = File(System.getProperty("octet.repository") ?: "..")

    private fun lines(text: String): List<String> = text.lines().map { it.trim() }.filter { it.isNotEmpty() }

    private fun assertInSeedExampleTest(blocks: List<List<String>>, where: String) {
        val test = lines(File(repository, "kotlin/src/test/kotlin/dev/octet/SeedExampleTest.kt").readText())
        for (block in blocks) {
            val found = (0..test.size - block.size).any { start -> test.subList(start, start + block.size) == block }
            assertTrue(found, "$where, not in SeedExampleTest.kt:\n${block.joinToString("\n")}")
        }
    }

    @Test
    fun `every example of docs kotlin md is run by SeedExampleTest`() {
        val doc = File(repository, "docs/kotlin.md").readText()
        val blocks = Regex("```kotlin\n(.*?)```", RegexOption.DOT_MATCHES_ALL).findAll(doc).map { it.groupValues[1] }
            .filter { it.startsWith("// Runs in SeedExampleTest\n") }
            .map { lines(it).drop(1) }
            .toList()
        assertTrue(blocks.size >= 3, "examples found: ${blocks.size}")
        assertInSeedExampleTest(blocks, "docs/kotlin.md")
    }

    @Test
    fun `every Kotlin example of README md is run by SeedExampleTest`() {
        val readme = File(repository, "README.md").readText()
        val blocks = Regex("```kotlin\n(.*?)```", RegexOption.DOT_MATCHES_ALL).findAll(readme)
            .map { lines(it.groupValues[1]) }.toList()
        assertTrue(blocks.size >= 2, "examples found: ${blocks.size}")
        assertTrue(blocks.any { block -> block.any { it.contains("VerifyOptions.production(") } }, "no production twin")
        assertInSeedExampleTest(blocks, "README.md")
    }
}
