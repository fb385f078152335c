package dev.octet

import dev.octet.CallerMetadataCheck.Content
import dev.octet.CallerMetadataCheck.RequiredContent
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.io.File

/**
 * The reference page's Kotlin examples, compiled and run against the library. The page's
 * `verdict.proof` comes from `OctetVerdict`, which is not part of this library: a small stand-in
 * carries it. The page's example passes its `VerifyOptions` with a trailing comma, which Kotlin
 * 1.3 (the floor this library builds with) does not accept: that comma is the only change
 * (docs/kotlin.md says so). The page's example sets the deprecated `requireVerdict`, so the tests
 * that run it as written suppress the warning a user's copy gets (SeedExampleWarningTest); its
 * production twin, beside it in docs/kotlin.md and the README, runs here too.
 */
class SeedExampleTest {
    /**
     * Stand-in for `OctetVerdict`: the proof rides on `verdict.proof`, a property of another module's
     * class, so (as there) no smart cast makes the page's second `!!` redundant.
     */
    class OctetVerdictStandIn(private val held: LocationProof?) {
        val proof: LocationProof? get() = held
    }

    private val issuer = TestIssuer()

    @Suppress("DEPRECATION") // the page's example, as written
    @Test
    fun `the Example section accepts a fresh proof when VERIFIED is required and the tier is not honoured`() {
        val draft = TestIssuer.Draft().apply {
            createdAtMs = System.currentTimeMillis() - 5_000
            assurance = Pair(1, "disc/2.4") // VERIFIED on the wire
        }
        val verdict = OctetVerdictStandIn(LocationProof(issuer.issue(draft)))
        val accepted = ArrayList<LocationProof>()
        val lines = ArrayList<String>()
        fun accept(proof: LocationProof) { accepted.add(proof) }
        fun log(line: String) { lines.add(line) }

        // --- The page's example (the trailing comma removed) ---
        val result = Octet.verify(
            verdict.proof!!,
            VerifyOptions(maxAgeSeconds = 120, requireVerdict = RequiredVerdict.VERIFIED)
        )
        if (result.isAuthentic) {
            accept(verdict.proof!!)
        } else {
            result.checks.filter { it.status == CheckStatus.FAIL }
                .forEach { log("verify failed: ${it.name} -- ${it.detail}") }
        }
        // ---
        assertEquals(1, accepted.size, lines.toString())
        assertTrue(lines.isEmpty())
    }

    @Suppress("DEPRECATION") // the page's example, as written
    @Test
    fun `the Example section logs each failing check by name and detail`() {
        val draft = TestIssuer.Draft().apply { createdAtMs = System.currentTimeMillis() - 600_000 }
        val verdict = OctetVerdictStandIn(LocationProof(issuer.issue(draft)))
        val accepted = ArrayList<LocationProof>()
        val lines = ArrayList<String>()
        fun accept(proof: LocationProof) { accepted.add(proof) }
        fun log(line: String) { lines.add(line) }

        val result = Octet.verify(
            verdict.proof!!,
            VerifyOptions(maxAgeSeconds = 120, requireVerdict = RequiredVerdict.VERIFIED)
        )
        if (result.isAuthentic) {
            accept(verdict.proof!!)
        } else {
            result.checks.filter { it.status == CheckStatus.FAIL }
                .forEach { log("verify failed: ${it.name} -- ${it.detail}") }
        }
        assertTrue(accepted.isEmpty())
        assertEquals(1, lines.size, lines.toString())
        assertTrue(lines[0].startsWith("verify failed: freshness -- created 600 s ago"), lines.toString())
    }

    @Test
    fun `the production twin refuses the software-key proof that the seed's example accepts`() {
        val nonce = "session-nonce-01".toByteArray()
        val releaseSignerSha256 = ByteArray(32) { 0x3F }
        val draft = TestIssuer.Draft().apply {
            createdAtMs = System.currentTimeMillis() - 5_000
            sessionNonce = nonce
        }
        val verdict = OctetVerdictStandIn(LocationProof(issuer.issue(draft)))
        val accepted = ArrayList<LocationProof>()
        val lines = ArrayList<String>()
        fun accept(proof: LocationProof) { accepted.add(proof) }
        fun log(line: String) { lines.add(line) }

        // --- docs/kotlin.md's production twin ---
        val apps = listOf(
            ExpectedApp.Android("com.example.octet", listOf(releaseSignerSha256)),
            ExpectedApp.Apple("ABCDE12345.com.example.octet")
        )
        val result = Octet.verify(
            verdict.proof!!,
            VerifyOptions.production(apps, sessionNonce = nonce, maxAgeSeconds = 120)
        )
        if (result.isAuthentic) {
            accept(verdict.proof!!)
        } else {
            result.checks.filter { it.status == CheckStatus.FAIL }
                .forEach { log("verify failed: ${it.name} -- ${it.detail}") }
        }
        // ---
        assertTrue(accepted.isEmpty())
        assertEquals(listOf("attestation-required"), result.checks.filter { it.status == CheckStatus.FAIL }.map { it.name })
        assertEquals(1, lines.size, lines.toString())
        assertTrue(lines[0].startsWith("verify failed: attestation-required -- "), lines.toString())
        assertEquals(CheckStatus.INCONCLUSIVE, result.check("app-identity")!!.status)
        assertEquals(CheckStatus.PASS, result.check("session-binding")!!.status)
        // The seed's example, on the same proof, accepts it.
        assertTrue(Octet.verify(verdict.proof!!, VerifyOptions(maxAgeSeconds = 120)).isAuthentic)
    }

    @Test
    fun `the Caller metadata example accepts a proof with a note and a video when both match`() {
        val note = "met at the north gate".toByteArray()
        val videoFile = File.createTempFile("octet-seed-", ".mp4")
        try {
            val video = ByteArray(300_000) { 0x42 }
            videoFile.writeBytes(video)
            val items = listOf(
                TestIssuer.ContentItem("note", "text/plain", note, ByteArray(16) { 0x41 }),
                TestIssuer.ContentItem("video", "video/mp4", video, ByteArray(32) { 0x42 })
            )
            val draft = TestIssuer.Draft().apply {
                createdAtMs = System.currentTimeMillis() - 1_000
                content = items
            }
            val proof = LocationProof(issuer.issue(draft))
            val manifest = issuer.manifest(items)
            val accepted = ArrayList<LocationProof>()
            fun accept(proof: LocationProof) { accepted.add(proof) }

            // --- The page's example, unchanged ---
            val check = CallerMetadataCheck(manifest,
                mapOf("note" to Content.Bytes(note), "video" to Content.FromFile(videoFile)),
                RequiredContent.All)
            val result = Octet.verify(proof, VerifyOptions(callerMetadata = check, requireCallerMetadata = true))
            if (result.verdict == ProofVerification.Verdict.VALID) accept(proof)
            // ---
            assertEquals(1, accepted.size, result.checks.toString())
            assertTrue(result.check("caller-metadata")!!.detail.contains("2 by content"), result.checks.toString())
        } finally {
            videoFile.delete()
        }
    }
}
