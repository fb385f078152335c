package dev.octet.content

import dev.octet.outcome.OutcomeStatus
import dev.octet.outcome.ReasonCode
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource

/** The Swift suite's `caller-manifest` table (CallerManifestTests.swift). */
internal class CallerManifestTest {
    enum class Proof { COMMITTED, NO_CONTENT, LIST_WITHOUT_STAGE, TAMPERED_ROOT, STRIPPED_LIST, EMPTY_STAGE }
    enum class Presented { NONE, VALID, MALFORMED, REORDERED, OTHER_DIGEST }

    class Row(val id: String, val proof: Proof, val manifest: Presented, val status: OutcomeStatus, val code: ReasonCode? = null) {
        override fun toString(): String = id
    }

    companion object {
        @JvmStatic
        fun rows(): List<Row> = listOf(
            Row("a proof that commits no content: NOT-CHECKED, even with a manifest", Proof.NO_CONTENT, Presented.VALID, OutcomeStatus.NOT_CHECKED),
            Row("a list without a CONTENT stage: MANIFEST_MISMATCH", Proof.LIST_WITHOUT_STAGE, Presented.NONE, OutcomeStatus.FAIL, ReasonCode.MANIFEST_MISMATCH),
            Row("a list that does not recompute content_root: MANIFEST_MISMATCH", Proof.TAMPERED_ROOT, Presented.NONE, OutcomeStatus.FAIL, ReasonCode.MANIFEST_MISMATCH),
            Row("a list stripped from a proof with a CONTENT stage: MANIFEST_MISMATCH", Proof.STRIPPED_LIST, Presented.NONE, OutcomeStatus.FAIL, ReasonCode.MANIFEST_MISMATCH),
            Row("the proof's own defect comes before a malformed manifest", Proof.TAMPERED_ROOT, Presented.MALFORMED, OutcomeStatus.FAIL, ReasonCode.MANIFEST_MISMATCH),
            Row("a recomputing list and no manifest: PASS", Proof.COMMITTED, Presented.NONE, OutcomeStatus.PASS),
            Row("a CONTENT stage over an empty list: PASS", Proof.EMPTY_STAGE, Presented.NONE, OutcomeStatus.PASS),
            Row("a malformed manifest: MANIFEST_INVALID", Proof.COMMITTED, Presented.MALFORMED, OutcomeStatus.FAIL, ReasonCode.MANIFEST_INVALID),
            Row("a manifest in another order: MANIFEST_MISMATCH", Proof.COMMITTED, Presented.REORDERED, OutcomeStatus.FAIL, ReasonCode.MANIFEST_MISMATCH),
            Row("a manifest with another digest: MANIFEST_MISMATCH", Proof.COMMITTED, Presented.OTHER_DIGEST, OutcomeStatus.FAIL, ReasonCode.MANIFEST_MISMATCH),
            Row("a matching manifest: PASS", Proof.COMMITTED, Presented.VALID, OutcomeStatus.PASS)
        )
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    fun `each case gives its exact status and code`(row: Row) {
        ContentFixture(videoBytes = 1000).use { fixture ->
            val claim = when (row.proof) {
                Proof.COMMITTED -> fixture.claim
                Proof.NO_CONTENT -> ContentCommitmentClaim(emptyList(), null)
                Proof.LIST_WITHOUT_STAGE -> ContentCommitmentClaim(fixture.items, null)
                Proof.TAMPERED_ROOT -> ContentCommitmentClaim(fixture.items, ContentFixture.flipped(fixture.root))
                Proof.STRIPPED_LIST -> ContentCommitmentClaim(emptyList(), fixture.root)
                Proof.EMPTY_STAGE -> ContentCommitmentClaim(emptyList(), ContentRoot.compute(emptyList()))
            }
            val manifest: ByteArray? = when (row.manifest) {
                Presented.NONE -> null
                Presented.VALID -> fixture.manifestJson
                Presented.MALFORMED -> "{\"v\":1}".toByteArray()
                Presented.REORDERED -> fixture.reorderedManifest
                Presented.OTHER_DIGEST -> {
                    val entries = Manifest.of(fixture.items, fixture.salts).entries.toMutableList()
                    val e = entries[2]
                    entries[2] = Manifest.Entry(e.key, e.contentType, e.size, e.salt, ContentFixture.flipped(e.sha256))
                    Manifest(entries).jsonData()
                }
            }
            val result = ContentChecks.callerManifest(claim, parsed(manifest))
            assertEquals(row.status, result.status, result.detail)
            assertEquals(row.code, result.code, result.detail)
            assertFalse(result.detail.contains(fixture.root.hex()))
            // "The code starts the detail" for every coded outcome of this check.
            if (row.code != null) assertTrue(result.detail.startsWith("${row.code.wire}: "), result.detail)
        }
    }

    @Test
    fun `a mismatch names the first differing entry and field, not a value`() {
        ContentFixture(videoBytes = 1000).use { fixture ->
            val entries = Manifest.of(fixture.items, fixture.salts).entries.toMutableList()
            val e = entries[1]
            entries[1] = Manifest.Entry(e.key, e.contentType, e.size + 1, e.salt, e.sha256)
            val result = ContentChecks.callerManifest(fixture.claim, parsed(Manifest(entries).jsonData()))
            assertEquals("MANIFEST_MISMATCH: manifest entry 1 differs from the proof's item \"video\" in size", result.detail)
        }
    }

    @Test
    fun `the details read as Swift's`() {
        ContentFixture(videoBytes = 1000).use { fixture ->
            assertEquals(
                "3 listed items recompute the signed content_root; the manifest matches",
                ContentChecks.callerManifest(fixture.claim, parsed(fixture.manifestJson)).detail
            )
            assertEquals(
                "3 listed items recompute the signed content_root; no manifest presented",
                ContentChecks.callerManifest(fixture.claim, null).detail
            )
            assertEquals(
                "MANIFEST_MISMATCH: the proof lists content without a CONTENT stage",
                ContentChecks.callerManifest(ContentCommitmentClaim(fixture.items, null), null).detail
            )
            assertEquals(
                "MANIFEST_MISMATCH: the manifest has 0 entries, the proof lists 3",
                ContentChecks.callerManifest(fixture.claim, parsed("{\"v\":1,\"entries\":[]}".toByteArray())).detail
            )
            assertEquals(
                "MANIFEST_INVALID: entries: missing member",
                ContentChecks.callerManifest(fixture.claim, parsed("{\"v\":1}".toByteArray())).detail
            )
            assertEquals("the proof commits no content", ContentChecks.callerManifest(ContentCommitmentClaim(emptyList(), null), null).detail)
        }
    }
}

/** The Swift suite's `caller-manifest-locator` table. */
class CallerManifestLocatorTest {
    class Row(val id: String, val locator: String?, val flagged: Boolean) {
        override fun toString(): String = id
    }

    companion object {
        @JvmStatic
        fun rows(): List<Row> = listOf(
            Row("no locator", null, false),
            Row("a plain https URL", "https://cdn.example/v/1", false),
            Row("256 bytes: not flagged", "a".repeat(256), false),
            Row("257 bytes: flagged", "a".repeat(257), true),
            Row("257 bytes in UTF-8", "é".repeat(129), true),
            Row("user info", "https://user:pass@cdn.example/v/1", true),
            Row("user info without a password", "ftp://user@files.example", true),
            Row("an @ in the path is not user info", "https://cdn.example/@team/v1", false),
            Row("a query", "https://cdn.example/v/1?token=abc", true),
            Row("an empty query", "https://cdn.example/v/1?", true),
            Row("a query before a fragment", "https://cdn.example/v/1?a#b", true),
            Row("a ? only in the fragment", "https://cdn.example/v/1#part?x=1", false),
            Row("an opaque id", "asset-7f3a9c", false),
            Row("an opaque id with ? and @ is not a scheme:// URL", "bucket/key?v=2@x", false),
            Row("a URN is not scheme://", "urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66", false),
            Row("the scheme is case-insensitive", "HTTPS://u@cdn.example/", true),
            Row("leading spaces and tabs inside are ignored, as URL parsers do", "  ht\ttps://cdn.example/v?\n", true),
            Row("backslashes count as slashes", "https:\\\\user@cdn.example\\v", true),
            Row("a single slash after the scheme is no authority", "https:/user@cdn.example", false),
            Row("an @ after the authority, in the query, is the query", "https://cdn.example/v?x=a@b", true)
        )
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    fun `the locator rule`(row: Row) {
        val items = listOf(
            CommittedContent("photo", "image/jpeg", 1, ByteArray(32) { 1 }, "asset-1"),
            CommittedContent("video", "video/mp4", 1, ByteArray(32) { 2 }, row.locator)
        )
        val result = ContentChecks.callerManifestLocator(ContentCommitmentClaim(items, null))
        assertEquals(row.flagged, result != null)
        if (result != null) {
            assertEquals(OutcomeStatus.WARN, result.status)
            assertEquals(ReasonCode.LOCATOR_LOOKS_LIKE_CREDENTIAL, result.code)
            assertTrue(result.detail.contains("\"video\""))
            assertFalse(result.detail.contains("\"photo\""))
            assertFalse(result.detail.contains("cdn.example") || result.detail.contains("user@"))
            assertFalse(result.detail.contains("pass@") || result.detail.contains("token"))
        }
    }

    @Test
    fun `several flagged locators are named by key, in the proof's order, never as locators`() {
        val items = listOf("a", "b", "c").map { key ->
            CommittedContent(key, "text/plain", 0, ByteArray(32), if (key == "b") "opaque" else "https://x.example/?sig=SECRET")
        }
        val result = ContentChecks.callerManifestLocator(ContentCommitmentClaim(items, null))
        assertEquals(
            "the locators of \"a\" (a query), \"c\" (a query) look like a credential; " +
                "locators are readable by anyone holding the proof",
            result?.detail
        )
    }

    @Test
    fun `one flagged locator reads in the singular, with its reason`() {
        val items = listOf(CommittedContent("clip", "video/mp4", 0, ByteArray(32), "x".repeat(300)))
        assertEquals(
            "the locator of \"clip\" (longer than 256 bytes) looks like a credential; locators are readable by anyone holding the proof",
            ContentChecks.callerManifestLocator(ContentCommitmentClaim(items, null))?.detail
        )
    }
}
