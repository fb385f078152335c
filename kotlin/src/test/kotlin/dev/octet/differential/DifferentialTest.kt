package dev.octet.differential

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.Test
import java.io.File

/**
 * CI's short differential campaign (issue 23 item 1): a few thousand seeded cases through the Swift
 * `octet-verify --requests` and Kotlin's `Octet.verify`, which must agree on every one.
 *
 * The binary's path is the system property `octet.verify.binary` (scripts/test builds `octet-verify`
 * and passes it). Without it the test is skipped with a message, except under `CI=true`, where a
 * missing binary fails it: CI must never pass without having compared the two.
 * `-Doctet.differential.cases=N` and `-Doctet.differential.seed=S` change the campaign.
 */
class DifferentialTest {
    private fun binary(): File? {
        val path = System.getProperty("octet.verify.binary")?.takeIf { it.isNotBlank() }
        val file = path?.let { File(it) }
        if (file != null && file.canExecute()) return file
        val why = if (path == null) "octet.verify.binary is not set (scripts/test sets it)" else "$path is not an executable file"
        if (System.getenv("CI") == "true") throw AssertionError("the differential test needs octet-verify under CI: $why")
        assumeTrue(false) { "skipped: $why" }
        return null
    }

    @Test
    fun `Swift and Kotlin agree on every case of a seeded campaign of vectors, mutated proofs and edge options`() {
        val swift = binary() ?: return
        val cases = System.getProperty("octet.differential.cases")?.toIntOrNull() ?: 2_000
        val seed = System.getProperty("octet.differential.seed")?.toLongOrNull() ?: 20261202L
        val out = File(System.getProperty("octet.repository") ?: "..", "kotlin/target/differential")
        val report = Differential(swift, seed, cases, out).run()
        println(report.summary())
        assertEquals(cases, report.perClass.values.sum())
        // The campaign reached every class (it is not vacuous).
        for (name in listOf("vector", "bitflip", "bitflips", "truncate", "splice", "reorder", "resign", "resign-stages", "options", "clock", "manifest")) {
            assertTrue((report.perClass[name] ?: 0) > 0, "no case of class $name")
        }
        assertTrue(report.disagreements.isEmpty(), "${report.disagreements.size} disagreement(s), inputs under $out:\n" +
            report.disagreements.take(20).joinToString("\n"))
    }
}
