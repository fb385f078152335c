package dev.octet

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.io.File
import java.nio.file.Files
import java.util.concurrent.TimeUnit

/**
 * A caller who copies the seed's example is warned: docs/kotlin.md's seed example (the block that
 * sets `requireVerdict`) compiles, against this build's classes, with the deprecation warning and
 * its note, and its production twin (the block that calls `VerifyOptions.production`) compiles
 * with no warning at all. Debian's `kotlinc` (1.3.31, installed by scripts/install-deps) compiles
 * them, as a user's build would.
 */
class SeedExampleWarningTest {
    private val repository = File(System.getProperty("octet.repository") ?: "..")

    private fun wrapped(block: String, name: String): String = """
        package $name
        import dev.octet.*
        class OctetVerdictStandIn(private val held: LocationProof?) { val proof: LocationProof? get() = held }
        fun example(verdict: OctetVerdictStandIn, nonce: ByteArray, releaseSignerSha256: ByteArray,
                    accept: (LocationProof) -> Unit, log: (String) -> Unit) {
        $block
        }
    """.trimIndent()

    @Test
    fun `the seed's example warns that requireVerdict is deprecated, and its production twin compiles clean`() {
        val doc = File(repository, "docs/kotlin.md").readText()
        val blocks = Regex("```kotlin\n// Runs in SeedExampleTest\n(.*?)```", RegexOption.DOT_MATCHES_ALL).findAll(doc)
            .map { it.groupValues[1] }.toList()
        val seed = blocks.single { it.contains("requireVerdict = RequiredVerdict.VERIFIED") }
        val twin = blocks.single { it.contains("VerifyOptions.production(") }
        val work = Files.createTempDirectory("octet-warnings").toFile()
        try {
            File(work, "seed").mkdirs()
            File(work, "twin").mkdirs()
            File(work, "seed/Seed.kt").writeText(wrapped(seed, "seed"))
            File(work, "twin/Twin.kt").writeText(wrapped(twin, "twin"))
            val classes = File("target/classes").absolutePath
            val process = ProcessBuilder(
                "kotlinc", "-cp", classes, "-d", File(work, "out").path, "seed/Seed.kt", "twin/Twin.kt"
            ).directory(work).redirectErrorStream(true).start()
            val output = process.inputStream.bufferedReader().readText()
            assertTrue(process.waitFor(10, TimeUnit.MINUTES), "kotlinc did not finish")
            assertEquals(0, process.exitValue(), output)
            val warnings = output.lines().filter { it.contains(": warning: ") }
            assertTrue(
                warnings.any {
                    it.startsWith("seed/Seed.kt:") && it.contains("'RequiredVerdict' is deprecated. ") &&
                        it.contains("VerifyOptions.production(apps, sessionNonce)")
                },
                output
            )
            assertTrue(warnings.none { it.startsWith("twin/") }, output)
        } finally {
            work.deleteRecursively()
        }
    }
}
