import Foundation
import OctetCrypto

/// One item an app commits to in a proof.
public struct ContentToCommit: Sendable {
    public enum Source: Sendable {
        case bytes(Data)
        /// A local regular file, hashed as a stream.
        case file(URL)
    }

    /// `CommittedContent.isKey`: 1..64 bytes of `[a-z0-9._-]`, unique within the proof.
    public var key: String
    /// `CommittedContent.isContentType`: `type/subtype`, each part `[a-z0-9][a-z0-9!#$&^_.+-]*`,
    /// 1..255 bytes.
    public var contentType: String
    public var source: Source
    /// Optional; where the content can be fetched. It is public in the proof: never put a credential here.
    public var locator: String?

    public init(key: String, contentType: String, source: Source, locator: String? = nil) {
        self.key = key
        self.contentType = contentType
        self.source = source
        self.locator = locator
    }
}

/// Why content could not be committed. Log-safe: it names the item index, never content.
public enum ContentCommitError: Error, Sendable, Equatable {
    case invalidKey(index: Int)
    case duplicateKey(index: Int)
    case invalidContentType(index: Int)
    case tooManyItems
    case saltCount
    case invalidSalt(index: Int)
    case unreadableFile(index: Int)
    /// The file's length changed while it was read.
    case fileChanged(index: Int)
}

/// For the issuer: commits content the way an app would, returning the proof's list, its
/// `content_root` (for the CONTENT stage) and the manifest the app hands over with the proof.
public enum ContentCommitter {
    /// The salt length drawn by `commit(_:)`.
    public static let saltLength = 32

    /// Commits `items` with fresh 32-byte salts from `SecureRandom`.
    public static func commit(_ items: [ContentToCommit]) throws(ContentCommitError)
        -> (items: [CommittedContent], root: [UInt8], manifestJson: Data)
    {
        try commit(items, salts: items.map { _ in SecureRandom.bytes(saltLength) })
    }

    /// Commits `items` with the given salts (one per item, 16..64 bytes): reproducible, for tests and vectors.
    public static func commit(_ items: [ContentToCommit], salts: [[UInt8]]) throws(ContentCommitError)
        -> (items: [CommittedContent], root: [UInt8], manifestJson: Data)
    {
        guard items.count <= Manifest.maxEntries else { throw .tooManyItems }
        guard salts.count == items.count else { throw .saltCount }
        var committed: [CommittedContent] = []
        var keys = Set<[UInt8]>()
        for (index, (item, salt)) in zip(items, salts).enumerated() {
            guard CommittedContent.isKey(item.key.utf8) else { throw .invalidKey(index: index) }
            guard keys.insert(Array(item.key.utf8)).inserted else { throw .duplicateKey(index: index) }
            guard CommittedContent.isContentType(item.contentType.utf8) else {
                throw .invalidContentType(index: index)
            }
            guard Manifest.saltLengths.contains(salt.count) else { throw .invalidSalt(index: index) }
            let size: UInt64
            let digest: [UInt8]
            switch item.source {
            case .bytes(let data):
                size = UInt64(data.count)
                digest = ContentHashing.hash(bytes: data, salt: salt)
            case .file(let url):
                guard let fileSize = ContentHashing.fileSize(url: url) else { throw .unreadableFile(index: index) }
                switch ContentHashing.hashFile(url: url, salt: salt, expectedSize: fileSize) {
                case .digest(let fileDigest): digest = fileDigest
                case .sizeMismatch: throw .fileChanged(index: index)
                case .unreadable: throw .unreadableFile(index: index)
                }
                size = fileSize
            }
            guard size <= Manifest.maxSize else { throw .unreadableFile(index: index) }
            committed.append(
                CommittedContent(
                    key: item.key, contentType: item.contentType, size: size,
                    sha256: digest, locator: item.locator))
        }
        let manifest = Manifest(items: committed, salts: salts)
        return (committed, ContentRoot.compute(committed), manifest.jsonData())
    }
}
