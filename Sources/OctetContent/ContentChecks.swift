import Foundation

/// The three content checks of the recipe (seed page, check taxonomy; proof-format.md, "Content").
/// Each returns a value, never throws, and is deterministic for a given input and file system state.
public enum ContentChecks {
    /// `caller-manifest`: the list the proof carries recomputes its signed `content_root`, and a
    /// presented manifest matches that list.
    ///
    /// NOT-CHECKED when the proof commits no content. FAIL `MANIFEST_MISMATCH` when the list is
    /// non-empty without a CONTENT stage or does not recompute the stage's root; then, with a
    /// manifest, FAIL `MANIFEST_INVALID` (malformed) or `MANIFEST_MISMATCH` (differs); else PASS.
    public static func callerManifest(_ claim: ContentCommitmentClaim, manifestJson: Data?) -> ContentJudgement {
        guard claim.commitsContent else {
            return ContentJudgement(status: .notChecked, detail: "the proof commits no content")
        }
        if let failure = rootFailure(claim) { return failure }
        let recomputed =
            "\(claim.items.count) listed \(claim.items.count == 1 ? "item recomputes" : "items recompute") "
            + "the signed content_root"
        guard let manifestJson else {
            return ContentJudgement(status: .pass, detail: recomputed + "; no manifest presented")
        }
        switch Manifest.parse(manifestJson) {
        case .failure(let defect):
            return .coded(.fail, .manifestInvalid, defect.description)
        case .success(let manifest):
            if let difference = manifestDifference(manifest, claim.items) {
                return .coded(.fail, .manifestMismatch, difference)
            }
            return ContentJudgement(status: .pass, detail: recomputed + "; the manifest matches")
        }
    }

    /// `caller-manifest-locator`: WARN naming the keys whose locator looks like a credential; nil when
    /// no locator is flagged (the check is then absent from the results). Never names a locator.
    public static func callerManifestLocator(_ claim: ContentCommitmentClaim) -> ContentJudgement? {
        let flagged = claim.items.compactMap { item -> String? in
            guard let locator = item.locator, let reason = LocatorPolicy.flag(locator) else { return nil }
            return "\"\(item.key)\" (\(reason.rawValue))"
        }
        guard !flagged.isEmpty else { return nil }
        let subject = flagged.count == 1 ? "the locator of" : "the locators of"
        return ContentJudgement(
            status: .warn,
            detail: "\(subject) \(flagged.joined(separator: ", ")) \(flagged.count == 1 ? "looks" : "look") "
                + "like a credential; locators are readable by anyone holding the proof")
    }

    /// `caller-metadata`: the ordered rules 1–9 of proof-format.md, first match wins.
    public static func callerMetadata(
        _ claim: ContentCommitmentClaim, check: CallerMetadataCheck?,
        requireCallerMetadata: Bool
    ) -> ContentJudgement {
        CallerMetadataRules(claim: claim, check: check, requireCallerMetadata: requireCallerMetadata).judge()
    }

    // MARK: Shared

    /// The proof-level defect of rule 4 and of `caller-manifest`, or nil when the list recomputes the root.
    static func rootFailure(_ claim: ContentCommitmentClaim) -> ContentJudgement? {
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
