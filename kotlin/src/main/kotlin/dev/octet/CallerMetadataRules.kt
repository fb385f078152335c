package dev.octet

import dev.octet.CallerMetadataCheck.Content
import dev.octet.CallerMetadataCheck.RequiredContent
import dev.octet.content.CommittedContent
import dev.octet.content.ContentChecks
import dev.octet.content.ContentCommitmentClaim
import dev.octet.content.ContentHashing
import dev.octet.content.Manifest
import dev.octet.content.PresentedManifest
import dev.octet.outcome.Outcome
import dev.octet.outcome.OutcomeStatus
import dev.octet.outcome.ReasonCode
import java.io.File
import java.security.MessageDigest

/**
 * `caller-metadata`, proof-format.md rules 1–9 in order; the first that matches decides (Swift:
 * `CallerMetadataRules`, the same statuses, codes and wording).
 *
 * Keys compare as Kotlin strings, that is as Unicode scalar sequences, never by canonical
 * equivalence. Details name only keys the proof lists (validated identifiers); keys that came only
 * from the caller are counted, not echoed.
 */
internal class CallerMetadataRules(
    private val claim: ContentCommitmentClaim,
    private val check: CallerMetadataCheck?,
    /** `check.manifestJson`, parsed once by the caller. */
    private val presentedManifest: PresentedManifest?,
    private val requireCallerMetadata: Boolean
) {
    fun judge(): Outcome {
        // An empty commitment (no item, a CONTENT stage over zero items) counts as none here.
        val commits = claim.commitsContentForCallerMetadata
        val noCommitment =
            if (claim.isEmptyCommitment) {
                "the proof commits no content (its CONTENT stage is over zero items), and requireCallerMetadata is set"
            } else {
                "the proof commits no content, and requireCallerMetadata is set"
            }

        // 1. Nothing presented.
        if (check == null || !presentsSomething(check)) {
            if (requireCallerMetadata && !commits) return Outcome.fail(ReasonCode.COMMITMENT_REQUIRED, noCommitment)
            return Outcome.notChecked("nothing presented")
        }
        // 2. Fail-closed on a proof without a commitment.
        if (requireCallerMetadata && !commits) return Outcome.fail(ReasonCode.COMMITMENT_REQUIRED, noCommitment)
        // 3. Something presented for a proof that commits nothing.
        if (!commits) {
            return Outcome.fail(
                ReasonCode.CONTENT_WITHOUT_COMMITMENT,
                if (claim.isEmptyCommitment) {
                    "content or a manifest was presented for a proof whose CONTENT stage commits zero items"
                } else {
                    "content or a manifest was presented for a proof that commits none"
                }
            )
        }

        // 4. The manifest: well-formed, equal to the list, and the list recomputes the signed root.
        var manifest: Manifest? = null
        if (presentedManifest != null) {
            val defect = presentedManifest.defect
            if (defect != null) return ContentChecks.coded(OutcomeStatus.FAIL, ReasonCode.MANIFEST_INVALID, defect.description)
            val parsed = presentedManifest.manifest
                ?: return ContentChecks.coded(OutcomeStatus.FAIL, ReasonCode.MANIFEST_INVALID, "no manifest read")
            ContentChecks.rootFailure(claim)?.let { return it }
            ContentChecks.manifestDifference(parsed, claim.items)?.let {
                return ContentChecks.coded(OutcomeStatus.FAIL, ReasonCode.MANIFEST_MISMATCH, it)
            }
            manifest = parsed
        }

        // 5. Presented or required keys the proof does not list.
        val listed = claim.items.mapTo(HashSet()) { it.key }
        val presented = check.content
        val required = requiredKeys(check.requireContent)
        val strayPresented = presented.keys.count { it !in listed }
        val strayRequired = required.count { it !in listed }
        if (strayPresented > 0 || strayRequired > 0) {
            val parts = ArrayList<String>()
            if (strayPresented > 0) parts.add(count(strayPresented, "presented key"))
            if (strayRequired > 0) parts.add(count(strayRequired, "required key"))
            return ContentChecks.coded(
                OutcomeStatus.FAIL, ReasonCode.CONTENT_MISMATCH, parts.joinToString(" and ") + " not listed by the proof"
            )
        }

        // 6. Content without a manifest: no salts, so nothing can be checked.
        if (manifest == null && presented.isNotEmpty()) {
            return ContentChecks.coded(
                OutcomeStatus.INCONCLUSIVE, ReasonCode.CONTENT_UNRESOLVED,
                "${count(presented.size, "item")} presented without a manifest"
            )
        }
        return finish(manifest, presented, required)
    }

    /** One presented value with its listed item and manifest entry. */
    private class Presented(val item: CommittedContent, val entry: Manifest.Entry, val value: Content)

    /** Rules 7–9, once the manifest (if any) is known to equal the list. */
    private fun finish(manifest: Manifest?, presented: Map<String, Content>, required: Set<String>): Outcome {
        // In the proof's order, so that results never depend on the map's order.
        val values = ArrayList<Presented>()
        val unresolved = ArrayList<String>()
        for ((index, item) in claim.items.withIndex()) {
            val value = presented[item.key]
            when (value) {
                null -> if (item.key in required) unresolved.add("\"${item.key}\" is required but not presented")
                // The caller's reason is free text and is not echoed.
                is Content.Unavailable -> unresolved.add("\"${item.key}\" is unavailable")
                is Content.Bytes, is Content.FromFile ->
                    if (manifest != null) values.add(Presented(item, manifest.entries[index], value))
            }
        }

        // 7a. Sizes, found without hashing: lengths in memory, the open file's size for files.
        val sizeMismatches = ArrayList<String>()
        val unreadable = HashSet<String>()
        for (presentedValue in values) {
            val actual: Long = when (val value = presentedValue.value) {
                is Content.Bytes -> value.raw.size.toLong()
                is Content.FromFile -> ContentHashing.fileSize(value.file) ?: run {
                    unreadable.add(presentedValue.item.key)
                    null
                }
                is Content.Unavailable -> null
            } ?: continue
            if (actual != presentedValue.entry.size) sizeMismatches.add(presentedValue.item.key)
        }
        if (sizeMismatches.isNotEmpty()) {
            return ContentChecks.coded(
                OutcomeStatus.FAIL, ReasonCode.CONTENT_MISMATCH, "the size of ${ContentChecks.keyList(sizeMismatches)} differs"
            )
        }

        // 7b. Salted digests. A FAIL wins over an INCONCLUSIVE, so every value is examined before rule 8.
        val digestMismatches = ArrayList<String>()
        val sizeChanged = ArrayList<String>()
        for (presentedValue in values) {
            val key = presentedValue.item.key
            if (key in unreadable) continue
            val entry = presentedValue.entry
            when (val value = presentedValue.value) {
                is Content.Bytes ->
                    if (!MessageDigest.isEqual(ContentHashing.hash(value.raw, entry.rawSalt), presentedValue.item.rawSha256)) {
                        digestMismatches.add(key)
                    }
                is Content.FromFile -> when (val outcome = hashFile(value.file, entry)) {
                    is ContentHashing.FileOutcome.Digest ->
                        if (!MessageDigest.isEqual(outcome.digest, presentedValue.item.rawSha256)) digestMismatches.add(key)
                    // The length changed between the size and the read.
                    ContentHashing.FileOutcome.SizeMismatch -> sizeChanged.add(key)
                    ContentHashing.FileOutcome.Unreadable -> unreadable.add(key)
                }
                is Content.Unavailable -> Unit
            }
        }
        if (sizeChanged.isNotEmpty() || digestMismatches.isNotEmpty()) {
            val parts = ArrayList<String>()
            if (sizeChanged.isNotEmpty()) parts.add("the size of ${ContentChecks.keyList(sizeChanged)} differs")
            if (digestMismatches.isNotEmpty()) {
                val one = digestMismatches.size == 1
                parts.add(
                    "${ContentChecks.keyList(digestMismatches)} ${if (one) "does" else "do"} " +
                        "not match ${if (one) "its digest" else "their digests"}"
                )
            }
            return ContentChecks.coded(OutcomeStatus.FAIL, ReasonCode.CONTENT_MISMATCH, parts.joinToString("; "))
        }

        // 8. Unreadable, unavailable, or required and not presented.
        for (item in claim.items) if (item.key in unreadable) unresolved.add("\"${item.key}\" could not be read")
        if (unresolved.isNotEmpty()) {
            return ContentChecks.coded(OutcomeStatus.INCONCLUSIVE, ReasonCode.CONTENT_UNRESOLVED, unresolved.joinToString("; "))
        }

        // 9. PASS — never over a list that does not recompute its signed root. With a manifest, rule 4
        // already made sure; without one (reachable only with All on an empty list) check it here.
        if (manifest == null) ContentChecks.rootFailure(claim)?.let { return it }
        val byContent = values.size
        return Outcome.pass("$byContent by content, ${claim.items.size - byContent} by digest")
    }

    private fun hashFile(file: File, entry: Manifest.Entry): ContentHashing.FileOutcome =
        ContentHashing.hashFile(file, entry.rawSalt, entry.size)

    /** Rule 1's "something presented": a manifest, any content, or a non-empty requirement. */
    private fun presentsSomething(check: CallerMetadataCheck): Boolean {
        if (check.manifestBytes != null || check.content.isNotEmpty()) return true
        return when (val requirement = check.requireContent) {
            RequiredContent.None -> false
            is RequiredContent.Keys -> requirement.keys.isNotEmpty()
            RequiredContent.All -> true
        }
    }

    /** The required keys as a set: a key listed twice is required once; All is every listed key. */
    private fun requiredKeys(requirement: RequiredContent): Set<String> = when (requirement) {
        RequiredContent.None -> emptySet()
        is RequiredContent.Keys -> requirement.keys.toHashSet()
        RequiredContent.All -> claim.items.mapTo(HashSet()) { it.key }
    }

    private fun count(n: Int, noun: String): String = "$n $noun${if (n == 1) "" else "s"}"
}
