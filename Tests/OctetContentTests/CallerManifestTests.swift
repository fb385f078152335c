import Foundation
import OctetContent
import OctetOutcome
import Testing

@Suite("caller-manifest")
struct CallerManifestTests {
    struct Row: Sendable, CustomTestStringConvertible {
        enum Proof: Sendable { case committed, noContent, listWithoutStage, tamperedRoot, strippedList, emptyStage }
        enum Presented: Sendable { case none, valid, malformed, reordered, otherDigest }
        let id: String
        let proof: Proof
        let manifest: Presented
        let status: OutcomeStatus
        var code: ReasonCode? = nil
        var testDescription: String { id }
    }

    static let rows: [Row] = [
        Row(
            id: "a proof that commits no content: NOT-CHECKED, even with a manifest", proof: .noContent,
            manifest: .valid, status: .notChecked),
        Row(
            id: "a list without a CONTENT stage: MANIFEST_MISMATCH", proof: .listWithoutStage, manifest: .none,
            status: .fail, code: .manifestMismatch),
        Row(
            id: "a list that does not recompute content_root: MANIFEST_MISMATCH", proof: .tamperedRoot,
            manifest: .none, status: .fail, code: .manifestMismatch),
        Row(
            id: "a list stripped from a proof with a CONTENT stage: MANIFEST_MISMATCH", proof: .strippedList,
            manifest: .none, status: .fail, code: .manifestMismatch),
        Row(
            id: "the proof's own defect comes before a malformed manifest", proof: .tamperedRoot,
            manifest: .malformed, status: .fail, code: .manifestMismatch),
        Row(id: "a recomputing list and no manifest: PASS", proof: .committed, manifest: .none, status: .pass),
        Row(id: "a CONTENT stage over an empty list: PASS", proof: .emptyStage, manifest: .none, status: .pass),
        Row(
            id: "a malformed manifest: MANIFEST_INVALID", proof: .committed, manifest: .malformed,
            status: .fail, code: .manifestInvalid),
        Row(
            id: "a manifest in another order: MANIFEST_MISMATCH", proof: .committed, manifest: .reordered,
            status: .fail, code: .manifestMismatch),
        Row(
            id: "a manifest with another digest: MANIFEST_MISMATCH", proof: .committed, manifest: .otherDigest,
            status: .fail, code: .manifestMismatch),
        Row(id: "a matching manifest: PASS", proof: .committed, manifest: .valid, status: .pass),
    ]

    @Test("each case gives its exact status and code", arguments: rows)
    func row(_ row: Row) throws {
        let fixture = try ContentFixture(videoBytes: 1000)
        let claim: ContentCommitmentClaim
        switch row.proof {
        case .committed: claim = fixture.claim
        case .noContent: claim = ContentCommitmentClaim(items: [], signedRoot: nil)
        case .listWithoutStage: claim = ContentCommitmentClaim(items: fixture.items, signedRoot: nil)
        case .tamperedRoot:
            claim = ContentCommitmentClaim(items: fixture.items, signedRoot: ContentFixture.flipped(fixture.root))
        case .strippedList: claim = ContentCommitmentClaim(items: [], signedRoot: fixture.root)
        case .emptyStage: claim = ContentCommitmentClaim(items: [], signedRoot: ContentRoot.compute([]))
        }
        let manifest: Data?
        switch row.manifest {
        case .none: manifest = nil
        case .valid: manifest = fixture.manifestJson
        case .malformed: manifest = Data("{\"v\":1}".utf8)
        case .reordered: manifest = fixture.reorderedManifest
        case .otherDigest:
            var other = Manifest(items: fixture.items, salts: fixture.salts)
            other.entries[2].sha256 = ContentFixture.flipped(other.entries[2].sha256)
            manifest = other.jsonData()
        }
        let result = ContentChecks.callerManifest(claim, manifestJson: manifest)
        #expect(result.status == row.status, "\(result.detail)")
        #expect(result.code == row.code, "\(result.detail)")
        #expect(!result.detail.contains(fixture.root.hex))
    }

    @Test("a mismatch names the first differing entry and field, not a value")
    func mismatchDetail() throws {
        let fixture = try ContentFixture(videoBytes: 1000)
        var other = Manifest(items: fixture.items, salts: fixture.salts)
        other.entries[1].size += 1
        let result = ContentChecks.callerManifest(fixture.claim, manifestJson: other.jsonData())
        #expect(result.detail == #"MANIFEST_MISMATCH: manifest entry 1 differs from the proof's item "video" in size"#)
    }
}

@Suite("caller-manifest-locator")
struct CallerManifestLocatorTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let id: String
        let locator: String?
        let flagged: Bool
        var testDescription: String { id }
    }

    static let rows: [Row] = [
        Row(id: "no locator", locator: nil, flagged: false),
        Row(id: "a plain https URL", locator: "https://cdn.example/v/1", flagged: false),
        Row(id: "256 bytes: not flagged", locator: String(repeating: "a", count: 256), flagged: false),
        Row(id: "257 bytes: flagged", locator: String(repeating: "a", count: 257), flagged: true),
        Row(id: "257 bytes in UTF-8", locator: String(repeating: "é", count: 129), flagged: true),
        Row(id: "user info", locator: "https://user:pass@cdn.example/v/1", flagged: true),
        Row(id: "user info without a password", locator: "ftp://user@files.example", flagged: true),
        Row(id: "an @ in the path is not user info", locator: "https://cdn.example/@team/v1", flagged: false),
        Row(id: "a query", locator: "https://cdn.example/v/1?token=abc", flagged: true),
        Row(id: "an empty query", locator: "https://cdn.example/v/1?", flagged: true),
        Row(id: "a query before a fragment", locator: "https://cdn.example/v/1?a#b", flagged: true),
        Row(id: "a ? only in the fragment", locator: "https://cdn.example/v/1#part?x=1", flagged: false),
        Row(id: "an opaque id", locator: "asset-7f3a9c", flagged: false),
        Row(id: "an opaque id with ? and @ is not a scheme:// URL", locator: "bucket/key?v=2@x", flagged: false),
        Row(id: "a URN is not scheme://", locator: "urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66", flagged: false),
        Row(id: "the scheme is case-insensitive", locator: "HTTPS://u@cdn.example/", flagged: true),
        Row(
            id: "leading spaces and tabs inside are ignored, as URL parsers do",
            locator: "  ht\ttps://cdn.example/v?\n", flagged: true),
        Row(id: "backslashes count as slashes", locator: #"https:\\user@cdn.example\v"#, flagged: true),
    ]

    @Test("the locator rule", arguments: rows)
    func row(_ row: Row) {
        let items = [
            CommittedContent(
                key: "photo", contentType: "image/jpeg", size: 1, sha256: [UInt8](repeating: 1, count: 32),
                locator: "asset-1"),
            CommittedContent(
                key: "video", contentType: "video/mp4", size: 1, sha256: [UInt8](repeating: 2, count: 32),
                locator: row.locator),
        ]
        let result = ContentChecks.callerManifestLocator(ContentCommitmentClaim(items: items, signedRoot: nil))
        #expect((result != nil) == row.flagged)
        if let result {
            #expect(result.status == .warn)
            #expect(result.detail.contains("\"video\""))
            #expect(!result.detail.contains("\"photo\""))
            #expect(!result.detail.contains("cdn.example") && !result.detail.contains("user@"))
            #expect(!result.detail.contains("pass@") && !result.detail.contains("token"))
        }
    }

    @Test("several flagged locators are named by key, in the proof's order, never as locators")
    func severalKeys() {
        let items = ["a", "b", "c"].map { key in
            CommittedContent(
                key: key, contentType: "text/plain", size: 0, sha256: [UInt8](repeating: 0, count: 32),
                locator: key == "b" ? "opaque" : "https://x.example/?sig=SECRET")
        }
        let result = ContentChecks.callerManifestLocator(ContentCommitmentClaim(items: items, signedRoot: nil))
        #expect(
            result?.detail
                == #"the locators of "a" (a query), "c" (a query) look like a credential; "#
                + "locators are readable by anyone holding the proof"
        )
    }

    @Test("a locator over the limit is named with the limit, in bytes")
    func tooLongNamesTheLimit() {
        let items = [
            CommittedContent(
                key: "notes", contentType: "text/plain", size: 0, sha256: [UInt8](repeating: 0, count: 32),
                locator: String(repeating: "a", count: 257))
        ]
        let result = ContentChecks.callerManifestLocator(ContentCommitmentClaim(items: items, signedRoot: nil))
        #expect(
            result?.detail.hasPrefix(#"the locator of "notes" (longer than 256 bytes) looks like a credential"#) == true
        )
    }
}
