import OctetEncoding

/// OpenSSL reads certificates leniently (non-minimal lengths pass), so every x5c certificate is
/// first walked with the strict DER reader: every constructed element, at any depth, must be
/// minimal, definite and exactly filled. Primitive contents (extension values, keys) are left
/// to their own readers.
enum StrictDERWalk {
    /// Walks every constructed element, bounded by the reader's depth limit and a node budget.
    static func check(_ bytes: [UInt8]) throws(DERError) {
        var budget = 20_000
        try walk(DER.parse(bytes), budget: &budget)
    }

    private static func walk(_ node: DERNode, budget: inout Int) throws(DERError) {
        budget -= 1
        guard budget > 0 else { throw DERError(.unconsumed, at: node.offset) }
        guard node.tag.isConstructed else { return }
        var children = try node.children()
        while let child = try children.next() { try walk(child, budget: &budget) }
    }
}
