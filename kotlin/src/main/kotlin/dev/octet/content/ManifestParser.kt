package dev.octet.content

import dev.octet.encoding.json.JsonLimits
import dev.octet.encoding.json.JsonObject
import dev.octet.encoding.json.JsonReader
import dev.octet.encoding.json.JsonResult
import dev.octet.encoding.json.JsonValue

/**
 * The presented manifest, parsed once (inside `verify`, `caller-manifest` and `caller-metadata`
 * read the same one): exactly one of [manifest] and [defect] is non-null.
 */
internal class PresentedManifest private constructor(val manifest: Manifest?, val defect: ManifestDefect?) {
    override fun toString(): String = manifest?.toString() ?: "ManifestDefect(${defect?.description})"

    companion object {
        /** Reads [json] strictly (proof-format.md, "Content"); any deviation from the format is a [ManifestDefect]. Never throws. */
        fun parse(json: ByteArray): PresentedManifest =
            try {
                PresentedManifest(ManifestParser.manifest(json), null)
            } catch (refused: ManifestParser.Refused) {
                PresentedManifest(null, refused.defect)
            }

        internal fun of(manifest: Manifest) = PresentedManifest(manifest, null)
    }
}

/** The manifest's strictness list (proof-format.md, "Content"), applied to what [JsonReader] read (Swift: `ManifestParser`). */
internal object ManifestParser {
    private val entryMembers = listOf("key", "contentType", "size", "salt", "sha256")
    private val topMembers = listOf("v", "entries")

    /** Internal control flow (Swift's typed throws); no stack trace. */
    class Refused(val defect: ManifestDefect) : Exception(null, null, false, false)

    fun manifest(json: ByteArray): Manifest {
        // Size first, before reading anything.
        if (json.size > Manifest.MAX_BYTES) throw Refused(ManifestDefect(ManifestDefect.Code.TOO_LARGE))
        val limits = JsonLimits(maxBytes = Manifest.MAX_BYTES, maxDepth = 8, maxValues = 1 shl 18)
        val top = when (val result = JsonReader.parse(json, limits)) {
            is JsonResult.Failure -> throw Refused(ManifestDefect(ManifestDefect.Code.MALFORMED_JSON, json = result.error))
            is JsonResult.Success -> result.value
        }
        if (top !is JsonValue.Object) throw Refused(ManifestDefect(ManifestDefect.Code.NOT_AN_OBJECT))
        requireExactly(topMembers, top.members, null)
        val version = top.members["v"]
        // The literal itself: "1.0", "1e0", "-1" and "01" (already invalid JSON) are all refused.
        if (version !is JsonValue.Number || version.number.text != "1") {
            throw Refused(ManifestDefect(ManifestDefect.Code.WRONG_VERSION, member = "v"))
        }
        val list = top.members["entries"] as? JsonValue.Array
            ?: throw Refused(ManifestDefect(ManifestDefect.Code.WRONG_TYPE, member = "entries"))
        if (list.elements.size > Manifest.MAX_ENTRIES) {
            throw Refused(ManifestDefect(ManifestDefect.Code.TOO_MANY_ENTRIES, member = "entries"))
        }
        return Manifest(list.elements.mapIndexed { index, element -> entry(element, index) })
    }

    private fun entry(value: JsonValue, index: Int): Manifest.Entry {
        if (value !is JsonValue.Object) throw Refused(ManifestDefect(ManifestDefect.Code.NOT_AN_OBJECT, entry = index))
        val members = value.members
        requireExactly(entryMembers, members, index)
        val key = string("key", members, index)
        val contentType = string("contentType", members, index)
        val sizeLiteral = members["size"] as? JsonValue.Number
            ?: throw Refused(ManifestDefect(ManifestDefect.Code.WRONG_TYPE, entry = index, member = "size"))
        // Digits only, no leading zero (the JSON grammar already forbids one), no sign, fraction or exponent.
        val size = sizeLiteral.number.nonNegativeInteger(Manifest.MAX_SIZE)
            ?: throw Refused(ManifestDefect(ManifestDefect.Code.INVALID_SIZE, entry = index, member = "size"))
        val salt = hex("salt", members, index)
        if (salt.size !in Manifest.SALT_LENGTHS) {
            throw Refused(ManifestDefect(ManifestDefect.Code.INVALID_SALT_LENGTH, entry = index, member = "salt"))
        }
        val digest = hex("sha256", members, index)
        if (digest.size != 32) throw Refused(ManifestDefect(ManifestDefect.Code.INVALID_DIGEST_LENGTH, entry = index, member = "sha256"))
        return Manifest.Entry(key, contentType, size, salt, digest)
    }

    /** Exactly [names]: every one present, nothing else (duplicates never get here: the reader refuses them). */
    private fun requireExactly(names: List<String>, obj: JsonObject, entry: Int?) {
        // The unknown name itself is input, so it is not echoed.
        if (obj.members.any { it.name !in names }) throw Refused(ManifestDefect(ManifestDefect.Code.UNKNOWN_MEMBER, entry = entry))
        for (name in names) {
            if (obj[name] == null) throw Refused(ManifestDefect(ManifestDefect.Code.MISSING_MEMBER, entry = entry, member = name))
        }
    }

    private fun string(name: String, obj: JsonObject, entry: Int): String =
        (obj[name] as? JsonValue.Text)?.value
            ?: throw Refused(ManifestDefect(ManifestDefect.Code.WRONG_TYPE, entry = entry, member = name))

    private fun hex(name: String, obj: JsonObject, entry: Int): ByteArray =
        LowerHex.decode(string(name, obj, entry))
            ?: throw Refused(ManifestDefect(ManifestDefect.Code.INVALID_HEX, entry = entry, member = name))
}
