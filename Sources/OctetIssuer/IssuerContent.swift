import OctetContent

/// The CONTENT stage's root over the listed items, by the verifier's own formula.
enum IssuerContent {
    static func root(_ items: [ProofDraft.ContentItem]) -> [UInt8] {
        ContentRoot.compute(items.map {
            CommittedContent(key: $0.key, contentType: $0.contentType, size: $0.size, sha256: $0.sha256, locator: $0.locator)
        })
    }
}
