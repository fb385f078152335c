package dev.octet.content

import dev.octet.CallerMetadataCheck
import dev.octet.CallerMetadataCheck.Content
import dev.octet.CallerMetadataCheck.RequiredContent
import dev.octet.CallerMetadataRules
import dev.octet.outcome.Outcome
import dev.octet.outcome.OutcomeStatus
import dev.octet.outcome.ReasonCode
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource
import java.io.File
import java.util.concurrent.TimeUnit

/** One row: a proof shape, what is presented, and the exact outcome (Swift: `MetadataCase`). */
internal class MetadataCase(
    val id: String,
    val status: OutcomeStatus,
    val code: ReasonCode? = null,
    /** The exact detail, where the row pins it. */
    val detail: String? = null,
    val proof: Proof = Proof.COMMITTED,
    val nilCheck: Boolean = false,
    val manifest: ManifestShape = ManifestShape.VALID,
    val content: Map<String, Value> = emptyMap(),
    val require: RequiredContent = RequiredContent.None,
    val requireCallerMetadata: Boolean = false
) {
    enum class Proof { COMMITTED, NO_CONTENT, LIST_WITHOUT_STAGE, TAMPERED_ROOT, EMPTY_STAGE, EMPTY_STAGE_TAMPERED }
    enum class ManifestShape { ABSENT, VALID, MALFORMED, EMPTY_DATA, REORDERED, EMPTY_ENTRIES }
    enum class Value {
        RIGHT, RIGHT_AS_BYTES, WRONG_SAME_SIZE, WRONG_SIZE, UNAVAILABLE, ARBITRARY,
        FILE_RIGHT, FILE_ALTERED, FILE_LONGER, FILE_MISSING, FILE_DIRECTORY, FILE_URL_TEXT
    }

    override fun toString(): String = id

    companion object {
        private val FAIL = OutcomeStatus.FAIL
        private val INCONCLUSIVE = OutcomeStatus.INCONCLUSIVE
        private val PASS = OutcomeStatus.PASS
        private val NOT_CHECKED = OutcomeStatus.NOT_CHECKED

        /** The seed page's result table, row by row, then rules 1–9 of proof-format.md (CallerMetadataTests.swift). */
        @JvmStatic
        fun cases(): List<MetadataCase> = listOf(
            // Seed table: PASS.
            MetadataCase(
                "seed PASS: manifest matches, presented values match, detail counts by content and by digest", PASS,
                detail = "2 by content, 1 by digest", content = mapOf("note" to Value.RIGHT, "video" to Value.FILE_RIGHT)
            ),
            // Seed table: FAIL.
            MetadataCase("seed FAIL: a value does not match (CONTENT_MISMATCH)", FAIL, ReasonCode.CONTENT_MISMATCH, content = mapOf("note" to Value.WRONG_SAME_SIZE)),
            MetadataCase("seed FAIL: a size does not match (CONTENT_MISMATCH)", FAIL, ReasonCode.CONTENT_MISMATCH, content = mapOf("photo" to Value.WRONG_SIZE)),
            MetadataCase("seed FAIL: the manifest differs from the list (MANIFEST_MISMATCH)", FAIL, ReasonCode.MANIFEST_MISMATCH, manifest = ManifestShape.REORDERED),
            MetadataCase("seed FAIL: the manifest is malformed (MANIFEST_INVALID)", FAIL, ReasonCode.MANIFEST_INVALID, manifest = ManifestShape.MALFORMED),
            MetadataCase(
                "seed FAIL: content presented for a proof that commits none", FAIL, ReasonCode.CONTENT_WITHOUT_COMMITMENT,
                detail = "content or a manifest was presented for a proof that commits none",
                proof = Proof.NO_CONTENT, manifest = ManifestShape.ABSENT, content = mapOf("note" to Value.RIGHT)
            ),
            MetadataCase(
                "seed FAIL: a proof without a commitment when requireCallerMetadata is set", FAIL, ReasonCode.COMMITMENT_REQUIRED,
                detail = "the proof commits no content, and requireCallerMetadata is set",
                proof = Proof.NO_CONTENT, nilCheck = true, requireCallerMetadata = true
            ),
            // Seed table: INCONCLUSIVE.
            MetadataCase("seed INCONCLUSIVE: referenced content could not be read", INCONCLUSIVE, ReasonCode.CONTENT_UNRESOLVED, content = mapOf("video" to Value.FILE_MISSING)),
            MetadataCase(
                "seed INCONCLUSIVE: required content not presented", INCONCLUSIVE, ReasonCode.CONTENT_UNRESOLVED,
                require = RequiredContent.Keys(listOf("video"))
            ),
            MetadataCase(
                "seed INCONCLUSIVE: content presented without a manifest", INCONCLUSIVE, ReasonCode.CONTENT_UNRESOLVED,
                detail = "CONTENT_UNRESOLVED: 1 item presented without a manifest",
                manifest = ManifestShape.ABSENT, content = mapOf("note" to Value.RIGHT)
            ),
            // Seed table: NOT-CHECKED.
            MetadataCase("seed NOT-CHECKED: nothing presented", NOT_CHECKED, detail = "nothing presented", nilCheck = true),

            // Rule 1.
            MetadataCase("rule 1: an empty CallerMetadataCheck presents nothing", NOT_CHECKED, manifest = ManifestShape.ABSENT),
            MetadataCase("rule 1: Keys(empty) alone presents nothing", NOT_CHECKED, manifest = ManifestShape.ABSENT, require = RequiredContent.Keys(emptyList())),
            MetadataCase("rule 1: nothing presented, requireCallerMetadata, proof commits content: NOT-CHECKED", NOT_CHECKED, nilCheck = true, requireCallerMetadata = true),
            MetadataCase(
                "rule 1: empty check, requireCallerMetadata, proof commits none: FAIL", FAIL, ReasonCode.COMMITMENT_REQUIRED,
                proof = Proof.NO_CONTENT, manifest = ManifestShape.ABSENT, requireCallerMetadata = true
            ),
            MetadataCase("rule 1: nothing presented for a proof with a CONTENT stage and an empty list", NOT_CHECKED, proof = Proof.EMPTY_STAGE, nilCheck = true),
            // Rule 2.
            MetadataCase(
                "rule 2: requireCallerMetadata and a proof that commits none, with a manifest presented", FAIL, ReasonCode.COMMITMENT_REQUIRED,
                proof = Proof.NO_CONTENT, requireCallerMetadata = true
            ),
            // Rule 3.
            MetadataCase("rule 3: a manifest presented for a proof that commits none", FAIL, ReasonCode.CONTENT_WITHOUT_COMMITMENT, proof = Proof.NO_CONTENT),
            MetadataCase(
                "rule 3: requireContent All for a proof that commits none", FAIL, ReasonCode.CONTENT_WITHOUT_COMMITMENT,
                proof = Proof.NO_CONTENT, manifest = ManifestShape.ABSENT, require = RequiredContent.All
            ),
            MetadataCase(
                "rule 3: Unavailable presented for a proof that commits none", FAIL, ReasonCode.CONTENT_WITHOUT_COMMITMENT,
                proof = Proof.NO_CONTENT, manifest = ManifestShape.ABSENT, content = mapOf("note" to Value.UNAVAILABLE)
            ),
            // Rule 4.
            MetadataCase(
                "rule 4: an empty manifest array is presented and malformed", FAIL, ReasonCode.MANIFEST_INVALID,
                detail = "MANIFEST_INVALID: not strict JSON (unexpected end of input at byte 0)", manifest = ManifestShape.EMPTY_DATA
            ),
            MetadataCase(
                "rule 4: MANIFEST_INVALID comes before a content mismatch", FAIL, ReasonCode.MANIFEST_INVALID,
                manifest = ManifestShape.MALFORMED, content = mapOf("note" to Value.WRONG_SAME_SIZE)
            ),
            MetadataCase(
                "rule 4: the list does not recompute the signed content_root", FAIL, ReasonCode.MANIFEST_MISMATCH,
                detail = "MANIFEST_MISMATCH: the proof's content list does not recompute its signed content_root",
                proof = Proof.TAMPERED_ROOT, content = mapOf("note" to Value.RIGHT)
            ),
            MetadataCase(
                "rule 4: the list without a CONTENT stage cannot match the commitment", FAIL, ReasonCode.MANIFEST_MISMATCH,
                proof = Proof.LIST_WITHOUT_STAGE
            ),
            MetadataCase(
                "rule 4: a manifest with no entries differs from a list of three", FAIL, ReasonCode.MANIFEST_MISMATCH,
                detail = "MANIFEST_MISMATCH: the manifest has 0 entries, the proof lists 3", manifest = ManifestShape.EMPTY_ENTRIES
            ),
            MetadataCase(
                "rule 4: MANIFEST_MISMATCH comes before a value for an unlisted key", FAIL, ReasonCode.MANIFEST_MISMATCH,
                manifest = ManifestShape.REORDERED, content = mapOf("extra" to Value.ARBITRARY)
            ),
            // Rule 5.
            MetadataCase(
                "rule 5: a value for a key the manifest does not list", FAIL, ReasonCode.CONTENT_MISMATCH,
                detail = "CONTENT_MISMATCH: 1 presented key not listed by the proof", content = mapOf("extra" to Value.ARBITRARY)
            ),
            MetadataCase("rule 5: Unavailable for a key the manifest does not list", FAIL, ReasonCode.CONTENT_MISMATCH, content = mapOf("extra" to Value.UNAVAILABLE)),
            MetadataCase(
                "rule 5: a required key the proof does not list", FAIL, ReasonCode.CONTENT_MISMATCH,
                detail = "CONTENT_MISMATCH: 1 required key not listed by the proof", require = RequiredContent.Keys(listOf("note", "extra"))
            ),
            MetadataCase(
                "rule 5: comes before rule 6 (unlisted key, no manifest)", FAIL, ReasonCode.CONTENT_MISMATCH,
                manifest = ManifestShape.ABSENT, content = mapOf("extra" to Value.ARBITRARY)
            ),
            MetadataCase(
                "rule 5: keys compare by scalars: a look-alike key is not listed", FAIL, ReasonCode.CONTENT_MISMATCH,
                content = mapOf("no\u0301te" to Value.ARBITRARY)
            ),
            // Rule 6.
            MetadataCase(
                "rule 6: Unavailable without a manifest", INCONCLUSIVE, ReasonCode.CONTENT_UNRESOLVED,
                manifest = ManifestShape.ABSENT, content = mapOf("video" to Value.UNAVAILABLE)
            ),
            MetadataCase(
                "rule 6: a mismatching value without a manifest cannot be judged", INCONCLUSIVE, ReasonCode.CONTENT_UNRESOLVED,
                detail = "CONTENT_UNRESOLVED: 2 items presented without a manifest",
                manifest = ManifestShape.ABSENT, content = mapOf("note" to Value.WRONG_SIZE, "photo" to Value.RIGHT)
            ),
            // Rule 7.
            MetadataCase(
                "rule 7: a file of another size", FAIL, ReasonCode.CONTENT_MISMATCH,
                detail = "CONTENT_MISMATCH: the size of \"video\" differs", content = mapOf("video" to Value.FILE_LONGER)
            ),
            MetadataCase(
                "rule 7: a file of the same size with other bytes", FAIL, ReasonCode.CONTENT_MISMATCH,
                detail = "CONTENT_MISMATCH: \"video\" does not match its digest", content = mapOf("video" to Value.FILE_ALTERED)
            ),
            MetadataCase("rule 7: bytes of the right size with other bytes", FAIL, ReasonCode.CONTENT_MISMATCH, content = mapOf("photo" to Value.WRONG_SAME_SIZE)),
            MetadataCase(
                "rule 7: two digests differ, named in the proof's order", FAIL, ReasonCode.CONTENT_MISMATCH,
                detail = "CONTENT_MISMATCH: \"note\", \"photo\" do not match their digests",
                content = mapOf("photo" to Value.WRONG_SAME_SIZE, "note" to Value.WRONG_SAME_SIZE)
            ),
            MetadataCase(
                "rule 7: a FAIL wins over an unreadable file", FAIL, ReasonCode.CONTENT_MISMATCH,
                content = mapOf("note" to Value.WRONG_SAME_SIZE, "video" to Value.FILE_MISSING)
            ),
            MetadataCase(
                "rule 7: a FAIL wins over Unavailable and a required key not presented", FAIL, ReasonCode.CONTENT_MISMATCH,
                content = mapOf("photo" to Value.WRONG_SIZE, "video" to Value.UNAVAILABLE), require = RequiredContent.All
            ),
            MetadataCase(
                "rule 7: one wrong size among right values is found", FAIL, ReasonCode.CONTENT_MISMATCH,
                detail = "CONTENT_MISMATCH: the size of \"note\" differs",
                content = mapOf("video" to Value.RIGHT_AS_BYTES, "note" to Value.WRONG_SIZE)
            ),
            MetadataCase(
                "rule 7: sizes are judged before any digest", FAIL, ReasonCode.CONTENT_MISMATCH,
                detail = "CONTENT_MISMATCH: the size of \"photo\" differs",
                content = mapOf("note" to Value.WRONG_SAME_SIZE, "photo" to Value.WRONG_SIZE)
            ),
            // Rule 8.
            MetadataCase(
                "rule 8: a missing file", INCONCLUSIVE, ReasonCode.CONTENT_UNRESOLVED,
                detail = "CONTENT_UNRESOLVED: \"video\" could not be read", content = mapOf("note" to Value.RIGHT, "video" to Value.FILE_MISSING)
            ),
            MetadataCase("rule 8: a directory is not a readable file", INCONCLUSIVE, ReasonCode.CONTENT_UNRESOLVED, content = mapOf("video" to Value.FILE_DIRECTORY)),
            MetadataCase("rule 8: a URL given as a path is not fetched", INCONCLUSIVE, ReasonCode.CONTENT_UNRESOLVED, content = mapOf("video" to Value.FILE_URL_TEXT)),
            MetadataCase(
                "rule 8: Unavailable", INCONCLUSIVE, ReasonCode.CONTENT_UNRESOLVED,
                detail = "CONTENT_UNRESOLVED: \"photo\" is unavailable", content = mapOf("photo" to Value.UNAVAILABLE)
            ),
            MetadataCase(
                "rule 8: All with one item not presented", INCONCLUSIVE, ReasonCode.CONTENT_UNRESOLVED,
                detail = "CONTENT_UNRESOLVED: \"photo\" is required but not presented",
                content = mapOf("note" to Value.RIGHT, "video" to Value.FILE_RIGHT), require = RequiredContent.All
            ),
            MetadataCase(
                "rule 8: every reason, the proof's order first, unreadable files last", INCONCLUSIVE, ReasonCode.CONTENT_UNRESOLVED,
                detail = "CONTENT_UNRESOLVED: \"note\" is required but not presented; \"photo\" is unavailable; \"video\" could not be read",
                content = mapOf("photo" to Value.UNAVAILABLE, "video" to Value.FILE_MISSING), require = RequiredContent.Keys(listOf("note"))
            ),
            MetadataCase(
                "rule 8: required keys without a manifest", INCONCLUSIVE, ReasonCode.CONTENT_UNRESOLVED,
                manifest = ManifestShape.ABSENT, require = RequiredContent.Keys(listOf("note"))
            ),
            // Rule 9.
            MetadataCase(
                "rule 9: All with everything presented", PASS, detail = "3 by content, 0 by digest",
                content = mapOf("note" to Value.RIGHT, "video" to Value.FILE_RIGHT, "photo" to Value.RIGHT), require = RequiredContent.All
            ),
            MetadataCase("rule 9: a manifest alone accepts every item on its digest", PASS, detail = "0 by content, 3 by digest"),
            MetadataCase(
                "rule 9: a key required twice counts once", PASS, detail = "1 by content, 2 by digest",
                content = mapOf("note" to Value.RIGHT), require = RequiredContent.Keys(listOf("note", "note"))
            ),
            MetadataCase("rule 9: the file presented as bytes", PASS, detail = "1 by content, 2 by digest", content = mapOf("video" to Value.RIGHT_AS_BYTES)),
            // An empty commitment (a CONTENT stage over zero items) counts as committing no content (revised).
            MetadataCase(
                "empty commitment: requireCallerMetadata with nothing presented FAILs", FAIL, ReasonCode.COMMITMENT_REQUIRED,
                detail = "the proof commits no content (its CONTENT stage is over zero items), and requireCallerMetadata is set",
                proof = Proof.EMPTY_STAGE, nilCheck = true, requireCallerMetadata = true
            ),
            MetadataCase(
                "empty commitment: requireCallerMetadata with an empty manifest FAILs (no more \"0 by content\")", FAIL, ReasonCode.COMMITMENT_REQUIRED,
                proof = Proof.EMPTY_STAGE, manifest = ManifestShape.EMPTY_ENTRIES, requireCallerMetadata = true
            ),
            MetadataCase(
                "empty commitment: an empty manifest presented FAILs", FAIL, ReasonCode.CONTENT_WITHOUT_COMMITMENT,
                detail = "content or a manifest was presented for a proof whose CONTENT stage commits zero items",
                proof = Proof.EMPTY_STAGE, manifest = ManifestShape.EMPTY_ENTRIES
            ),
            MetadataCase(
                "empty commitment: requireContent All FAILs", FAIL, ReasonCode.CONTENT_WITHOUT_COMMITMENT,
                proof = Proof.EMPTY_STAGE, manifest = ManifestShape.ABSENT, require = RequiredContent.All
            ),
            MetadataCase(
                "empty commitment: a value presented FAILs", FAIL, ReasonCode.CONTENT_WITHOUT_COMMITMENT,
                proof = Proof.EMPTY_STAGE, manifest = ManifestShape.ABSENT, content = mapOf("note" to Value.ARBITRARY)
            ),
            MetadataCase(
                "rule 9: never PASS over a list that does not recompute its root", FAIL, ReasonCode.MANIFEST_MISMATCH,
                proof = Proof.EMPTY_STAGE_TAMPERED, manifest = ManifestShape.ABSENT, require = RequiredContent.All
            )
        )
    }
}

/** caller-metadata: rules 1–9 and the seed's result table (Swift: `CallerMetadataTests`). */
internal class CallerMetadataTest {
    companion object {
        @JvmStatic
        fun cases(): List<MetadataCase> = MetadataCase.cases()

        internal fun run(row: MetadataCase, fixture: ContentFixture): Outcome {
            val claim = when (row.proof) {
                MetadataCase.Proof.COMMITTED -> fixture.claim
                MetadataCase.Proof.NO_CONTENT -> ContentCommitmentClaim(emptyList(), null)
                MetadataCase.Proof.LIST_WITHOUT_STAGE -> ContentCommitmentClaim(fixture.items, null)
                MetadataCase.Proof.TAMPERED_ROOT -> ContentCommitmentClaim(fixture.items, ContentFixture.flipped(fixture.root))
                MetadataCase.Proof.EMPTY_STAGE -> ContentCommitmentClaim(emptyList(), ContentRoot.compute(emptyList()))
                MetadataCase.Proof.EMPTY_STAGE_TAMPERED ->
                    ContentCommitmentClaim(emptyList(), ContentFixture.flipped(ContentRoot.compute(emptyList())))
            }
            if (row.nilCheck) return CallerMetadataRules(claim, null, null, row.requireCallerMetadata).judge()
            val manifest: ByteArray? = when (row.manifest) {
                MetadataCase.ManifestShape.ABSENT -> null
                MetadataCase.ManifestShape.VALID -> fixture.manifestJson
                MetadataCase.ManifestShape.MALFORMED -> fixture.manifestJson.copyOf(fixture.manifestJson.size - 1)
                MetadataCase.ManifestShape.EMPTY_DATA -> ByteArray(0)
                MetadataCase.ManifestShape.REORDERED -> fixture.reorderedManifest
                MetadataCase.ManifestShape.EMPTY_ENTRIES -> "{\"v\":1,\"entries\":[]}".toByteArray()
            }
            val content = LinkedHashMap<String, Content>()
            for ((key, value) in row.content) {
                val truth = when (key) {
                    "note" -> fixture.note
                    "photo" -> fixture.photo
                    else -> fixture.video
                }
                content[key] = when (value) {
                    MetadataCase.Value.RIGHT -> if (key == "video") Content.FromFile(fixture.videoFile) else Content.Bytes(truth)
                    MetadataCase.Value.RIGHT_AS_BYTES -> Content.Bytes(truth)
                    MetadataCase.Value.WRONG_SAME_SIZE -> Content.Bytes(truth.copyOf().also { it[0] = (it[0].toInt() xor 1).toByte() })
                    MetadataCase.Value.WRONG_SIZE -> Content.Bytes(truth + byteArrayOf(0))
                    MetadataCase.Value.UNAVAILABLE -> Content.Unavailable("https://secret.example/?token=SECRET-REASON")
                    MetadataCase.Value.ARBITRARY -> Content.Bytes("arbitrary".toByteArray())
                    MetadataCase.Value.FILE_RIGHT -> Content.FromFile(fixture.videoFile)
                    MetadataCase.Value.FILE_ALTERED -> Content.FromFile(fixture.videoAlteredFile)
                    MetadataCase.Value.FILE_LONGER -> Content.FromFile(fixture.videoLongerFile)
                    MetadataCase.Value.FILE_MISSING -> Content.FromFile(fixture.missingFile)
                    MetadataCase.Value.FILE_DIRECTORY -> Content.FromFile(fixture.directory)
                    MetadataCase.Value.FILE_URL_TEXT -> Content.FromFile(File("https://cdn.example/v/1"))
                }
            }
            val check = CallerMetadataCheck(manifest, content, row.require)
            return CallerMetadataRules(claim, check, parsed(check.manifestJson), row.requireCallerMetadata).judge()
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    fun `each rule gives its exact status and code`(row: MetadataCase) {
        ContentFixture().use { fixture ->
            val result = run(row, fixture)
            assertEquals(row.status, result.status, result.detail)
            assertEquals(row.code, result.code, result.detail)
            if (row.detail != null) assertEquals(row.detail, result.detail)
            // Log safety: no salt, digest, root, locator, content, or caller-supplied reason in any detail.
            val secrets = fixture.salts.map { it.hex() } + fixture.items.map { it.sha256.hex() } + fixture.root.hex() +
                listOf("cdn.example", "SECRET-REASON", "secret.example", "a note", "arbitrary", fixture.directory.path, "no\u0301te")
            for (secret in secrets) assertFalse(result.detail.contains(secret), "\"$secret\" in: ${result.detail}")
        }
    }

    @Test
    fun `the code starts the detail exactly where Swift does - rules 4 to 8, not 1 to 3 or 9`() {
        ContentFixture(videoBytes = 100).use { fixture ->
            for (row in MetadataCase.cases()) {
                val result = run(row, fixture)
                val coded = result.code != null && result.code != ReasonCode.COMMITMENT_REQUIRED &&
                    result.code != ReasonCode.CONTENT_WITHOUT_COMMITMENT
                assertEquals(coded, result.code != null && result.detail.startsWith("${result.code.wire}: "), "${row.id}: ${result.detail}")
            }
        }
    }

    @Test
    fun `caller-supplied keys that the proof does not list are counted, not echoed`() {
        ContentFixture(videoBytes = 100).use { fixture ->
            val check = CallerMetadataCheck(
                fixture.manifestJson,
                mapOf("user@example.com" to Content.Bytes(ByteArray(0))),
                RequiredContent.Keys(listOf("+1 555 0100"))
            )
            val result = CallerMetadataRules(fixture.claim, check, parsed(check.manifestJson), false).judge()
            assertEquals("CONTENT_MISMATCH: 1 presented key and 1 required key not listed by the proof", result.detail)
        }
    }

    @Test
    fun `a FIFO is refused as unreadable without blocking`() {
        ContentFixture(videoBytes = 100).use { fixture ->
            val fifo = File(fixture.directory, "pipe")
            val made = ProcessBuilder("mkfifo", fifo.path).start()
            assertTrue(made.waitFor(10, TimeUnit.SECONDS) && made.exitValue() == 0)
            val check = CallerMetadataCheck(fixture.manifestJson, mapOf("video" to Content.FromFile(fifo)))
            val result = CallerMetadataRules(fixture.claim, check, parsed(check.manifestJson), false).judge()
            assertEquals(OutcomeStatus.INCONCLUSIVE, result.status)
            assertEquals(ReasonCode.CONTENT_UNRESOLVED, result.code)
        }
    }

    @Test
    fun `the check copies what it is given - changing the caller's arrays and map afterwards changes nothing`() {
        ContentFixture(videoBytes = 100).use { fixture ->
            val manifest = fixture.manifestJson.copyOf()
            val note = fixture.note.copyOf()
            val content = HashMap<String, Content>()
            content["note"] = Content.Bytes(note)
            val check = CallerMetadataCheck(manifest, content)
            manifest[0] = 0
            note[0] = 0
            content["photo"] = Content.Unavailable("later")
            val exposed = check.manifestJson!!
            exposed[1] = 0
            val result = CallerMetadataRules(fixture.claim, check, parsed(check.manifestJson), false).judge()
            assertEquals(Outcome.pass("1 by content, 2 by digest"), result)
            assertEquals(1, check.content.size)
        }
    }
}
