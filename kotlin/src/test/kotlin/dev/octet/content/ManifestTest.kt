package dev.octet.content

import dev.octet.encoding.json.JsonError
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource

/** Builds manifest texts member by member, so that each row changes exactly one thing (Swift: `ManifestText`). */
internal object ManifestText {
    val salt = "ab".repeat(32)
    val digest = "cd".repeat(32)

    fun entry(
        key: String = "\"note\"",
        contentType: String = "\"text/plain\"",
        size: String = "5",
        salt: String = "\"${ManifestText.salt}\"",
        sha256: String = "\"$digest\"",
        omit: String? = null,
        extra: String? = null
    ): String {
        val members = listOf("key" to key, "contentType" to contentType, "size" to size, "salt" to salt, "sha256" to sha256)
        val parts = members.filter { it.first != omit }.map { "\"${it.first}\":${it.second}" }.toMutableList()
        if (extra != null) parts.add(extra)
        return "{" + parts.joinToString(",") + "}"
    }

    fun manifest(v: String = "1", entries: List<String> = listOf(entry())): String =
        "{\"v\":$v,\"entries\":[" + entries.joinToString(",") + "]}"

    fun hexBytes(count: Int): String = "\"" + "0f".repeat(count) + "\""
}

/** One refused manifest: its bytes, the defect's code and, for malformed JSON, the reader's code. */
internal class ManifestDefectCase(val id: String, val bytes: ByteArray, val code: ManifestDefect.Code, val json: JsonError.Code? = null) {
    constructor(id: String, text: String, code: ManifestDefect.Code, json: JsonError.Code? = null) :
        this(id, text.toByteArray(Charsets.UTF_8), code, json)

    override fun toString(): String = id
}

internal class ManifestTest {
    companion object {
        private val T = ManifestText

        /** The Swift suite's table (ManifestTests.swift), row for row, plus the depth bound. */
        @JvmStatic
        fun cases(): List<ManifestDefectCase> = listOf(
            ManifestDefectCase("malformed JSON (truncated)", T.manifest().dropLast(1), ManifestDefect.Code.MALFORMED_JSON, JsonError.Code.UNEXPECTED_END),
            ManifestDefectCase("malformed JSON (trailing data)", T.manifest() + " {}", ManifestDefect.Code.MALFORMED_JSON, JsonError.Code.TRAILING_DATA),
            ManifestDefectCase("malformed JSON (trailing comma)", "{\"v\":1,\"entries\":[],}", ManifestDefect.Code.MALFORMED_JSON, JsonError.Code.UNEXPECTED_BYTE),
            ManifestDefectCase("not an object", "[]", ManifestDefect.Code.NOT_AN_OBJECT),
            ManifestDefectCase("v is 2", T.manifest(v = "2"), ManifestDefect.Code.WRONG_VERSION),
            ManifestDefectCase("v is 1.0", T.manifest(v = "1.0"), ManifestDefect.Code.WRONG_VERSION),
            ManifestDefectCase("v is 1e0", T.manifest(v = "1e0"), ManifestDefect.Code.WRONG_VERSION),
            ManifestDefectCase("v is \"1\"", T.manifest(v = "\"1\""), ManifestDefect.Code.WRONG_VERSION),
            ManifestDefectCase("v is -1", T.manifest(v = "-1"), ManifestDefect.Code.WRONG_VERSION),
            ManifestDefectCase("v is true", T.manifest(v = "true"), ManifestDefect.Code.WRONG_VERSION),
            ManifestDefectCase("v is 01 (not JSON)", T.manifest(v = "01"), ManifestDefect.Code.MALFORMED_JSON, JsonError.Code.INVALID_NUMBER),
            ManifestDefectCase("v missing", "{\"entries\":[]}", ManifestDefect.Code.MISSING_MEMBER),
            ManifestDefectCase("entries missing", "{\"v\":1}", ManifestDefect.Code.MISSING_MEMBER),
            ManifestDefectCase("an extra top-level member", "{\"v\":1,\"entries\":[],\"note\":0}", ManifestDefect.Code.UNKNOWN_MEMBER),
            ManifestDefectCase("v twice", "{\"v\":1,\"v\":1,\"entries\":[]}", ManifestDefect.Code.MALFORMED_JSON, JsonError.Code.DUPLICATE_MEMBER),
            ManifestDefectCase("entries is an object", "{\"v\":1,\"entries\":{}}", ManifestDefect.Code.WRONG_TYPE),
            ManifestDefectCase("an entry is a number", T.manifest(entries = listOf("1")), ManifestDefect.Code.NOT_AN_OBJECT),
            ManifestDefectCase("entry without key", T.manifest(entries = listOf(T.entry(omit = "key"))), ManifestDefect.Code.MISSING_MEMBER),
            ManifestDefectCase("entry without contentType", T.manifest(entries = listOf(T.entry(omit = "contentType"))), ManifestDefect.Code.MISSING_MEMBER),
            ManifestDefectCase("entry without size", T.manifest(entries = listOf(T.entry(omit = "size"))), ManifestDefect.Code.MISSING_MEMBER),
            ManifestDefectCase("entry without salt", T.manifest(entries = listOf(T.entry(omit = "salt"))), ManifestDefect.Code.MISSING_MEMBER),
            ManifestDefectCase("entry without sha256", T.manifest(entries = listOf(T.entry(omit = "sha256"))), ManifestDefect.Code.MISSING_MEMBER),
            ManifestDefectCase("entry with an extra member", T.manifest(entries = listOf(T.entry(extra = "\"locator\":\"x\""))), ManifestDefect.Code.UNKNOWN_MEMBER),
            ManifestDefectCase("entry with key twice", T.manifest(entries = listOf(T.entry(extra = "\"key\":\"note\""))), ManifestDefect.Code.MALFORMED_JSON, JsonError.Code.DUPLICATE_MEMBER),
            ManifestDefectCase("key is a number", T.manifest(entries = listOf(T.entry(key = "1"))), ManifestDefect.Code.WRONG_TYPE),
            ManifestDefectCase("contentType is null", T.manifest(entries = listOf(T.entry(contentType = "null"))), ManifestDefect.Code.WRONG_TYPE),
            ManifestDefectCase("size is a string", T.manifest(entries = listOf(T.entry(size = "\"5\""))), ManifestDefect.Code.WRONG_TYPE),
            ManifestDefectCase("salt is a number", T.manifest(entries = listOf(T.entry(salt = "5"))), ManifestDefect.Code.WRONG_TYPE),
            ManifestDefectCase("sha256 is an array", T.manifest(entries = listOf(T.entry(sha256 = "[]"))), ManifestDefect.Code.WRONG_TYPE),
            ManifestDefectCase("salt in upper-case hex", T.manifest(entries = listOf(T.entry(salt = "\"${"AB".repeat(32)}\""))), ManifestDefect.Code.INVALID_HEX),
            ManifestDefectCase("sha256 in upper-case hex", T.manifest(entries = listOf(T.entry(sha256 = "\"${"CD".repeat(32)}\""))), ManifestDefect.Code.INVALID_HEX),
            ManifestDefectCase("salt of odd length", T.manifest(entries = listOf(T.entry(salt = "\"${T.salt}a\""))), ManifestDefect.Code.INVALID_HEX),
            ManifestDefectCase("salt with a non-hex letter", T.manifest(entries = listOf(T.entry(salt = "\"${T.salt.dropLast(2)}zz\""))), ManifestDefect.Code.INVALID_HEX),
            ManifestDefectCase("sha256 with a 0x prefix", T.manifest(entries = listOf(T.entry(sha256 = "\"0x${T.digest.dropLast(2)}\""))), ManifestDefect.Code.INVALID_HEX),
            ManifestDefectCase("salt of 15 bytes", T.manifest(entries = listOf(T.entry(salt = T.hexBytes(15)))), ManifestDefect.Code.INVALID_SALT_LENGTH),
            ManifestDefectCase("salt of 65 bytes", T.manifest(entries = listOf(T.entry(salt = T.hexBytes(65)))), ManifestDefect.Code.INVALID_SALT_LENGTH),
            ManifestDefectCase("empty salt", T.manifest(entries = listOf(T.entry(salt = "\"\""))), ManifestDefect.Code.INVALID_SALT_LENGTH),
            ManifestDefectCase("sha256 of 31 bytes", T.manifest(entries = listOf(T.entry(sha256 = T.hexBytes(31)))), ManifestDefect.Code.INVALID_DIGEST_LENGTH),
            ManifestDefectCase("sha256 of 33 bytes", T.manifest(entries = listOf(T.entry(sha256 = T.hexBytes(33)))), ManifestDefect.Code.INVALID_DIGEST_LENGTH),
            ManifestDefectCase("size with a leading zero", T.manifest(entries = listOf(T.entry(size = "05"))), ManifestDefect.Code.MALFORMED_JSON, JsonError.Code.INVALID_NUMBER),
            ManifestDefectCase("size with a minus sign", T.manifest(entries = listOf(T.entry(size = "-5"))), ManifestDefect.Code.INVALID_SIZE),
            ManifestDefectCase("size -0", T.manifest(entries = listOf(T.entry(size = "-0"))), ManifestDefect.Code.INVALID_SIZE),
            ManifestDefectCase("size with a plus sign", T.manifest(entries = listOf(T.entry(size = "+5"))), ManifestDefect.Code.MALFORMED_JSON, JsonError.Code.UNEXPECTED_BYTE),
            ManifestDefectCase("size with an exponent", T.manifest(entries = listOf(T.entry(size = "5e0"))), ManifestDefect.Code.INVALID_SIZE),
            ManifestDefectCase("size with a fraction", T.manifest(entries = listOf(T.entry(size = "5.0"))), ManifestDefect.Code.INVALID_SIZE),
            ManifestDefectCase("size 2^53 + 1", T.manifest(entries = listOf(T.entry(size = "9007199254740993"))), ManifestDefect.Code.INVALID_SIZE),
            ManifestDefectCase("size beyond UInt64", T.manifest(entries = listOf(T.entry(size = "123456789012345678901234567890"))), ManifestDefect.Code.INVALID_SIZE),
            ManifestDefectCase("1025 entries", T.manifest(entries = List(1025) { T.entry() }), ManifestDefect.Code.TOO_MANY_ENTRIES),
            ManifestDefectCase(
                "larger than 1 MiB",
                T.manifest() + " ".repeat((1 shl 20) + 1 - T.manifest().length), ManifestDefect.Code.TOO_LARGE
            ),
            ManifestDefectCase(
                "a byte order mark",
                byteArrayOf(0xEF.toByte(), 0xBB.toByte(), 0xBF.toByte()) + T.manifest().toByteArray(Charsets.UTF_8),
                ManifestDefect.Code.MALFORMED_JSON, JsonError.Code.BYTE_ORDER_MARK
            ),
            ManifestDefectCase("a lone high surrogate escape", T.manifest(entries = listOf(T.entry(key = "\"\\ud800\""))), ManifestDefect.Code.MALFORMED_JSON, JsonError.Code.LONE_SURROGATE),
            ManifestDefectCase("a lone low surrogate escape", T.manifest(entries = listOf(T.entry(key = "\"\\udc00x\""))), ManifestDefect.Code.MALFORMED_JSON, JsonError.Code.LONE_SURROGATE),
            ManifestDefectCase(
                "a high surrogate escape followed by a non-surrogate escape",
                T.manifest(entries = listOf(T.entry(key = "\"\\ud800\\u0041\""))), ManifestDefect.Code.MALFORMED_JSON, JsonError.Code.LONE_SURROGATE
            ),
            ManifestDefectCase(
                "invalid UTF-8 (overlong)",
                "{\"v\":1,\"entries\":[],".toByteArray(Charsets.UTF_8) + byteArrayOf(0x22, 0xC0.toByte(), 0xAF.toByte(), 0x22) + ":1}".toByteArray(Charsets.UTF_8),
                ManifestDefect.Code.MALFORMED_JSON, JsonError.Code.INVALID_UTF8
            ),
            ManifestDefectCase(
                "an encoded surrogate in raw UTF-8 (ED A0 80)",
                "{\"v\":1,\"entries\":[],".toByteArray(Charsets.UTF_8) + byteArrayOf(0x22, 0xED.toByte(), 0xA0.toByte(), 0x80.toByte(), 0x22) + ":1}".toByteArray(Charsets.UTF_8),
                ManifestDefect.Code.MALFORMED_JSON, JsonError.Code.INVALID_UTF8
            ),
            ManifestDefectCase("an unescaped control character", T.manifest(entries = listOf(T.entry(key = "\"no\tte\""))), ManifestDefect.Code.MALFORMED_JSON, JsonError.Code.CONTROL_CHARACTER_IN_STRING),
            ManifestDefectCase("a single-quoted string", "{'v':1,\"entries\":[]}", ManifestDefect.Code.MALFORMED_JSON, JsonError.Code.UNEXPECTED_BYTE),
            // The reader's depth bound for a manifest is 8: the object, entries and an entry are 3, so
            // a member nesting 6 arrays reaches 9 and is refused as JSON; 5 arrays (depth 8) are read.
            ManifestDefectCase(
                "nesting deeper than 8",
                T.manifest(entries = listOf(T.entry(key = "[".repeat(6) + "]".repeat(6)))), ManifestDefect.Code.MALFORMED_JSON, JsonError.Code.TOO_DEEP
            ),
            ManifestDefectCase(
                "nesting just inside the bound is read, then refused by the schema",
                T.manifest(entries = listOf(T.entry(key = "[".repeat(5) + "]".repeat(5)))), ManifestDefect.Code.WRONG_TYPE
            ),
            ManifestDefectCase("an empty manifest", "", ManifestDefect.Code.MALFORMED_JSON, JsonError.Code.UNEXPECTED_END)
        )
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    fun `every defect is refused with its code`(row: ManifestDefectCase) {
        val result = PresentedManifest.parse(row.bytes)
        assertNull(result.manifest, "accepted: ${row.id}")
        val defect = result.defect
        assertNotNull(defect)
        assertEquals(row.code, defect!!.code, defect.description)
        assertEquals(row.json, defect.json?.code, defect.description)
    }

    @Test
    fun `the boundary values are accepted - salt 16 and 64 bytes, size 0 and 2^53, 1024 entries, exactly 1 MiB`() {
        val accepted = listOf(
            T.manifest(entries = listOf(T.entry(salt = T.hexBytes(16)))),
            T.manifest(entries = listOf(T.entry(salt = T.hexBytes(64)))),
            T.manifest(entries = listOf(T.entry(size = "0"))),
            T.manifest(entries = listOf(T.entry(size = "9007199254740992"))),
            T.manifest(entries = List(1024) { T.entry() }),
            T.manifest(entries = emptyList()),
            T.manifest() + "\n".repeat((1 shl 20) - T.manifest().length),
            // Member order and whitespace are free; escapes decode.
            " { \"entries\" : [ { \"sha256\":\"${T.digest}\", \"salt\":\"${T.salt}\", \"size\":5, " +
                "\"contentType\":\"text\\/plain\", \"key\":\"n\\u006fte\" } ] ,\r\n\t\"v\" : 1 } "
        )
        assertEquals(1 shl 20, accepted[6].length)
        for (text in accepted) {
            val result = PresentedManifest.parse(text.toByteArray(Charsets.UTF_8))
            assertNull(result.defect, "refused: ${result.defect}")
            assertTrue(result.manifest!!.entries.size <= 1024)
        }
        assertEquals(1024, PresentedManifest.parse(accepted[4].toByteArray()).manifest!!.entries.size)
        assertEquals(
            Manifest(listOf(Manifest.Entry("note", "text/plain", 5, ByteArray(32) { 0xAB.toByte() }, ByteArray(32) { 0xCD.toByte() }))),
            PresentedManifest.parse(accepted[7].toByteArray()).manifest
        )
        assertEquals(1L shl 53, PresentedManifest.parse(accepted[3].toByteArray()).manifest!!.entries[0].size)
    }

    @Test
    fun `a surrogate pair escape decodes to one scalar`() {
        val manifest = PresentedManifest.parse(T.manifest(entries = listOf(T.entry(key = "\"\\ud83d\\ude00\""))).toByteArray()).manifest
        assertEquals("\uD83D\uDE00", manifest!!.entries[0].key)
    }

    @Test
    fun `a manifest written by jsonData reads back to the same entries`() {
        ContentFixture(videoBytes = 100).use { fixture ->
            val manifest = PresentedManifest.parse(fixture.manifestJson).manifest!!
            assertEquals(Manifest.of(fixture.items, fixture.salts), manifest)
            assertTrue(manifest.matches(fixture.items))
            assertTrue(manifest.jsonData().contentEquals(fixture.manifestJson))
        }
    }

    @Test
    fun `jsonData is the Swift issuer's text, byte for byte`() {
        // Tests/OctetContentTests/FileHashingTests.swift, "explicit salts make the commitment reproducible".
        val salt = ByteArray(16) { it.toByte() }
        val item = commit("note", "text/plain", "hello".toByteArray(), salt)
        assertEquals("7c9f5b9e4cc36c703715bb6eedcbb8bd80840fd48d135a07af861d1a027be360", item.sha256.hex())
        assertEquals(
            "{\"v\":1,\"entries\":[{\"key\":\"note\",\"contentType\":\"text/plain\",\"size\":5,\"salt\":" +
                "\"000102030405060708090a0b0c0d0e0f\",\"sha256\":" +
                "\"7c9f5b9e4cc36c703715bb6eedcbb8bd80840fd48d135a07af861d1a027be360\"}]}",
            String(Manifest.of(listOf(item), listOf(salt)).jsonData(), Charsets.UTF_8)
        )
        // Only what RFC 8259 requires is escaped, and the text reads back.
        val odd = CommittedContent("a\"b\\c\u0001é", "text/plain", 0, ByteArray(32))
        val json = Manifest.of(listOf(odd), listOf(salt)).jsonData()
        assertTrue(String(json, Charsets.UTF_8).contains("\"key\":\"a\\\"b\\\\c\\u0001é\""))
        assertEquals(odd.key, PresentedManifest.parse(json).manifest!!.entries[0].key)
    }

    @Test
    fun `a defect's description names no value and no name from the input`() {
        val text = T.manifest(entries = listOf(T.entry(extra = "\"secret-member\":\"secret-value\"")))
        val defect = PresentedManifest.parse(text.toByteArray()).defect!!
        assertEquals(ManifestDefect.Code.UNKNOWN_MEMBER, defect.code)
        assertFalse(defect.description.contains("secret"))
        assertEquals("entry 0: unknown member", defect.description)
    }

    @Test
    fun `a defect's description reads as Swift's - entry, member, code, then the JSON error`() {
        assertEquals(
            "entry 0, salt: salt is not 16..64 bytes",
            PresentedManifest.parse(T.manifest(entries = listOf(T.entry(salt = T.hexBytes(15)))).toByteArray()).defect!!.description
        )
        assertEquals(
            "not strict JSON (duplicate member name at byte 7)",
            PresentedManifest.parse("{\"v\":1,\"v\":1,\"entries\":[]}".toByteArray()).defect!!.description
        )
        assertEquals("v: v is not the integer literal 1", PresentedManifest.parse(T.manifest(v = "1.0").toByteArray()).defect!!.description)
    }
}
