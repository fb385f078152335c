import Foundation
import OctetCrypto
import OctetOutcome

/// `caller-metadata`, proof-format.md rules 1–9 in order; the first that matches decides.
///
/// Keys are compared as UTF-8 bytes, never by Unicode canonical equivalence. Details name only keys
/// the proof lists (validated identifiers); keys that came only from the caller are counted, not echoed.
struct CallerMetadataRules {
    let claim: ContentCommitmentClaim
    let check: CallerMetadataCheck?
    /// `check.manifestJson`, parsed once by the caller.
    let manifest: Result<Manifest, ManifestDefect>?
    let requireCallerMetadata: Bool

    func judge() -> Outcome {
        // An empty commitment (no item, a CONTENT stage over zero items) counts as none here.
        let commits = claim.commitsContentForCallerMetadata
        let noCommitment =
            claim.isEmptyCommitment
            ? "the proof commits no content (its CONTENT stage is over zero items), and requireCallerMetadata is set"
            : "the proof commits no content, and requireCallerMetadata is set"

        // 1. Nothing presented.
        guard let check, presentsSomething(check) else {
            if requireCallerMetadata && !commits { return .fail(.commitmentRequired, noCommitment) }
            return .notChecked("nothing presented")
        }
        // 2. Fail-closed on a proof without a commitment.
        if requireCallerMetadata && !commits { return .fail(.commitmentRequired, noCommitment) }
        // 3. Something presented for a proof that commits nothing.
        if !commits {
            return .fail(
                .contentWithoutCommitment,
                claim.isEmptyCommitment
                    ? "content or a manifest was presented for a proof whose CONTENT stage commits zero items"
                    : "content or a manifest was presented for a proof that commits none")
        }

        // 4. The manifest: well-formed, equal to the list, and the list recomputes the signed root.
        var manifest: Manifest?
        if let presented = self.manifest {
            switch presented {
            case .failure(let defect):
                return .coded(.fail, .manifestInvalid, defect.description)
            case .success(let parsed):
                if let failure = ContentChecks.rootFailure(claim) { return failure }
                if let difference = ContentChecks.manifestDifference(parsed, claim.items) {
                    return .coded(.fail, .manifestMismatch, difference)
                }
                manifest = parsed
            }
        }

        // 5. Presented or required keys the proof does not list.
        let listed = Set(claim.items.map { Array($0.key.utf8) })
        var presented: [[UInt8]: CallerMetadataCheck.Content] = [:]
        for (key, value) in check.content { presented[Array(key.utf8)] = value }
        let required = requiredKeys(check.requireContent)
        let strayPresented = presented.keys.filter { !listed.contains($0) }.count
        let strayRequired = required.filter { !listed.contains($0) }.count
        if strayPresented > 0 || strayRequired > 0 {
            var parts: [String] = []
            if strayPresented > 0 { parts.append(count(strayPresented, "presented key")) }
            if strayRequired > 0 { parts.append(count(strayRequired, "required key")) }
            return .coded(.fail, .contentMismatch, parts.joined(separator: " and ") + " not listed by the proof")
        }

        // 6. Content without a manifest: no salts, so nothing can be checked.
        if manifest == nil && !presented.isEmpty {
            return .coded(
                .inconclusive, .contentUnresolved, "\(count(presented.count, "item")) presented without a manifest")
        }
        return finish(manifest: manifest, presented: presented, required: required)
    }

    /// Rules 7–9, once the manifest (if any) is known to equal the list.
    private func finish(
        manifest: Manifest?, presented: [[UInt8]: CallerMetadataCheck.Content],
        required: Set<[UInt8]>
    ) -> Outcome {
        // Pairs of (listed item, its manifest entry, the presented value), in the proof's order, so
        // that results never depend on dictionary order.
        var values: [(item: CommittedContent, entry: Manifest.Entry, value: Value)] = []
        var unresolved: [String] = []
        for (index, item) in claim.items.enumerated() {
            let key = Array(item.key.utf8)
            switch presented[key] {
            case .none:
                if required.contains(key) { unresolved.append("\"\(item.key)\" is required but not presented") }
            case .unavailable:
                // The caller's reason is free text and is not echoed.
                unresolved.append("\"\(item.key)\" is unavailable")
            case .bytes(let data):
                if let entry = manifest?.entries[index] { values.append((item, entry, .bytes(data))) }
            case .file(let url):
                if let entry = manifest?.entries[index] { values.append((item, entry, .file(url))) }
            }
        }

        // 7a. Sizes, found without hashing: lengths in memory, fstat for files.
        var sizeMismatches: [String] = []
        var unreadable = Set<String>()
        for (item, entry, value) in values {
            switch value {
            case .bytes(let data):
                if UInt64(data.count) != entry.size { sizeMismatches.append(item.key) }
            case .file(let url):
                guard let size = ContentHashing.fileSize(url: url) else {
                    unreadable.insert(item.key)
                    continue
                }
                if size != entry.size { sizeMismatches.append(item.key) }
            }
        }
        if !sizeMismatches.isEmpty {
            return .coded(.fail, .contentMismatch, "the size of \(Outcome.keyList(sizeMismatches)) differs")
        }

        // 7b. Salted digests. A FAIL wins over an INCONCLUSIVE, so every value is examined before rule 8.
        var digestMismatches: [String] = []
        var sizeChanged: [String] = []
        for (item, entry, value) in values where !unreadable.contains(item.key) {
            switch value {
            case .bytes(let data):
                if !ConstantTime.equal(ContentHashing.hash(bytes: data, salt: entry.salt), item.sha256) {
                    digestMismatches.append(item.key)
                }
            case .file(let url):
                switch ContentHashing.hashFile(url: url, salt: entry.salt, expectedSize: entry.size) {
                case .digest(let digest):
                    if !ConstantTime.equal(digest, item.sha256) { digestMismatches.append(item.key) }
                case .sizeMismatch:
                    sizeChanged.append(item.key)  // changed length between fstat and the read
                case .unreadable:
                    unreadable.insert(item.key)
                }
            }
        }
        if !sizeChanged.isEmpty || !digestMismatches.isEmpty {
            var parts: [String] = []
            if !sizeChanged.isEmpty { parts.append("the size of \(Outcome.keyList(sizeChanged)) differs") }
            if !digestMismatches.isEmpty {
                parts.append(
                    "\(Outcome.keyList(digestMismatches)) \(digestMismatches.count == 1 ? "does" : "do") "
                        + "not match \(digestMismatches.count == 1 ? "its digest" : "their digests")")
            }
            return .coded(.fail, .contentMismatch, parts.joined(separator: "; "))
        }

        // 8. Unreadable, unavailable, or required and not presented.
        for item in claim.items where unreadable.contains(item.key) {
            unresolved.append("\"\(item.key)\" could not be read")
        }
        if !unresolved.isEmpty {
            return .coded(.inconclusive, .contentUnresolved, unresolved.joined(separator: "; "))
        }

        // 9. PASS — never over a list that does not recompute its signed root. With a manifest, rule 4
        // already made sure; without one (reachable only with `.all` on an empty list) check it here.
        if manifest == nil, let failure = ContentChecks.rootFailure(claim) { return failure }
        let byContent = values.count
        return .pass(
            "\(byContent) by content, \(claim.items.count - byContent) by digest")
    }

    private enum Value {
        case bytes(Data)
        case file(URL)
    }

    /// Rule 1's "something presented": a manifest, any content, or a non-empty requirement.
    private func presentsSomething(_ check: CallerMetadataCheck) -> Bool {
        if check.manifestJson != nil || !check.content.isEmpty { return true }
        switch check.requireContent {
        case .none: return false
        case .keys(let keys): return !keys.isEmpty
        case .all: return true
        }
    }

    /// The required keys as a set: a key listed twice is required once; `.all` is every listed key.
    private func requiredKeys(_ requirement: CallerMetadataCheck.RequiredContent) -> Set<[UInt8]> {
        switch requirement {
        case .none: return []
        case .keys(let keys): return Set(keys.map { Array($0.utf8) })
        case .all: return Set(claim.items.map { Array($0.key.utf8) })
        }
    }

    private func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
