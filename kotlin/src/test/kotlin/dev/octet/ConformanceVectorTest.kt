package dev.octet

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestFactory

/**
 * Every the JSON files of `Vectors/cases` through `Octet.verify(proofBytes, options)`, requiring exactly the
 * published result: verdict, isValid, isAuthentic, spoofingVerdict and the ordered
 * (name, status, code) list (docs/conformance.md). One dynamic test per file, named by its id.
 *
 * Left out, by name, only the cases whose options the Kotlin types cannot spell: a fractional
 * `maxAgeSeconds` (the seed's Kotlin tab makes it a Long). A huge window (`1e+300`) is spelled
 * `Long.MAX_VALUE`, the same unbounded window under the freshness rule.
 */
class ConformanceVectorTest {
    private val leftOut = mapOf(
        "freshness/fail-fractional-window" to "maxAgeSeconds 0.5 has no Kotlin spelling (VerifyOptions.maxAgeSeconds is a Long)",
        "freshness/pass-fractional-window" to "maxAgeSeconds 0.5 has no Kotlin spelling (VerifyOptions.maxAgeSeconds is a Long)"
    )

    private val vectors = ConformanceVector.all()

    @TestFactory
    fun `every conformance vector verifies to exactly its expected result`(): List<DynamicTest> =
        vectors.map { vector ->
            DynamicTest.dynamicTest(vector.id) {
                val reason = leftOut[vector.id]
                assumeTrue(reason == null) { "left out: $reason" }
                assertEquals("octet-conformance/1", vector.schema)
                val result = Octet.verify(vector.proofBytes, vector.verifyOptions())
                val actual = Expectation.of(result)
                assertEquals(vector.expected, actual) { "${vector.id}: ${vector.expected.differences(actual)}" }
            }
        }

    @Test
    fun `the vectors are there and cover every check of the recipe`() {
        assertTrue(vectors.size >= 150, "Vectors/cases holds ${vectors.size} files at ${ConformanceVector.folder}")
        val names = vectors.flatMap { v -> v.expected.checks.map { it.first } }.toSet()
        for (name in listOf(
            "wire-format", "stage-signatures", "device-attestation-sig", "binding", "freshness", "region-claim",
            "region-type", "contains", "hardware-attestation", "attestation-required", "session-binding",
            "verdict-tier", "caller-manifest", "caller-manifest-locator", "caller-metadata", "replay-uniqueness", "revocation"
        )) {
            assertTrue(name in names, "no vector reports $name")
        }
    }

    @Test
    fun `exactly the vectors with a fractional window are left out, each by name`() {
        val unspellable = vectors.filter { it.unspellable != null }.map { it.id }.toSet()
        assertEquals(leftOut.keys, unspellable)
    }

    @Test
    fun `a huge window is spelled Long MAX_VALUE`() {
        val huge = vectors.single { it.id == "freshness/pass-huge-window" }
        assertEquals(Long.MAX_VALUE, huge.verifyOptions().maxAgeSeconds)
    }
}
