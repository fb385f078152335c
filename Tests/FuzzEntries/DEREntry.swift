import OctetAttestation
import OctetCrypto
import OctetEncoding

enum DEREntry {
    static func run(_ bytes: [UInt8]) {
        if let root = try? DER.parse(bytes) {
            _ = try? root.validateStructure()
            var budget = 10_000
            walk(root, budget: &budget)
        }
        // The parsers built on the reader: the Android extension, and a certificate (our strict
        // reader, then CertificateLoading; FuzzCertificate puts certificates into chains).
        _ = try? AndroidKeyDescription(extensionValue: bytes)
        _ = CertificateStructure.read(bytes)
        _ = try? Certificate(derEncoded: bytes)
    }

    /// Reads every element, and every leaf as each primitive type, so each decoder sees every shape.
    static func walk(_ node: DERNode, budget: inout Int) {
        budget -= 1
        guard budget > 0 else { return }
        if node.tag.isConstructed {
            guard var children = try? node.children() else { return }
            while let child = try? children.next() { walk(child, budget: &budget) }
            _ = try? children.finish()
            return
        }
        let tag = node.tag
        _ = try? node.int64(tag: tag)
        _ = try? node.integerBytes(tag: tag)
        _ = try? node.enumerated(tag: tag)
        _ = try? node.boolean(tag: tag)
        _ = try? node.lenientBoolean(tag: tag)
        _ = try? node.octetString(tag: tag)
        _ = try? node.bitString(tag: tag)
        _ = try? node.objectIdentifier(tag: tag)
        _ = try? node.null(tag: tag)
        _ = try? node.time()
    }
}
