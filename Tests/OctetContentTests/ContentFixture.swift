import Foundation
import OctetContent
import OctetCrypto

/// Three committed items with known salts: "note" (bytes), "video" (a file just over the read buffer),
/// "photo" (bytes), plus files for the unhappy paths. Lives in its own temporary directory.
final class ContentFixture {
    let directory: URL
    let note = Data("a note, in words".utf8)
    let photo = Data((0..<700).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    let video: Data
    let videoURL: URL
    let salts: [[UInt8]] = [Array(0..<16), [UInt8](repeating: 0x11, count: 32), [UInt8](repeating: 0x22, count: 64)]
    let items: [CommittedContent]
    let root: [UInt8]
    let manifestJson: Data

    /// The same length as the video, one byte different.
    let videoAlteredURL: URL
    /// The video with one byte more.
    let videoLongerURL: URL
    let missingURL: URL

    init(videoBytes: Int = (1 << 20) + 17) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("octet-content-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // Random bytes: fast to make in a debug build, and no two buffers alike.
        video = Data(SecureRandom.bytes(videoBytes))
        videoURL = directory.appendingPathComponent("video.bin")
        try video.write(to: videoURL)
        var altered = video
        altered[altered.count / 2] ^= 0x01
        videoAlteredURL = directory.appendingPathComponent("video-altered.bin")
        try altered.write(to: videoAlteredURL)
        videoLongerURL = directory.appendingPathComponent("video-longer.bin")
        try (video + Data([0])).write(to: videoLongerURL)
        missingURL = directory.appendingPathComponent("missing.bin")

        let committed = try ContentCommitter.commit(
            [
                ContentToCommit(key: "note", contentType: "text/plain", source: .bytes(note)),
                ContentToCommit(
                    key: "video", contentType: "video/mp4", source: .file(videoURL),
                    locator: "https://cdn.example/v/1"),
                ContentToCommit(key: "photo", contentType: "image/jpeg", source: .bytes(photo)),
            ],
            salts: salts)
        items = committed.items
        root = committed.root
        manifestJson = committed.manifestJson
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    var claim: ContentCommitmentClaim { ContentCommitmentClaim(items: items, signedRoot: root) }

    /// The manifest with its first two entries swapped: well-formed, but not the proof's list.
    var reorderedManifest: Data {
        var manifest = Manifest(items: items, salts: salts)
        manifest.entries.swapAt(0, 1)
        return manifest.jsonData()
    }

    static func flipped(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        out[0] ^= 0x80
        return out
    }
}

extension Data {
    var hex: String { map { String(format: "%02x", $0) }.joined() }
}

extension Array where Element == UInt8 {
    var hex: String { map { String(format: "%02x", $0) }.joined() }
}
