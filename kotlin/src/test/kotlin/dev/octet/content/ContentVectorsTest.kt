package dev.octet.content

import dev.octet.checkStatus
import dev.octet.CallerMetadataCheck
import dev.octet.CallerMetadataCheck.Content
import dev.octet.CallerMetadataCheck.RequiredContent
import dev.octet.CallerMetadataRules
import dev.octet.encoding.json.JsonReader
import dev.octet.encoding.json.JsonResult
import dev.octet.encoding.json.JsonValue
import dev.octet.outcome.Outcome
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource
import java.io.File
import java.util.Base64

/**
 * The content checks alone against the Swift issuer's conformance vectors (Vectors/cases/caller-*.json):
 * the claim is read straight from the proof's protobuf (Claims.content and the CONTENT stage's
 * content_root; no signature is judged here, the spine's conformance test does that), the options'
 * callerMetadata is built as the vector says, and the three content checks must give the published
 * (status, code) for caller-manifest, caller-manifest-locator and caller-metadata.
 */
internal class ContentVectorsTest {
    companion object {
        private val cases = File(System.getProperty("octet.repository"), "Vectors/cases")

        @JvmStatic
        fun vectors(): List<String> =
            (cases.list() ?: emptyArray()).filter { it.startsWith("caller-") && it.endsWith(".json") }.sorted()

        private fun read(name: String): JsonValue.Object {
            val result = JsonReader.parse(File(cases, name).readBytes())
            return ((result as JsonResult.Success).value as JsonValue.Object)
        }

        private fun JsonValue.Object.member(name: String): JsonValue? = members[name]
        private fun JsonValue?.text(): String? = (this as? JsonValue.Text)?.value

        // A protobuf reader just large enough for the test: (field number, varint or bytes) in order.
        private class Field(val number: Int, val varint: Long, val bytes: ByteArray?)

        private fun fields(message: ByteArray): List<Field> {
            val out = ArrayList<Field>()
            var index = 0
            fun varint(): Long {
                var value = 0L
                var shift = 0
                while (true) {
                    val byte = message[index++].toInt() and 0xFF
                    value = value or ((byte and 0x7F).toLong() shl shift)
                    if (byte < 0x80) return value
                    shift += 7
                }
            }
            while (index < message.size) {
                val key = varint()
                val number = (key ushr 3).toInt()
                when ((key and 7).toInt()) {
                    0 -> out.add(Field(number, varint(), null))
                    2 -> {
                        val length = varint().toInt()
                        out.add(Field(number, 0, message.copyOfRange(index, index + length)))
                        index += length
                    }
                    1 -> index += 8
                    5 -> index += 4
                    else -> throw IllegalStateException("wire type")
                }
            }
            return out
        }

        /** LocationProof: claims = 4 (content = 7: key 1, content_type 2, size 3, sha256 4, locator 5); stages = 5 (kind 1, body 2: content_root 2). */
        fun claimOf(proof: ByteArray): ContentCommitmentClaim {
            val top = fields(proof)
            val claims = top.first { it.number == 4 }.bytes!!
            val items = fields(claims).filter { it.number == 7 }.map { commitment ->
                val f = fields(commitment.bytes!!)
                fun string(n: Int) = f.firstOrNull { it.number == n }?.bytes?.let { String(it, Charsets.UTF_8) }
                CommittedContent(
                    string(1) ?: "", string(2) ?: "", f.firstOrNull { it.number == 3 }?.varint ?: 0,
                    f.firstOrNull { it.number == 4 }?.bytes ?: ByteArray(0), string(5)
                )
            }
            val contentStage = top.filter { it.number == 5 }.map { fields(it.bytes!!) }
                .firstOrNull { stage -> stage.any { it.number == 1 && it.varint == 3L } }
            val root = contentStage?.let { stage -> fields(stage.first { it.number == 2 }.bytes!!).firstOrNull { it.number == 2 }?.bytes ?: ByteArray(0) }
            return ContentCommitmentClaim(items, root)
        }

        fun checkOf(options: JsonValue.Object?): CallerMetadataCheck? {
            val metadata = options?.member("callerMetadata") as? JsonValue.Object ?: return null
            val manifest = metadata.member("manifestJsonBase64").text()?.let { Base64.getDecoder().decode(it) }
            val content = LinkedHashMap<String, Content>()
            (metadata.member("content") as? JsonValue.Object)?.members?.members?.forEach { member ->
                val value = member.value as JsonValue.Object
                val bytes = value.member("bytesBase64").text()
                content[member.name] = if (bytes != null) Content.Bytes(Base64.getDecoder().decode(bytes))
                else Content.Unavailable(value.member("unavailable").text()!!)
            }
            val require = when (metadata.member("requireContent").text()) {
                "all" -> RequiredContent.All
                "keys" -> RequiredContent.Keys((metadata.member("requireContentKeys") as JsonValue.Array).elements.map { it.text()!! })
                else -> RequiredContent.None
            }
            return CallerMetadataCheck(manifest, content, require)
        }
    }

    @Test
    fun `the vectors are there`() {
        assertTrue(vectors().size >= 20, "found ${vectors()}")
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    fun `the content checks give each vector's published status and code`(name: String) {
        val vector = read(name)
        val proof = Base64.getDecoder().decode(vector.member("proofBase64").text())
        val options = vector.member("options") as? JsonValue.Object
        val requireCallerMetadata = (options?.member("requireCallerMetadata") as? JsonValue.Bool)?.value ?: false
        val claim = claimOf(proof)
        val check = checkOf(options)
        val manifest = parsed(check?.manifestJson)
        val ours = LinkedHashMap<String, Outcome?>()
        ours["caller-manifest"] = ContentChecks.callerManifest(claim, manifest)
        ours["caller-manifest-locator"] = ContentChecks.callerManifestLocator(claim)
        ours["caller-metadata"] = CallerMetadataRules(claim, check, manifest, requireCallerMetadata).judge()

        val expected = ((vector.member("expected") as JsonValue.Object).member("checks") as JsonValue.Array).elements
            .map { it as JsonValue.Object }
            .filter { it.member("name").text()!!.startsWith("caller-") }
            .map { "${it.member("name").text()} ${it.member("status").text()} ${it.member("code").text()}" }
        val actual = ours.filterValues { it != null }.map { (check, outcome) -> "$check ${outcome!!.status.checkStatus.wireTag} ${outcome.code?.wire}" }
        assertEquals(expected, actual, ours.values.joinToString(" | "))
    }

    @Test
    fun `the Swift issuer's signed content_root is the one this library computes`() {
        // caller-metadata--pass-all-content: two items, no locator; caller-manifest-locator--warn-query: locators.
        for ((name, root) in listOf(
            "caller-metadata--pass-all-content.json" to "1dd1e175ad10dfc85a91e810ade39511d1498fa24aa8598f0ebb84a70f81c95b",
            "caller-manifest-locator--warn-query.json" to "3153f7bd54d437de32958081e1adf2457eb13d891e55575a73a80fedfc7db7b9",
            "caller-metadata--fail-presented-empty-commitment.json" to "6035b7bb2124a5813d6b9a2041d44038100938947476eb7e6f5229ad3f754e81"
        )) {
            val claim = claimOf(Base64.getDecoder().decode(read(name).member("proofBase64").text()))
            assertEquals(root, claim.signedRoot!!.hex(), name)
            assertEquals(root, ContentRoot.compute(claim.items).hex(), name)
            assertTrue(claim.listRecomputesSignedRoot, name)
        }
    }

    @Test
    fun `the Swift issuer's manifest matches its proof, and its content matches the manifest`() {
        val vector = read("caller-metadata--pass-all-content.json")
        val claim = claimOf(Base64.getDecoder().decode(vector.member("proofBase64").text()))
        val check = checkOf(vector.member("options") as JsonValue.Object)!!
        val manifest = PresentedManifest.parse(check.manifestJson!!).manifest!!
        assertTrue(manifest.matches(claim.items))
        assertEquals(listOf("photo.jpg", "notes"), manifest.entries.map { it.key })
        assertEquals(Outcome.pass("2 by content, 0 by digest"), CallerMetadataRules(claim, check, PresentedManifest.parse(check.manifestJson!!), true).judge())
    }
}
