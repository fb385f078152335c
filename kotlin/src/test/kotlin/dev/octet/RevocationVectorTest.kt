package dev.octet

import dev.octet.encoding.json.JsonReader
import dev.octet.encoding.json.JsonResult
import dev.octet.encoding.json.JsonValue
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assertions.fail
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource
import java.io.File

/**
 * The revocation vectors (`Vectors/revocation`), which the Swift suite reads too
 * (`RevocationVectorTests`): [RevocationList] reads Google's format and [DatedRevocationList]
 * applies the maximum-age rule exactly as the Swift backend does, look-up by look-up.
 */
class RevocationVectorTest {
    companion object {
        private val folder = File(System.getProperty("octet.repository"), "Vectors/revocation")

        @JvmStatic
        fun vectors(): List<String> = (folder.list() ?: emptyArray()).filter { it.endsWith(".json") }.sorted()

        private fun hexBytes(text: String): ByteArray =
            ByteArray(text.length / 2) { Integer.parseInt(text.substring(2 * it, 2 * it + 2), 16).toByte() }
    }

    @Test
    fun `the vector set is there and covers each kind of case`() {
        val names = vectors()
        assertTrue(names.size >= 25, "${names.size} vectors")
        for (prefix in listOf("google-shape", "malformed-", "dated-stale", "dated-never-fetched", "dated-fresh")) {
            assertTrue(names.any { it.startsWith(prefix) }, prefix)
        }
    }

    @ParameterizedTest
    @MethodSource("vectors")
    fun `each vector's answers`(name: String) {
        val vector = ((JsonReader.parse(File(folder, name).readBytes()) as JsonResult.Success).value as JsonValue.Object).members
        val listBytes = (vector["list"] as JsonValue.Text).value.toByteArray(Charsets.UTF_8)
        val now = (vector["nowMs"] as JsonValue.Number).number.nonNegativeInteger(Long.MAX_VALUE)!!
        val expect = (vector["expect"] as JsonValue.Object).members
        val maxAge = (vector["maxAgeSeconds"] as? JsonValue.Number)?.number?.nonNegativeInteger(1L shl 40)
        val record = (vector["record"] as? JsonValue.Text)?.value?.toByteArray(Charsets.UTF_8)
        if (expect["malformed"] == JsonValue.Bool(true)) {
            assertThrows(RevocationList.MalformedException::class.java) {
                if (maxAge == null) RevocationList.parse(listBytes) else DatedRevocationList.of(listBytes, record, maxAge * 1000) { now }
            }
            return
        }
        val source: RevocationSource =
            if (maxAge == null) RevocationList.parse(listBytes) else DatedRevocationList.of(listBytes, record, maxAge * 1000) { now }
        (expect["entryCount"] as? JsonValue.Number)?.let { assertEquals(it.number.text, source.entryCount.toString(), name) }
        val lookups = (expect["lookups"] as? JsonValue.Array)?.elements ?: return
        for (element in lookups) {
            val lookup = (element as JsonValue.Object).members
            val subjectMember = (lookup["subject"] as JsonValue.Object).members.members.single()
            val key = (subjectMember.value as JsonValue.Text).value
            val subject = when (subjectMember.name) {
                "certificate" -> RevocationSubject.Certificate(key)
                "proofKeySha256" -> RevocationSubject.ProofKey(hexBytes(key))
                "deviceKeySha256" -> RevocationSubject.DeviceKey(hexBytes(key))
                else -> fail("$name: subject ${subjectMember.name}")
            }
            val answer = (lookup["answer"] as JsonValue.Text).value
            val reason = (lookup["reason"] as? JsonValue.Text)?.value
            val got = source.lookUp(subject)
            when (answer) {
                "NOT_LISTED" -> assertEquals(RevocationLookup.NotListed, got, "$name: $key")
                "STALE" -> assertTrue(got is RevocationLookup.Stale, "$name: $key: $got")
                else -> {
                    val entry = (got as? RevocationLookup.Listed)?.entry ?: fail("$name: $key: $got")
                    assertEquals(answer, entry.status.name, "$name: $key")
                    if (reason == null) assertNull(entry.reason, "$name: $key") else assertEquals(reason, entry.reason, "$name: $key")
                }
            }
        }
    }
}
