import Foundation

/// What a relying party presents to check a content commitment (seed page, "Caller metadata"):
/// the manifest it received with the proof, the content it wants checked, and the items it insists on seeing.
public struct CallerMetadataCheck: Sendable {
    /// One presented item.
    public enum Content: Sendable {
        /// The content, in memory.
        case bytes(Data)
        /// The content, in a local file; hashed as a stream, however large.
        case file(URL)
        /// Content you were told about but could not fetch; the reason is never echoed in results.
        case unavailable(String)
    }

    /// The items that must be presented for the check to pass.
    public enum RequiredContent: Sendable, Equatable {
        /// Nothing required: an item you leave out is accepted on its digest.
        case none
        /// These keys (duplicates count once; `.keys([])` requires nothing).
        case keys([String])
        /// Every item the proof lists.
        case all
    }

    /// The manifest, as received.
    public var manifestJson: Data?
    /// Presented content, per manifest key.
    public var content: [String: Content]
    /// Default `.none`.
    public var requireContent: RequiredContent

    public init(manifestJson: Data? = nil, content: [String: Content] = [:], requireContent: RequiredContent = .none) {
        self.manifestJson = manifestJson
        self.content = content
        self.requireContent = requireContent
    }
}
