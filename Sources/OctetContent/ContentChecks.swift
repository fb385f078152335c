import Foundation
import OctetOutcome

/// The three content checks of the recipe (seed page, check taxonomy; proof-format.md, "Content").
/// Each returns a value, never throws, and is deterministic for a given input and file system state.
public enum ContentChecks {
    /// `caller-manifest`: the list the proof carries recomputes its signed `content_root`, and a
    /// presented manifest matches that list.
    ///
    /// NOT-CHECKED when the proof commits no content. FAIL `MANIFEST_MISMATCH` when the list is
    /// non-empty without a CONTENT stage or does not recompute the stage's root; then, with a
    /// manifest, FAIL `MANIFEST_INVALID` (malformed) or `MANIFEST_MISMATCH` (differs); else PASS.
    public static func callerManifest(_ claim: ContentCommitmentClaim, manifestJson: Data?) -> Outcome {
        callerManifest(claim, manifest: manifestJson.map(Manifest.parse))
    }

    /// `caller-manifest` over a manifest already parsed (inside `verify`, the one `caller-metadata`
    /// reads too); nil when none was presented.
    public static func callerManifest(
        _ claim: ContentCommitmentClaim, manifest presented: Result<Manifest, ManifestDefect>?
    ) -> Outcome {
        guard claim.commitsContent else {
            return .notChecked("the proof commits no content")
        }
        if let failure = rootFailure(claim) { return failure }
        let recomputed =
            "\(claim.items.count) listed \(claim.items.count == 1 ? "item recomputes" : "items recompute") "
            + "the signed content_root"
        guard let presented else {
            return .pass(recomputed + "; no manifest presented")
        }
        switch presented {
        case .failure(let defect):
            return .coded(.fail, .manifestInvalid, defect.description)
        case .success(let manifest):
            if let difference = manifestDifference(manifest, claim.items) {
                return .coded(.fail, .manifestMismatch, difference)
            }
            return .pass(recomputed + "; the manifest matches")
        }
    }

    /// `caller-manifest-locator`: WARN naming the keys whose locator looks like a credential; nil when
    /// no locator is flagged (the check is then absent from the results). Never names a locator.
    public static func callerManifestLocator(_ claim: ContentCommitmentClaim) -> Outcome? {
        let flagged = claim.items.compactMap { item -> String? in
            guard let locator = item.locator, let reason = LocatorPolicy.flag(locator) else { return nil }
            return "\"\(item.key)\" (\(reason.text))"
        }
        guard !flagged.isEmpty else { return nil }
        let subject = flagged.count == 1 ? "the locator of" : "the locators of"
        return .warn(
            .locatorLooksLikeCredential,
            "\(subject) \(flagged.joined(separator: ", ")) \(flagged.count == 1 ? "looks" : "look") "
                + "like a credential; locators are readable by anyone holding the proof")
    }

    /// `caller-metadata`: the ordered rules 1–9 of proof-format.md, first match wins.
    public static func callerMetadata(
        _ claim: ContentCommitmentClaim, check: CallerMetadataCheck?,
        requireCallerMetadata: Bool
    ) -> Outcome {
        callerMetadata(
            claim, check: check, manifest: check?.manifestJson.map(Manifest.parse),
            requireCallerMetadata: requireCallerMetadata)
    }

    /// `caller-metadata` with `check.manifestJson` already parsed into `manifest`.
    public static func callerMetadata(
        _ claim: ContentCommitmentClaim, check: CallerMetadataCheck?, manifest: Result<Manifest, ManifestDefect>?,
        requireCallerMetadata: Bool
    ) -> Outcome {
        CallerMetadataRules(
            claim: claim, check: check, manifest: manifest, requireCallerMetadata: requireCallerMetadata
        ).judge()
    }

    // MARK: Shared

    /// The proof-level defect of rule 4 and of `caller-manifest`, or nil when the list recomputes the root.
    static func rootFailure(_ claim: ContentCommitmentClaim) -> Outcome? {
        guard claim.signedRoot != nil else {
            return .coded(.fail, .manifestMismatch, "the proof lists content without a CONTENT stage")
        }
        guard claim.listRecomputesSignedRoot else {
            return .coded(
                .fail, .manifestMismatch, "the proof's content list does not recompute its signed content_root")
        }
        return nil
    }

    /// Where a manifest first differs from the list (count, or per index: key, contentType, size,
    /// sha256), in log-safe words; nil when it matches.
    static func manifestDifference(_ manifest: Manifest, _ items: [CommittedContent]) -> String? {
        guard manifest.entries.count == items.count else {
            return "the manifest has \(manifest.entries.count) entries, the proof lists \(items.count)"
        }
        for (index, (entry, item)) in zip(manifest.entries, items).enumerated() {
            var fields: [String] = []
            if !entry.key.utf8.elementsEqual(item.key.utf8) { fields.append("key") }
            if !entry.contentType.utf8.elementsEqual(item.contentType.utf8) { fields.append("contentType") }
            if entry.size != item.size { fields.append("size") }
            if entry.sha256 != item.sha256 { fields.append("sha256") }
            if !fields.isEmpty {
                return "manifest entry \(index) differs from the proof's item \"\(item.key)\" in "
                    + fields.joined(separator: ", ")
            }
        }
        return nil
    }
}

extension Outcome {
    /// A content outcome whose detail starts with its code (`MANIFEST_MISMATCH: …`), as the seed's
    /// page shows these four codes; the code itself is `code`, never read back from the text.
    static func coded(_ status: OutcomeStatus, _ code: ReasonCode, _ text: String) -> Outcome {
        let detail = "\(code.rawValue): \(text)"
        switch status {
        case .fail: return .fail(code, detail)
        case .warn: return .warn(code, detail)
        case .inconclusive: return .inconclusive(code, detail)
        case .pass, .notChecked: preconditionFailure("a coded content outcome is FAIL, WARN or INCONCLUSIVE")
        }
    }

    /// Content keys for a detail: validated `[a-z0-9._-]` identifiers from the proof, quoted, in order.
    static func keyList(_ keys: [String]) -> String {
        keys.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
