/// One `ContentCommitment` from a proof, as the wire decoder validated it: a unique key of
/// `[a-z0-9._-]`, a `type/subtype` content type, the content's length, `SHA-256(salt || content)`,
/// and an optional locator.
public struct CommittedContent: Sendable, Hashable {
    /// The app-chosen identifier of the item (log-safe).
    public var key: String
    /// The item's MIME type.
    public var contentType: String
    /// The content's length in bytes.
    public var size: UInt64
    /// `SHA-256(salt || content)`, 32 bytes.
    public var sha256: [UInt8]
    /// Where the content can be fetched; nil when the proof carries none.
    public var locator: String?

    /// The bound of `key` (`ProofSchema.ContentCommitment.key` names it).
    package static let keyBytes = 1...64
    /// The bound of `contentType` (`ProofSchema.ContentCommitment.contentType` names it).
    package static let contentTypeBytes = 1...255
    /// The characters of a key, as details print them.
    package static let keyCharacters = "[a-z0-9._-]"

    /// A key's syntax: ``keyBytes`` bytes of ``keyCharacters``. The decoder and `ContentCommitter`
    /// both ask here.
    package static func isKey(_ bytes: some Collection<UInt8>) -> Bool {
        keyBytes.contains(bytes.count) && bytes.allSatisfy(isKeyByte)
    }

    /// A media type's syntax: ``contentTypeBytes`` bytes of `type/subtype`, each part
    /// `[a-z0-9][a-z0-9!#$&^_.+-]*`.
    package static func isContentType(_ bytes: some Collection<UInt8>) -> Bool {
        guard contentTypeBytes.contains(bytes.count) else { return false }
        let parts = bytes.split(separator: 0x2F, maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        return parts.allSatisfy { part in
            guard let first = part.first, isAlphanumeric(first) else { return false }
            return part.dropFirst().allSatisfy { isAlphanumeric($0) || "!#$&^_.+-".utf8.contains($0) }
        }
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == 0x2E || byte == 0x5F || byte == 0x2D
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
    }

    public init(key: String, contentType: String, size: UInt64, sha256: [UInt8], locator: String? = nil) {
        self.key = key
        self.contentType = contentType
        self.size = size
        self.sha256 = sha256
        self.locator = locator
    }
}

/// What a proof says about content: the list it carries and, when it has a CONTENT stage, the
/// `content_root` signed in that stage.
public struct ContentCommitmentClaim: Sendable {
    /// `Claims.content`, in order.
    public let items: [CommittedContent]
    /// The CONTENT stage's `content_root`; nil when the proof has no CONTENT stage.
    public let signedRoot: [UInt8]?
    /// True when there is a CONTENT stage and the list recomputes its `content_root`.
    /// A list without a CONTENT stage never recomputes (so a stage cannot be stripped, nor a list added).
    /// Computed once, here: `caller-manifest` and `caller-metadata` both read it.
    public let listRecomputesSignedRoot: Bool
    /// The design's "empty commitment": no listed item, and a CONTENT stage whose `content_root` is that of zero
    /// items. For `caller-metadata` it counts as committing no content (revised in proof-format.md): it must not
    /// satisfy `requireCallerMetadata` with "0 by content, 0 by digest".
    public let isEmptyCommitment: Bool

    public init(items: [CommittedContent], signedRoot: [UInt8]?) {
        self.items = items
        self.signedRoot = signedRoot
        let root = signedRoot.map { _ in ContentRoot.compute(items) }
        listRecomputesSignedRoot = root != nil && root == signedRoot
        isEmptyCommitment = items.isEmpty && root != nil && root == signedRoot
    }

    /// The design's "commits content": the proof has a CONTENT stage or lists content.
    public var commitsContent: Bool { signedRoot != nil || !items.isEmpty }

    /// What `caller-metadata` (rules 1 to 3) counts as committing content: ``commitsContent`` without an
    /// ``isEmptyCommitment``.
    public var commitsContentForCallerMetadata: Bool { commitsContent && !isEmptyCommitment }

}
