extension DERNode {
    /// Walks every constructed element below this one, so that a structure read only in part
    /// (a certificate handed to another parser) is still known to be DER throughout: definite
    /// minimal lengths, minimal tags, children that exactly fill their parent, depth bounded.
    /// Primitive contents (OCTET STRING payloads, for instance) are not interpreted.
    public func validateStructure() throws(DERError) {
        guard tag.isConstructed else { return }
        var children = try self.children()
        while let child = try children.next() {
            try child.validateStructure()
        }
    }
}
