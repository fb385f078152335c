import Foundation
import OctetContent
import OctetOutcome
import Testing

/// One row: a proof shape, what is presented, and the exact outcome (status and code).
struct MetadataCase: Sendable, CustomTestStringConvertible {
    enum Proof: Sendable { case committed, noContent, listWithoutStage, tamperedRoot, emptyStage, emptyStageTampered }
    enum ManifestShape: Sendable { case absent, valid, malformed, emptyData, reordered, emptyEntries }
    enum Value: Sendable {
        case right, rightAsBytes, wrongSameSize, wrongSize, unavailable
        case file(FileShape)
        case arbitrary
    }
    enum FileShape: Sendable { case right, altered, longer, missing, directory, http }

    let id: String
    var proof: Proof = .committed
    var nilCheck = false
    var manifest: ManifestShape = .valid
    var content: [String: Value] = [:]
    var require: CallerMetadataCheck.RequiredContent = .none
    var requireCallerMetadata = false
    let status: OutcomeStatus
    var code: ReasonCode? = nil
    /// The exact detail, where the row pins it.
    var detail: String? = nil

    var testDescription: String { id }
}

extension MetadataCase {
    /// The seed page's result table, row by row, then rules 1–9 of proof-format.md.
    static let cases: [MetadataCase] = [
        // Seed table: PASS.
        .init(
            id: "seed PASS: manifest matches, presented values match, detail counts by content and by digest",
            content: ["note": .right, "video": .file(.right)], status: .pass, detail: "2 by content, 1 by digest"),
        // Seed table: FAIL.
        .init(
            id: "seed FAIL: a value does not match (CONTENT_MISMATCH)",
            content: ["note": .wrongSameSize], status: .fail, code: .contentMismatch),
        .init(
            id: "seed FAIL: a size does not match (CONTENT_MISMATCH)",
            content: ["photo": .wrongSize], status: .fail, code: .contentMismatch),
        .init(
            id: "seed FAIL: the manifest differs from the list (MANIFEST_MISMATCH)",
            manifest: .reordered, status: .fail, code: .manifestMismatch),
        .init(
            id: "seed FAIL: the manifest is malformed (MANIFEST_INVALID)",
            manifest: .malformed, status: .fail, code: .manifestInvalid),
        .init(
            id: "seed FAIL: content presented for a proof that commits none",
            proof: .noContent, manifest: .absent, content: ["note": .right], status: .fail,
            code: .contentWithoutCommitment),
        .init(
            id: "seed FAIL: a proof without a commitment when requireCallerMetadata is set",
            proof: .noContent, nilCheck: true, requireCallerMetadata: true, status: .fail, code: .commitmentRequired),
        // Seed table: INCONCLUSIVE.
        .init(
            id: "seed INCONCLUSIVE: referenced content could not be read",
            content: ["video": .file(.missing)], status: .inconclusive, code: .contentUnresolved),
        .init(
            id: "seed INCONCLUSIVE: required content not presented",
            require: .keys(["video"]), status: .inconclusive, code: .contentUnresolved),
        .init(
            id: "seed INCONCLUSIVE: content presented without a manifest",
            manifest: .absent, content: ["note": .right], status: .inconclusive, code: .contentUnresolved),
        // Seed table: NOT-CHECKED.
        .init(id: "seed NOT-CHECKED: nothing presented", nilCheck: true, status: .notChecked),

        // Rule 1.
        .init(
            id: "rule 1: an empty CallerMetadataCheck presents nothing",
            manifest: .absent, status: .notChecked),
        .init(
            id: "rule 1: .keys([]) alone presents nothing", manifest: .absent, require: .keys([]), status: .notChecked),
        .init(
            id: "rule 1: nothing presented, requireCallerMetadata, proof commits content: NOT-CHECKED",
            nilCheck: true, requireCallerMetadata: true, status: .notChecked),
        .init(
            id: "rule 1: empty check, requireCallerMetadata, proof commits none: FAIL",
            proof: .noContent, manifest: .absent, requireCallerMetadata: true, status: .fail, code: .commitmentRequired),
        .init(
            id: "rule 1: nothing presented for a proof with a CONTENT stage and an empty list",
            proof: .emptyStage, nilCheck: true, status: .notChecked),
        // Rule 2.
        .init(
            id: "rule 2: requireCallerMetadata and a proof that commits none, with a manifest presented",
            proof: .noContent, requireCallerMetadata: true, status: .fail, code: .commitmentRequired),
        // Rule 3.
        .init(
            id: "rule 3: a manifest presented for a proof that commits none",
            proof: .noContent, status: .fail, code: .contentWithoutCommitment),
        .init(
            id: "rule 3: requireContent .all for a proof that commits none",
            proof: .noContent, manifest: .absent, require: .all, status: .fail, code: .contentWithoutCommitment),
        .init(
            id: "rule 3: .unavailable presented for a proof that commits none",
            proof: .noContent, manifest: .absent, content: ["note": .unavailable], status: .fail,
            code: .contentWithoutCommitment),
        // Rule 4.
        .init(
            id: "rule 4: an empty manifest Data is presented and malformed",
            manifest: .emptyData, status: .fail, code: .manifestInvalid),
        .init(
            id: "rule 4: MANIFEST_INVALID comes before a content mismatch",
            manifest: .malformed, content: ["note": .wrongSameSize], status: .fail, code: .manifestInvalid),
        .init(
            id: "rule 4: the list does not recompute the signed content_root",
            proof: .tamperedRoot, content: ["note": .right], status: .fail, code: .manifestMismatch),
        .init(
            id: "rule 4: the list without a CONTENT stage cannot match the commitment",
            proof: .listWithoutStage, status: .fail, code: .manifestMismatch),
        .init(
            id: "rule 4: a manifest with no entries differs from a list of three",
            manifest: .emptyEntries, status: .fail, code: .manifestMismatch),
        .init(
            id: "rule 4: MANIFEST_MISMATCH comes before a value for an unlisted key",
            manifest: .reordered, content: ["extra": .arbitrary], status: .fail, code: .manifestMismatch),
        // Rule 5.
        .init(
            id: "rule 5: a value for a key the manifest does not list",
            content: ["extra": .arbitrary], status: .fail, code: .contentMismatch),
        .init(
            id: "rule 5: .unavailable for a key the manifest does not list",
            content: ["extra": .unavailable], status: .fail, code: .contentMismatch),
        .init(
            id: "rule 5: a required key the proof does not list",
            require: .keys(["note", "extra"]), status: .fail, code: .contentMismatch),
        .init(
            id: "rule 5: comes before rule 6 (unlisted key, no manifest)",
            manifest: .absent, content: ["extra": .arbitrary], status: .fail, code: .contentMismatch),
        .init(
            id: "rule 5: keys compare by bytes: a look-alike key is not listed",
            content: ["no\u{0301}te": .arbitrary], status: .fail, code: .contentMismatch),
        // Rule 6.
        .init(
            id: "rule 6: .unavailable without a manifest",
            manifest: .absent, content: ["video": .unavailable], status: .inconclusive, code: .contentUnresolved),
        .init(
            id: "rule 6: a mismatching value without a manifest cannot be judged",
            manifest: .absent, content: ["note": .wrongSize], status: .inconclusive, code: .contentUnresolved),
        // Rule 7.
        .init(
            id: "rule 7: a file of another size", content: ["video": .file(.longer)],
            status: .fail, code: .contentMismatch, detail: #"CONTENT_MISMATCH: the size of "video" differs"#),
        .init(
            id: "rule 7: a file of the same size with other bytes", content: ["video": .file(.altered)],
            status: .fail, code: .contentMismatch,
            detail: #"CONTENT_MISMATCH: "video" does not match its digest"#),
        .init(
            id: "rule 7: bytes of the right size with other bytes", content: ["photo": .wrongSameSize],
            status: .fail, code: .contentMismatch),
        .init(
            id: "rule 7: a FAIL wins over an unreadable file",
            content: ["note": .wrongSameSize, "video": .file(.missing)], status: .fail, code: .contentMismatch),
        .init(
            id: "rule 7: a FAIL wins over .unavailable and a required key not presented",
            content: ["photo": .wrongSize, "video": .unavailable], require: .all,
            status: .fail, code: .contentMismatch),
        .init(
            id: "rule 7: one wrong size among right values is found",
            content: ["video": .rightAsBytes, "note": .wrongSize], status: .fail, code: .contentMismatch),
        // Rule 8.
        .init(
            id: "rule 8: a missing file", content: ["note": .right, "video": .file(.missing)],
            status: .inconclusive, code: .contentUnresolved,
            detail: #"CONTENT_UNRESOLVED: "video" could not be read"#),
        .init(
            id: "rule 8: a directory is not a readable file", content: ["video": .file(.directory)],
            status: .inconclusive, code: .contentUnresolved),
        .init(
            id: "rule 8: a non-file URL is not read", content: ["video": .file(.http)],
            status: .inconclusive, code: .contentUnresolved),
        .init(
            id: "rule 8: .unavailable", content: ["photo": .unavailable], status: .inconclusive,
            code: .contentUnresolved, detail: #"CONTENT_UNRESOLVED: "photo" is unavailable"#),
        .init(
            id: "rule 8: .all with one item not presented", content: ["note": .right, "video": .file(.right)],
            require: .all, status: .inconclusive, code: .contentUnresolved,
            detail: #"CONTENT_UNRESOLVED: "photo" is required but not presented"#),
        .init(
            id: "rule 8: required keys without a manifest", manifest: .absent, require: .keys(["note"]),
            status: .inconclusive, code: .contentUnresolved),
        // Rule 9.
        .init(
            id: "rule 9: .all with everything presented",
            content: [
                "note": .right, "video": .file(.right),
                "photo": .right,
            ], require: .all, status: .pass, detail: "3 by content, 0 by digest"),
        .init(
            id: "rule 9: a manifest alone accepts every item on its digest", status: .pass,
            detail: "0 by content, 3 by digest"),
        .init(
            id: "rule 9: a key required twice counts once", content: ["note": .right],
            require: .keys(["note", "note"]), status: .pass, detail: "1 by content, 2 by digest"),
        .init(
            id: "rule 9: the file presented as bytes", content: ["video": .rightAsBytes],
            status: .pass, detail: "1 by content, 2 by digest"),
        // An empty commitment (a CONTENT stage over zero items) counts as committing no content (revised).
        .init(
            id: "empty commitment: requireCallerMetadata with nothing presented FAILs",
            proof: .emptyStage, nilCheck: true, requireCallerMetadata: true, status: .fail, code: .commitmentRequired,
            detail:
                "the proof commits no content (its CONTENT stage is over zero items), and requireCallerMetadata is set"),
        .init(
            id: "empty commitment: requireCallerMetadata with an empty manifest FAILs (no more \"0 by content\")",
            proof: .emptyStage, manifest: .emptyEntries, requireCallerMetadata: true, status: .fail,
            code: .commitmentRequired),
        .init(
            id: "empty commitment: an empty manifest presented FAILs", proof: .emptyStage,
            manifest: .emptyEntries, status: .fail, code: .contentWithoutCommitment,
            detail: "content or a manifest was presented for a proof whose CONTENT stage commits zero items"),
        .init(
            id: "empty commitment: requireContent .all FAILs", proof: .emptyStage, manifest: .absent,
            require: .all, status: .fail, code: .contentWithoutCommitment),
        .init(
            id: "empty commitment: a value presented FAILs", proof: .emptyStage, manifest: .absent,
            content: ["note": .arbitrary], status: .fail, code: .contentWithoutCommitment),
        .init(
            id: "rule 9: never PASS over a list that does not recompute its root", proof: .emptyStageTampered,
            manifest: .absent, require: .all, status: .fail, code: .manifestMismatch),
    ]
}

@Suite("caller-metadata: rules 1–9 and the seed's result table")
struct CallerMetadataTests {
    static func run(_ row: MetadataCase, _ fixture: ContentFixture) throws -> Outcome {
        let claim: ContentCommitmentClaim
        switch row.proof {
        case .committed: claim = fixture.claim
        case .noContent: claim = ContentCommitmentClaim(items: [], signedRoot: nil)
        case .listWithoutStage: claim = ContentCommitmentClaim(items: fixture.items, signedRoot: nil)
        case .tamperedRoot:
            claim = ContentCommitmentClaim(items: fixture.items, signedRoot: ContentFixture.flipped(fixture.root))
        case .emptyStage: claim = ContentCommitmentClaim(items: [], signedRoot: ContentRoot.compute([]))
        case .emptyStageTampered:
            claim = ContentCommitmentClaim(items: [], signedRoot: ContentFixture.flipped(ContentRoot.compute([])))
        }
        if row.nilCheck {
            return ContentChecks.callerMetadata(claim, check: nil, requireCallerMetadata: row.requireCallerMetadata)
        }
        let manifest: Data?
        switch row.manifest {
        case .absent: manifest = nil
        case .valid: manifest = fixture.manifestJson
        case .malformed: manifest = fixture.manifestJson.dropLast()
        case .emptyData: manifest = Data()
        case .reordered: manifest = fixture.reorderedManifest
        case .emptyEntries: manifest = Data(#"{"v":1,"entries":[]}"#.utf8)
        }
        var content: [String: CallerMetadataCheck.Content] = [:]
        for (key, value) in row.content {
            let truth: Data = key == "note" ? fixture.note : key == "photo" ? fixture.photo : fixture.video
            switch value {
            case .right: content[key] = key == "video" ? .file(fixture.videoURL) : .bytes(truth)
            case .rightAsBytes: content[key] = .bytes(truth)
            case .wrongSameSize:
                var altered = truth
                altered[0] ^= 0x01
                content[key] = .bytes(altered)
            case .wrongSize: content[key] = .bytes(truth + Data([0x00]))
            case .unavailable: content[key] = .unavailable("https://secret.example/?token=SECRET-REASON")
            case .arbitrary: content[key] = .bytes(Data("arbitrary".utf8))
            case .file(let shape):
                switch shape {
                case .right: content[key] = .file(fixture.videoURL)
                case .altered: content[key] = .file(fixture.videoAlteredURL)
                case .longer: content[key] = .file(fixture.videoLongerURL)
                case .missing: content[key] = .file(fixture.missingURL)
                case .directory: content[key] = .file(fixture.directory)
                case .http: content[key] = .file(try #require(URL(string: "https://cdn.example/v/1")))
                }
            }
        }
        let check = CallerMetadataCheck(manifestJson: manifest, content: content, requireContent: row.require)
        return ContentChecks.callerMetadata(claim, check: check, requireCallerMetadata: row.requireCallerMetadata)
    }

    @Test("each rule gives its exact status and code", arguments: MetadataCase.cases)
    func rule(_ row: MetadataCase) throws {
        let fixture = try ContentFixture()
        let result = try Self.run(row, fixture)
        #expect(result.status == row.status, "\(result.detail)")
        #expect(result.code == row.code, "\(result.detail)")
        if let detail = row.detail { #expect(result.detail == detail) }
        // Log safety: no salt, digest, root, locator, content, or caller-supplied reason in any detail.
        var secrets = fixture.salts.map(\.hex) + fixture.items.map(\.sha256.hex) + [fixture.root.hex]
        secrets += ["cdn.example", "SECRET-REASON", "a note", "arbitrary", fixture.directory.path]
        for secret in secrets { #expect(!result.detail.contains(secret)) }
    }

    @Test("caller-supplied keys that the proof does not list are counted, not echoed")
    func strayKeysAreNotEchoed() throws {
        let fixture = try ContentFixture()
        let check = CallerMetadataCheck(
            manifestJson: fixture.manifestJson,
            content: ["user@example.com": .bytes(Data())],
            requireContent: .keys(["+1 555 0100"]))
        let result = ContentChecks.callerMetadata(fixture.claim, check: check, requireCallerMetadata: false)
        #expect(result.detail == "CONTENT_MISMATCH: 1 presented key and 1 required key not listed by the proof")
    }

    @Test("a FIFO is refused as unreadable without blocking")
    func fifoIsUnreadable() throws {
        let fixture = try ContentFixture()
        let fifo = fixture.directory.appendingPathComponent("pipe")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        let check = CallerMetadataCheck(manifestJson: fixture.manifestJson, content: ["video": .file(fifo)])
        let result = ContentChecks.callerMetadata(fixture.claim, check: check, requireCallerMetadata: false)
        #expect(result.status == .inconclusive)
        #expect(result.code == .contentUnresolved)
    }
}
