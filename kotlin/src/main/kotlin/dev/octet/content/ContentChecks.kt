package dev.octet.content

import dev.octet.outcome.Outcome
import dev.octet.outcome.OutcomeStatus
import dev.octet.outcome.ReasonCode

/**
 * The three content checks of the recipe (seed page, check taxonomy; proof-format.md, "Content";
 * Swift: `ContentChecks`, the same statuses, codes and wording). Each returns a value, never
 * throws, and is deterministic for a given input and file system state. Details name only keys the
 * proof lists (validated identifiers), never content, salts, digests, roots, locators, or the
 * reason of an `Unavailable`.
 */
internal object ContentChecks {
    /**
     * `caller-manifest`: the list the proof carries recomputes its signed `content_root`, and a
     * presented manifest ([manifest], parsed once; null when none was presented) matches that list.
     *
     * NOT-CHECKED when the proof commits no content. FAIL `MANIFEST_MISMATCH` when the list is
     * non-empty without a CONTENT stage or does not recompute the stage's root; then, with a
     * manifest, FAIL `MANIFEST_INVALID` (malformed) or `MANIFEST_MISMATCH` (differs); else PASS.
     */
    fun callerManifest(claim: ContentCommitmentClaim, manifest: PresentedManifest?): Outcome {
        if (!claim.commitsContent) return Outcome.notChecked("the proof commits no content")
        rootFailure(claim)?.let { return it }
        val count = claim.items.size
        val recomputed = "$count listed ${if (count == 1) "item recomputes" else "items recompute"} the signed content_root"
        if (manifest == null) return Outcome.pass("$recomputed; no manifest presented")
        manifest.defect?.let { return coded(OutcomeStatus.FAIL, ReasonCode.MANIFEST_INVALID, it.description) }
        val parsed = manifest.manifest ?: return coded(OutcomeStatus.FAIL, ReasonCode.MANIFEST_INVALID, "no manifest read")
        manifestDifference(parsed, claim.items)?.let { return coded(OutcomeStatus.FAIL, ReasonCode.MANIFEST_MISMATCH, it) }
        return Outcome.pass("$recomputed; the manifest matches")
    }

    /**
     * `caller-manifest-locator`: WARN naming the keys whose locator looks like a credential; null
     * when no locator is flagged (the check is then absent from the results). Never names a locator.
     */
    fun callerManifestLocator(claim: ContentCommitmentClaim): Outcome? {
        val flagged = claim.items.mapNotNull { item ->
            val reason = item.locator?.let { LocatorPolicy.flag(it) } ?: return@mapNotNull null
            "\"${item.key}\" (${reason.text})"
        }
        if (flagged.isEmpty()) return null
        val one = flagged.size == 1
        return Outcome.warn(
            ReasonCode.LOCATOR_LOOKS_LIKE_CREDENTIAL,
            "${if (one) "the locator of" else "the locators of"} ${flagged.joinToString(", ")} " +
                "${if (one) "looks" else "look"} like a credential; locators are readable by anyone holding the proof"
        )
    }

    // Shared

    /** The proof-level defect of rule 4 and of `caller-manifest`, or null when the list recomputes the root. */
    internal fun rootFailure(claim: ContentCommitmentClaim): Outcome? {
        if (!claim.hasSignedRoot) {
            return coded(OutcomeStatus.FAIL, ReasonCode.MANIFEST_MISMATCH, "the proof lists content without a CONTENT stage")
        }
        if (!claim.listRecomputesSignedRoot) {
            return coded(
                OutcomeStatus.FAIL, ReasonCode.MANIFEST_MISMATCH,
                "the proof's content list does not recompute its signed content_root"
            )
        }
        return null
    }

    /**
     * Where a manifest first differs from the list (count, or per index: key, contentType, size,
     * sha256), in log-safe words; null when it matches. Strings compare as scalar sequences (equal
     * Kotlin strings), never by canonical equivalence.
     */
    internal fun manifestDifference(manifest: Manifest, items: List<CommittedContent>): String? {
        if (manifest.entries.size != items.size) {
            return "the manifest has ${manifest.entries.size} entries, the proof lists ${items.size}"
        }
        for (index in items.indices) {
            val entry = manifest.entries[index]
            val item = items[index]
            val fields = ArrayList<String>()
            if (entry.key != item.key) fields.add("key")
            if (entry.contentType != item.contentType) fields.add("contentType")
            if (entry.size != item.size) fields.add("size")
            if (!java.util.Arrays.equals(entry.rawSha256, item.rawSha256)) fields.add("sha256")
            if (fields.isNotEmpty()) {
                return "manifest entry $index differs from the proof's item \"${item.key}\" in ${fields.joinToString(", ")}"
            }
        }
        return null
    }

    /**
     * A content outcome whose detail starts with its code (`MANIFEST_MISMATCH: …`), as the seed's
     * page shows these codes; the code itself is the outcome's `code`, never read back from the text.
     */
    internal fun coded(status: OutcomeStatus, code: ReasonCode, text: String): Outcome {
        val detail = "${code.wire}: $text"
        return when (status) {
            OutcomeStatus.FAIL -> Outcome.fail(code, detail)
            OutcomeStatus.WARN -> Outcome.warn(code, detail)
            OutcomeStatus.INCONCLUSIVE -> Outcome.inconclusive(code, detail)
            OutcomeStatus.PASS, OutcomeStatus.NOT_CHECKED -> throw IllegalArgumentException("a coded content outcome is FAIL, WARN or INCONCLUSIVE")
        }
    }

    /** Content keys for a detail: the proof's validated `[a-z0-9._-]` identifiers, quoted, in order. */
    internal fun keyList(keys: List<String>): String = keys.joinToString(", ") { "\"$it\"" }
}
