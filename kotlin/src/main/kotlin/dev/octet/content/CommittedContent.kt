package dev.octet.content

import java.util.Arrays

/**
 * One `ContentCommitment` from a proof, as the wire decoder validated it: a unique key of
 * `[a-z0-9._-]`, a `type/subtype` content type, the content's length, `SHA-256(salt || content)`
 * and an optional locator (Swift: `CommittedContent`).
 *
 * [size] is the wire's uint64 carried in a `Long`: a value above `Long.MAX_VALUE` reads as
 * negative here, is hashed into `content_root` with the same 64 bits, and matches no manifest
 * size (at most 2^53) and no file length. The digest is copied in and handed out as a copy.
 */
internal class CommittedContent(
    /** The app-chosen identifier of the item (log-safe). */
    val key: String,
    /** The item's MIME type. */
    val contentType: String,
    /** The content's length in bytes. */
    val size: Long,
    sha256: ByteArray,
    /** Where the content can be fetched; null when the proof carries none. */
    val locator: String? = null
) {
    private val digest = sha256.copyOf()

    /** `SHA-256(salt || content)`, 32 bytes (a copy). */
    val sha256: ByteArray get() = digest.copyOf()

    internal val rawSha256: ByteArray get() = digest

    override fun equals(other: Any?): Boolean =
        other is CommittedContent && other.key == key && other.contentType == contentType && other.size == size &&
            Arrays.equals(other.digest, digest) && other.locator == locator

    override fun hashCode(): Int = ((key.hashCode() * 31 + contentType.hashCode()) * 31 + size.hashCode()) * 31 + Arrays.hashCode(digest)

    /** Names the key and the size only: never the digest or the locator. */
    override fun toString(): String = "CommittedContent(key=$key, contentType=$contentType, size=$size)"
}

/**
 * What a proof says about content: the list it carries and, when it has a CONTENT stage, the
 * `content_root` signed in that stage (Swift: `ContentCommitmentClaim`). The root is recomputed
 * once, here: `caller-manifest` and `caller-metadata` both read the answer.
 */
internal class ContentCommitmentClaim(items: List<CommittedContent>, signedRoot: ByteArray?) {
    /** `Claims.content`, in order. */
    val items: List<CommittedContent> = items.toList()

    private val root: ByteArray? = signedRoot?.copyOf()

    /** The CONTENT stage's `content_root` (a copy); null when the proof has no CONTENT stage. */
    val signedRoot: ByteArray? get() = root?.copyOf()

    /**
     * True when there is a CONTENT stage and the list recomputes its `content_root`. A list
     * without a CONTENT stage never recomputes (so a stage cannot be stripped, nor a list added).
     */
    val listRecomputesSignedRoot: Boolean

    /**
     * The design's "empty commitment": no listed item, and a CONTENT stage whose `content_root` is
     * that of zero items. For `caller-metadata` it counts as committing no content (proof-format.md,
     * revised): it must not satisfy `requireCallerMetadata` with "0 by content, 0 by digest".
     */
    val isEmptyCommitment: Boolean

    init {
        val recomputes = root != null && Arrays.equals(ContentRoot.compute(this.items), root)
        listRecomputesSignedRoot = recomputes
        isEmptyCommitment = this.items.isEmpty() && recomputes
    }

    /** The design's "commits content": the proof has a CONTENT stage or lists content. */
    val commitsContent: Boolean get() = root != null || items.isNotEmpty()

    /** What `caller-metadata` (rules 1 to 3) counts as committing content: [commitsContent] without an [isEmptyCommitment]. */
    val commitsContentForCallerMetadata: Boolean get() = commitsContent && !isEmptyCommitment

    internal val hasSignedRoot: Boolean get() = root != null
}
