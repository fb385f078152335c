import Foundation
import OctetContent
import OctetCrypto
import OctetOutcome
import Testing

@Suite("file content: streamed, bounded, size first")
struct FileHashingTests {
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("octet-hash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a multi-megabyte file hashes as SHA-256(salt || file), across many read buffers")
    func largeFile() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // 24 MiB + 5: many full buffers and a short tail; each MiB differs so a skipped or repeated buffer shows.
        var data = Data()
        let block = SecureRandom.bytes(1 << 20)
        for index in 0..<24 {
            var copy = block
            copy[0] = UInt8(index)
            data.append(contentsOf: copy)
        }
        data.append(contentsOf: [1, 2, 3, 4, 5])
        let url = directory.appendingPathComponent("large.bin")
        try data.write(to: url)
        let salt = SecureRandom.bytes(32)
        let expected = SHA256.hash(salt + [UInt8](data))
        #expect(ContentHashing.hashFile(url: url, salt: salt) == expected)
        #expect(ContentHashing.hash(bytes: data, salt: salt) == expected)

        // Through caller-metadata too: PASS by content, and one flipped bit in the last byte fails.
        let item = CommittedContent(
            key: "large", contentType: "application/octet-stream",
            size: UInt64(data.count), sha256: expected)
        let claim = ContentCommitmentClaim(items: [item], signedRoot: ContentRoot.compute([item]))
        let manifest = Manifest(items: [item], salts: [salt]).jsonData()
        let pass = ContentChecks.callerMetadata(
            claim, check: CallerMetadataCheck(manifestJson: manifest, content: ["large": .file(url)]),
            requireCallerMetadata: true)
        #expect(pass == Outcome.pass("1 by content, 0 by digest"))
        data[data.count - 1] ^= 0x01
        try data.write(to: url)
        let fail = ContentChecks.callerMetadata(
            claim, check: CallerMetadataCheck(manifestJson: manifest, content: ["large": .file(url)]),
            requireCallerMetadata: true)
        #expect(fail.status == .fail)
        #expect(fail.code == .contentMismatch)
    }

    @Test("a size mismatch is found without reading the file: a 64 GiB sparse file fails at once")
    func sizeMismatchWithoutReading() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("sparse.bin")
        try #require(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 64 << 30)
        try handle.close()

        let salt = [UInt8](repeating: 7, count: 16)
        let item = CommittedContent(
            key: "clip", contentType: "video/mp4", size: 5,
            sha256: SHA256.hash(salt + Array("hello".utf8)))
        let claim = ContentCommitmentClaim(items: [item], signedRoot: ContentRoot.compute([item]))
        let check = CallerMetadataCheck(
            manifestJson: Manifest(items: [item], salts: [salt]).jsonData(),
            content: ["clip": .file(url)])
        let clock = ContinuousClock()
        let start = clock.now
        let result = ContentChecks.callerMetadata(claim, check: check, requireCallerMetadata: false)
        let elapsed = clock.now - start
        #expect(result == Outcome.fail(.contentMismatch, #"CONTENT_MISMATCH: the size of "clip" differs"#))
        // Reading 64 GiB would take far longer than this.
        #expect(elapsed < .seconds(2))
    }

    @Test("unreadable files give nil: missing, a directory, a non-file URL")
    func unreadable() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let salt = [UInt8](repeating: 1, count: 16)
        #expect(ContentHashing.hashFile(url: directory.appendingPathComponent("absent"), salt: salt) == nil)
        #expect(ContentHashing.hashFile(url: directory, salt: salt) == nil)
        #expect(ContentHashing.hashFile(url: try #require(URL(string: "https://example.com/x")), salt: salt) == nil)
        let empty = directory.appendingPathComponent("empty")
        try Data().write(to: empty)
        #expect(ContentHashing.hashFile(url: empty, salt: salt) == SHA256.hash(salt))
    }
}

@Suite("ContentCommitter")
struct ContentCommitterTests {
    static let salt = [UInt8](repeating: 9, count: 16)

    @Test("committed content verifies: the manifest parses, matches, and recomputes the root")
    func roundTrip() throws {
        let note = Data("note".utf8)
        let committed = try ContentCommitter.commit([
            ContentToCommit(key: "note", contentType: "text/plain", source: .bytes(note)),
            ContentToCommit(
                key: "empty", contentType: "application/octet-stream", source: .bytes(Data()),
                locator: "asset-1"),
        ])
        #expect(committed.items.map(\.key) == ["note", "empty"])
        #expect(committed.items.map(\.size) == [4, 0])
        #expect(committed.root == ContentRoot.compute(committed.items))
        let manifest = try Manifest.parse(committed.manifestJson).get()
        #expect(manifest.entries.map(\.salt.count) == [32, 32])
        #expect(manifest.entries[0].salt != manifest.entries[1].salt)
        #expect(committed.items[0].sha256 == SHA256.hash(manifest.entries[0].salt + Array(note)))
        let claim = ContentCommitmentClaim(items: committed.items, signedRoot: committed.root)
        let result = ContentChecks.callerMetadata(
            claim,
            check: CallerMetadataCheck(
                manifestJson: committed.manifestJson, content: ["note": .bytes(note)],
                requireContent: .all),
            requireCallerMetadata: true)
        #expect(result.status == .inconclusive)  // "empty" is required and not presented
        let again = try ContentCommitter.commit([
            ContentToCommit(
                key: "note", contentType: "text/plain",
                source: .bytes(note))
        ])
        #expect(again.items[0].sha256 != committed.items[0].sha256)  // fresh salt each time
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        let id: String
        let items: [ContentToCommit]
        let salts: [[UInt8]]
        let error: ContentCommitError
        var testDescription: String { id }
    }

    static func item(_ key: String, _ type: String = "text/plain") -> ContentToCommit {
        ContentToCommit(key: key, contentType: type, source: .bytes(Data("x".utf8)))
    }

    static let refusals: [Refusal] = [
        Refusal(id: "an upper-case key", items: [item("Note")], salts: [salt], error: .invalidKey(index: 0)),
        Refusal(id: "an empty key", items: [item("")], salts: [salt], error: .invalidKey(index: 0)),
        Refusal(
            id: "a 65-byte key", items: [item(String(repeating: "k", count: 65))], salts: [salt],
            error: .invalidKey(index: 0)),
        Refusal(
            id: "a duplicate key", items: [item("a"), item("a")], salts: [salt, salt],
            error: .duplicateKey(index: 1)),
        Refusal(
            id: "a content type without a subtype", items: [item("a", "text")], salts: [salt],
            error: .invalidContentType(index: 0)),
        Refusal(
            id: "a content type with parameters", items: [item("a", "text/plain; charset=utf-8")], salts: [salt],
            error: .invalidContentType(index: 0)),
        Refusal(
            id: "an upper-case content type", items: [item("a", "Text/plain")], salts: [salt],
            error: .invalidContentType(index: 0)),
        Refusal(id: "a missing salt", items: [item("a"), item("b")], salts: [salt], error: .saltCount),
        Refusal(
            id: "a 15-byte salt", items: [item("a")], salts: [[UInt8](repeating: 1, count: 15)],
            error: .invalidSalt(index: 0)),
        Refusal(
            id: "an unreadable file",
            items: [
                ContentToCommit(
                    key: "a", contentType: "video/mp4",
                    source: .file(URL(fileURLWithPath: "/nonexistent/octet/file")))
            ], salts: [salt],
            error: .unreadableFile(index: 0)),
    ]

    @Test("invalid items are refused with the item's index", arguments: refusals)
    func refusal(_ row: Refusal) {
        #expect(throws: row.error) { try ContentCommitter.commit(row.items, salts: row.salts) }
    }

    @Test("explicit salts make the commitment reproducible, with a known digest")
    func reproducible() throws {
        let items = [ContentToCommit(key: "note", contentType: "text/plain", source: .bytes(Data("hello".utf8)))]
        let salt = Array(UInt8(0)..<16)
        let first = try ContentCommitter.commit(items, salts: [salt])
        let second = try ContentCommitter.commit(items, salts: [salt])
        #expect(first.root == second.root)
        #expect(first.manifestJson == second.manifestJson)
        #expect(first.items[0].sha256.hex == "7c9f5b9e4cc36c703715bb6eedcbb8bd80840fd48d135a07af861d1a027be360")
        #expect(
            String(decoding: first.manifestJson, as: UTF8.self)
                == #"{"v":1,"entries":[{"key":"note","contentType":"text/plain","size":5,"salt":"#
                + #""000102030405060708090a0b0c0d0e0f","sha256":"#
                + #""7c9f5b9e4cc36c703715bb6eedcbb8bd80840fd48d135a07af861d1a027be360"}]}"#
        )
    }
}
