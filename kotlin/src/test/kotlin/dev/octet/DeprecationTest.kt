package dev.octet

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * The seed deprecates `requireVerdict` (and with it `RequiredVerdict`) in 3.1: both carry
 * `@Deprecated` with a note that names what replaces them, so the compiler warns a caller who
 * copies the seed's example (scripts/kotlin-test shows the warning on that example,
 * kotlin/src/test/deprecation), and the 3.0 rules still hold under `honorVerdictTier`.
 */
@Suppress("DEPRECATION") // it tests the deprecated API
class DeprecationTest {
    private fun note(annotation: Deprecated?): String {
        assertNotNull(annotation, "not deprecated")
        return annotation!!.message
    }

    @Test
    fun `RequiredVerdict and VerifyOptions requireVerdict are deprecated, naming VerifyOptions production`() {
        val onType = note(RequiredVerdict::class.java.getAnnotation(Deprecated::class.java))
        // A property's annotations sit on the synthetic method Kotlin makes for them (Kotlin 1.3 names
        // it requireVerdict$annotations, later compilers getRequireVerdict$annotations).
        val holder = VerifyOptions::class.java.declaredMethods.single {
            it.name == "requireVerdict\$annotations" || it.name == "getRequireVerdict\$annotations"
        }
        val onProperty = note(holder.getAnnotation(Deprecated::class.java))
        for (text in listOf(onType, onProperty)) {
            assertTrue(text.contains("deprecated since 3.1"), text)
            assertTrue(text.contains("VerifyOptions.production(apps, sessionNonce)"), text)
        }
    }

    @Test
    fun `requireVerdict still applies the 3_0 rule under honorVerdictTier, and is ignored without it`() {
        val bytes = TestIssuer().issue(TestIssuer.Draft().apply {
            createdAtMs = System.currentTimeMillis() - 5_000
            assurance = Pair(2, null) // PLAUSIBLE on the wire
        })
        val honoured = Octet.verify(bytes, VerifyOptions(requireVerdict = RequiredVerdict.VERIFIED, honorVerdictTier = true))
        assertEquals("TIER_BELOW_REQUIRED", honoured.check("verdict-tier")!!.code)
        val ignored = Octet.verify(bytes, VerifyOptions(requireVerdict = RequiredVerdict.VERIFIED))
        assertEquals(CheckStatus.NOT_CHECKED, ignored.check("verdict-tier")!!.status)
        assertEquals(ProofVerification.Verdict.VALID, ignored.verdict)
    }
}
