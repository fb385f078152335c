package dev.octet

import java.io.File
import java.util.Collections

/**
 * What a relying party presents to check a content commitment (seed page, "Caller metadata"):
 * the manifest it received with the proof, the content it wants checked, and the items it insists
 * on seeing. Byte arrays are copied in, and [manifestJson] hands out a copy, so a check never
 * changes under the verifier.
 */
class CallerMetadataCheck(
    manifestJson: ByteArray?,
    content: Map<String, Content> = emptyMap(),
    /** Default [RequiredContent.None]. */
    val requireContent: RequiredContent = RequiredContent.None
) {
    private val manifest: ByteArray? = manifestJson?.copyOf()

    /** The manifest, as received (a copy); null when none was presented. An empty array is a presented manifest. */
    val manifestJson: ByteArray? get() = manifest?.copyOf()

    /** Presented content, per manifest key (a read-only copy of the map given). */
    val content: Map<String, Content> = Collections.unmodifiableMap(LinkedHashMap(content))

    /** The manifest without a copy, for the content checks. */
    internal val manifestBytes: ByteArray? get() = manifest

    /** One presented item. */
    sealed class Content {
        /** The content, in memory (copied in; [value] hands out a copy). */
        class Bytes(value: ByteArray) : Content() {
            private val bytes = value.copyOf()

            val value: ByteArray get() = bytes.copyOf()

            /** The bytes without a copy, for hashing. */
            internal val raw: ByteArray get() = bytes

            override fun toString(): String = "Bytes(${bytes.size} bytes)"
        }

        /** The content, in a local regular file; hashed as a stream in bounded memory, however large. */
        data class FromFile(val file: File) : Content()

        /** Content you were told about but could not fetch; the reason is never echoed in results. */
        data class Unavailable(val reason: String) : Content()
    }

    /** The items that must be presented for the check to pass. */
    sealed class RequiredContent {
        /** Nothing required: an item you leave out is accepted on its digest. */
        object None : RequiredContent()

        /** These keys (a key listed twice counts once; `Keys(emptyList())` requires nothing). */
        data class Keys(val keys: List<String>) : RequiredContent()

        /** Every item the proof lists. */
        object All : RequiredContent()
    }
}
