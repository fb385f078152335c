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

    /// `validateStructure()`, and every universal element in the form DER gives its type
    /// (X.690 §10.2): SEQUENCE, SET and the other structured types constructed, everything else
    /// (BIT STRING, OCTET STRING and the character strings included) primitive. Context-specific
    /// and other classes take either form. Primitive contents are still not interpreted.
    public func validateDERForms() throws(DERError) {
        if tag.tagClass == .universal, tag.isConstructed != Self.universalNumbersAlwaysConstructed.contains(tag.number)
        {
            throw DERError(.wrongForm, at: offset)
        }
        guard tag.isConstructed else { return }
        var children = try self.children()
        while let child = try children.next() {
            try child.validateDERForms()
        }
    }

    /// EXTERNAL, EMBEDDED PDV, SEQUENCE, SET, CHARACTER STRING: the universal types whose
    /// encoding is constructed by definition.
    static let universalNumbersAlwaysConstructed: Set<UInt32> = [8, 11, 16, 17, 29]
}
