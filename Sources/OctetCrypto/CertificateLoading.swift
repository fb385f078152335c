import OctetEncoding

/// What loading a well-formed certificate requires beyond the rule of `CertificateStructure`:
/// what every X.509 library requires before it hands out a key or checks a signature, and exactly
/// what OpenSSL 3.0's `d2i_X509` refused among well-formed certificates (the library this package
/// loaded certificates with until it moved to swift-crypto; the Kotlin library's `Certificate.load`
/// holds the same rules, found by the differential campaign against it):
/// - the signatureAlgorithm and the SubjectPublicKeyInfo's algorithm are an OBJECT IDENTIFIER with
///   at most one parameter element, which itself loads (`anyValueLoads`);
/// - issuer and subject are Names, `SEQUENCE OF SET OF SEQUENCE { OID, value }`, each value one
///   OpenSSL's X509_NAME reader took (`isLoadableNameValue`): among them, every UTF8String valid
///   UTF-8, every BMPString and UniversalString Unicode.
/// A certificate that breaks one is `CertificateDefect.Rule.notLoadable` where its key or signature
/// is used. The key itself is not judged here: one swift-crypto cannot read leaves the certificate
/// loaded without a key (`CertificatePublicKey`), as OpenSSL did.
enum CertificateLoading {
    static func isLoadable(_ structure: CertificateStructure) -> Bool {
        isAlgorithmIdentifier(structure.signatureAlgorithm) && isName(structure.issuer)
            && isName(structure.subject) && hasKeyAlgorithm(structure.subjectPublicKeyInfo)
    }

    /// `AlgorithmIdentifier ::= SEQUENCE { OBJECT IDENTIFIER, parameters ANY OPTIONAL }`: at most two elements.
    static func isAlgorithmIdentifier(_ der: ArraySlice<UInt8>) -> Bool {
        guard let node = try? DER.parse(der) else { return false }
        return isAlgorithmIdentifier(node)
    }

    private static func isAlgorithmIdentifier(_ node: DERNode) -> Bool {
        guard var parts = try? node.sequence(), (try? parts.read(.objectIdentifier).objectIdentifierBytes()) != nil
        else { return false }
        guard let parameters = try? parts.next() else { return parts.isAtEnd }
        return anyValueLoads(parameters) && parts.isAtEnd
    }

    /// The SPKI's AlgorithmIdentifier has X.509's shape.
    private static func hasKeyAlgorithm(_ spki: ArraySlice<UInt8>) -> Bool {
        guard let node = try? DER.parse(spki), var parts = try? node.sequence(), let algorithm = try? parts.read()
        else { return false }
        return isAlgorithmIdentifier(algorithm)
    }

    /// An ASN.1 ANY value (algorithm parameters, a name's attribute value) as OpenSSL 3.0 decoded
    /// it: by its universal type's own content rules. A BOOLEAN is one byte, a NULL empty, an
    /// INTEGER or ENUMERATED at least one byte and minimal, a BIT STRING's first byte (unused bits)
    /// 0...7, an OBJECT IDENTIFIER a valid encoding, a BMPString an even and a UniversalString a
    /// multiple of four number of bytes. Other types' contents are not judged here.
    static func anyValueLoads(_ value: DERNode) -> Bool {
        guard value.tag.tagClass == .universal, !value.tag.isConstructed else { return true }
        let content = value.content
        switch value.tag.number {
        case 1: return content.count == 1
        case 2, 10: return (try? value.integerBytes(tag: value.tag)) != nil
        case 3: return content.first.map { $0 <= 7 } ?? false
        case 5: return content.isEmpty
        case 6: return (try? value.objectIdentifierBytes()) != nil
        case 28: return content.count % 4 == 0
        case 30: return content.count % 2 == 0
        default: return true
        }
    }

    /// Universal tag numbers OpenSSL 3.0 took as a primitive name attribute value: its
    /// DirectoryString-like choice (BOOLEAN, INTEGER, OCTET STRING, NULL, OBJECT IDENTIFIER,
    /// ENUMERATED, VideotexString, the times, GraphicString, VisibleString, GeneralString, a SET and
    /// tags past 30 are refused).
    private static let primitiveNameValues: Set<UInt32> = [3, 7, 8, 9, 11, 12, 13, 14, 15, 18, 19, 20, 22, 28, 29, 30]
    /// …and as a constructed one (a SEQUENCE; constructed strings are already refused by the DER rule).
    private static let constructedNameValues: Set<UInt32> = [
        7, 8, 9, 11, 12, 13, 14, 15, 16, 18, 19, 20, 22, 28, 29, 30,
    ]

    /// A Name's attribute value as OpenSSL 3.0's X509_NAME reader took it: a universal type of its
    /// choice, with the content rules of `anyValueLoads`, and the strings it converts to UTF-8 for
    /// its canonical name convertible: a UTF8String valid UTF-8 (no overlong form, no surrogate,
    /// nothing past U+10FFFF), a BMPString with no surrogate unit, a UniversalString of Unicode
    /// scalar values.
    static func isLoadableNameValue(_ value: DERNode) -> Bool {
        guard value.tag.tagClass == .universal else { return false }
        let number = value.tag.number
        if value.tag.isConstructed { return constructedNameValues.contains(number) }
        guard primitiveNameValues.contains(number), anyValueLoads(value) else { return false }
        let content = value.content
        switch number {
        case 12:
            // The standard library's decoder is strict UTF-8: it refuses exactly those three.
            var bytes = content.makeIterator()
            var decoder = UTF8()
            while true {
                switch decoder.decode(&bytes) {
                case .scalarValue: continue
                case .emptyInput: return true
                case .error: return false
                }
            }
        case 28:
            return stride(from: content.startIndex, to: content.endIndex, by: 4).allSatisfy { index in
                let scalar = content[index..<index + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                return Unicode.Scalar(scalar) != nil
            }
        case 30:
            return stride(from: content.startIndex, to: content.endIndex, by: 2).allSatisfy { index in
                !(0xD8...0xDF).contains(content[index])
            }
        default:
            return true
        }
    }

    /// `Name ::= SEQUENCE OF SET OF SEQUENCE { type OBJECT IDENTIFIER, value ANY }`, each value one
    /// that loads.
    static func isName(_ der: ArraySlice<UInt8>) -> Bool {
        guard let node = try? DER.parse(der), var names = try? node.sequence() else { return false }
        while !names.isAtEnd {
            guard let name = try? names.read(), var attributes = try? name.set() else { return false }
            while !attributes.isAtEnd {
                guard let attribute = try? attributes.read(), var pair = try? attribute.sequence(),
                    (try? pair.read(.objectIdentifier).objectIdentifierBytes()) != nil,
                    let value = try? pair.read(), isLoadableNameValue(value), pair.isAtEnd
                else { return false }
            }
        }
        return true
    }
}
