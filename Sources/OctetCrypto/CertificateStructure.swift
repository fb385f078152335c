import OctetEncoding

/// An X.509 certificate as Octet's own strict reader reads it: the one reading every verifier
/// must share (design, "Well-formed certificates — revised 2026-12-07"). Two verifiers that both
/// followed a crypto library's leniency would read some certificates two ways; this reader
/// decides, before any library sees the bytes, and a dropped root is judged by it alone.
///
/// The rule, in order: DER throughout (definite minimal lengths, DER's forms, children filling
/// their parent, no trailing bytes); `Certificate` exactly three elements with `signatureAlgorithm`
/// byte-equal to `tbsCertificate.signature` and `signatureValue` a BIT STRING with 0 unused bits
/// and at least one byte; `tbsCertificate` exactly `[0] EXPLICIT` version 2 (optional), serial,
/// signature, issuer, validity (two strict times), subject, subjectPublicKeyInfo, then optionally
/// `[1]`, `[2]`, `[3] EXPLICIT` extensions, whose `critical`, when written, is TRUE (revised
/// 2026-12-07); and every UTF8String inside issuer or subject valid UTF-8 (revised 2026-12-07).
/// Nothing else of a certificate is judged here: not its names' other contents, its algorithms'
/// parameters, or its extension values (a KeyDescription has its own rules).
///
/// Every field is a slice of the bytes given, as they arrived.
public struct CertificateStructure: Sendable {
    /// One extension: its OID (content octets), the critical flag when encoded (then TRUE), the extnValue contents.
    public struct Extension: Sendable {
        public let oid: ArraySlice<UInt8>
        public let critical: Bool?
        public let value: ArraySlice<UInt8>
    }

    /// The certificate exactly as given.
    public let der: [UInt8]
    /// The whole `tbsCertificate` element (the signed bytes).
    public let tbsCertificate: ArraySlice<UInt8>
    /// The whole `signatureAlgorithm` element (byte-equal to the TBS `signature` field).
    public let signatureAlgorithm: ArraySlice<UInt8>
    /// `signatureValue`'s bits (the unused-bit count, 0, dropped).
    public let signatureValue: ArraySlice<UInt8>
    /// The two's-complement content of `serialNumber`.
    public let serialNumber: ArraySlice<UInt8>
    /// The issuer Name, whole element (compare names as bytes).
    public let issuer: ArraySlice<UInt8>
    /// The subject Name, whole element.
    public let subject: ArraySlice<UInt8>
    /// notBefore and notAfter in Unix seconds.
    public let notBefore: Int64
    public let notAfter: Int64
    /// The whole `subjectPublicKeyInfo` element.
    public let subjectPublicKeyInfo: ArraySlice<UInt8>
    /// The extensions in order (empty when `[3]` is absent).
    public let extensions: [Extension]

    /// Reads `der` by the rule; the first rule it breaks otherwise.
    public static func read(_ der: [UInt8]) -> Result<CertificateStructure, CertificateDefect> {
        do {
            return .success(try CertificateStructure(der))
        } catch {
            return .failure(error)
        }
    }

    /// Reads `der` by the rule; throws the first rule it breaks.
    public init(_ der: [UInt8]) throws(CertificateDefect) {
        self.der = der
        // DER throughout, before any field is read: one element, no trailing bytes, every length,
        // tag and form as DER has it, every constructed element filled exactly by its children.
        let root: DERNode
        do {
            root = try DER.parse(der)
            try root.validateDERForms()
        } catch {
            throw CertificateDefect(.notDER, error.code)
        }
        // Past this point the structure is known to be DER, so a DER error while reading a field
        // can only mean that the field is not what the rule says: the field is the defect.
        guard root.tag == .sequence, var top = try? root.children(), let tbs = try? top.next(),
            let outerAlgorithm = try? top.next(), let value = try? top.next(), top.isAtEnd, tbs.tag == .sequence
        else { throw CertificateDefect(.certificateShape) }
        guard Self.isAlgorithmIdentifier(outerAlgorithm) else { throw CertificateDefect(.signatureAlgorithm) }
        guard let bits = try? value.bitString(), bits.unusedBits == 0, !bits.bytes.isEmpty else {
            throw CertificateDefect(.signatureValue)
        }
        tbsCertificate = tbs.encoded
        signatureAlgorithm = outerAlgorithm.encoded
        signatureValue = bits.bytes

        guard var fields = try? tbs.children() else { throw CertificateDefect(.certificateShape) }
        // version [0] EXPLICIT: absent means v1; present, it must be v3. DER never encodes the
        // DEFAULT v1, and the rule admits no v2.
        if let tag = try? fields.peekTag(), tag.tagClass == .contextSpecific, tag.number == 0 {
            guard let version = try? fields.read().explicit(0), let number = try? version.integerBytes(),
                number.elementsEqual([2])
            else { throw CertificateDefect(.version) }
        }
        guard let serial = try? fields.read(), let serialContent = try? serial.integerBytes() else {
            throw CertificateDefect(.serialNumber)
        }
        serialNumber = serialContent
        guard let innerAlgorithm = try? fields.read(), Self.isAlgorithmIdentifier(innerAlgorithm) else {
            throw CertificateDefect(.signature)
        }
        guard let issuerName = try? fields.read(), issuerName.tag == .sequence else {
            throw CertificateDefect(.issuer)
        }
        guard Self.utf8StringsAreValid(in: issuerName) else { throw CertificateDefect(.issuerUTF8) }
        issuer = issuerName.encoded
        guard let validity = try? fields.read(), validity.tag == .sequence, var times = try? validity.children(),
            let start = try? times.next(), let end = try? times.next(), times.isAtEnd
        else { throw CertificateDefect(.validity) }
        guard let startSeconds = try? start.certificateTime() else { throw CertificateDefect(.notBefore) }
        guard let endSeconds = try? end.certificateTime() else { throw CertificateDefect(.notAfter) }
        notBefore = startSeconds
        notAfter = endSeconds
        guard let subjectName = try? fields.read(), subjectName.tag == .sequence else {
            throw CertificateDefect(.subject)
        }
        guard Self.utf8StringsAreValid(in: subjectName) else { throw CertificateDefect(.subjectUTF8) }
        subject = subjectName.encoded
        guard let keyInfo = try? fields.read(), Self.isSubjectPublicKeyInfo(keyInfo) else {
            throw CertificateDefect(.subjectPublicKeyInfo)
        }
        subjectPublicKeyInfo = keyInfo.encoded

        // The optional trailing fields, each at most once and in this order.
        if Self.next(fields, isContext: 1) {
            guard let id = try? fields.read(), (try? id.bitString(tag: .context(1, constructed: false))) != nil else {
                throw CertificateDefect(.issuerUniqueID)
            }
        }
        if Self.next(fields, isContext: 2) {
            guard let id = try? fields.read(), (try? id.bitString(tag: .context(2, constructed: false))) != nil else {
                throw CertificateDefect(.subjectUniqueID)
            }
        }
        var extensions: [Extension] = []
        if Self.next(fields, isContext: 3) {
            guard let wrapper = try? fields.read(), let list = try? wrapper.explicit(3) else {
                throw CertificateDefect(.extensions)
            }
            extensions = try Self.extensions(list)
        }
        self.extensions = extensions
        guard fields.isAtEnd else { throw CertificateDefect(.extraField) }
        guard outerAlgorithm.encoded.elementsEqual(innerAlgorithm.encoded) else {
            throw CertificateDefect(.algorithmMismatch)
        }
    }

    /// True when the next field carries context tag `[number]`, in either form.
    private static func next(_ fields: DERReader, isContext number: UInt32) -> Bool {
        guard let tag = try? fields.peekTag() else { return false }
        return tag.tagClass == .contextSpecific && tag.number == number
    }

    /// `AlgorithmIdentifier`: a SEQUENCE starting with an OBJECT IDENTIFIER (its parameters,
    /// if any, are not judged).
    private static func isAlgorithmIdentifier(_ node: DERNode) -> Bool {
        guard node.tag == .sequence, var parts = try? node.children(), let algorithm = try? parts.next() else {
            return false
        }
        return (try? algorithm.objectIdentifierBytes()) != nil
    }

    /// `SubjectPublicKeyInfo`: exactly an AlgorithmIdentifier and a BIT STRING with 0 unused bits.
    private static func isSubjectPublicKeyInfo(_ node: DERNode) -> Bool {
        guard node.tag == .sequence, var parts = try? node.children(), let algorithm = try? parts.next(),
            let key = try? parts.next(), parts.isAtEnd, isAlgorithmIdentifier(algorithm),
            let bits = try? key.bitString()
        else { return false }
        return bits.unusedBits == 0
    }

    /// `SEQUENCE OF Extension`, each `SEQUENCE { OID, BOOLEAN OPTIONAL, OCTET STRING }`, the
    /// BOOLEAN (`critical`) only ever TRUE.
    private static func extensions(_ list: DERNode) throws(CertificateDefect) -> [Extension] {
        guard list.tag == .sequence, var items = try? list.children() else { throw CertificateDefect(.extensions) }
        var extensions: [Extension] = []
        while let item = try? items.next() {
            guard item.tag == .sequence, var parts = try? item.children(), let oid = try? parts.next(),
                let id = try? oid.objectIdentifierBytes()
            else { throw CertificateDefect(.extensions) }
            var critical: Bool?
            if (try? parts.peekTag()) == .boolean {
                guard let flag = try? parts.read().boolean() else { throw CertificateDefect(.extensions) }
                // `critical BOOLEAN DEFAULT FALSE`: DER never encodes a DEFAULT (X.690 §11.5), so a
                // FALSE written out is not DER, however OpenSSL and the JCA took it.
                guard flag else { throw CertificateDefect(.criticalFalse) }
                critical = flag
            }
            guard let value = try? parts.read(), let contents = try? value.octetString(), parts.isAtEnd else {
                throw CertificateDefect(.extensions)
            }
            extensions.append(Extension(oid: id, critical: critical, value: contents))
        }
        // `next()` returns nil at the end and on an error; DER was already validated, so only the end remains.
        guard items.isAtEnd else { throw CertificateDefect(.extensions) }
        return extensions
    }

    /// True when every UTF8String inside `node`, at any depth, is valid UTF-8 as RFC 3629 §4
    /// defines it (shortest forms only, no surrogate, nothing past U+10FFFF): what the type means,
    /// and what OpenSSL and the JCA require to load a name, so no verifier leans on its library for
    /// it. Other contents are not read. DER was already validated, so the walk is bounded by its depth.
    private static func utf8StringsAreValid(in node: DERNode) -> Bool {
        if node.tag == .utf8String { return String(validating: node.content, as: UTF8.self) != nil }
        guard node.tag.isConstructed, var children = try? node.children() else { return true }
        while let child = try? children.next() {
            guard utf8StringsAreValid(in: child) else { return false }
        }
        return true
    }

    // MARK: Reading

    /// True when the issuer and subject names are the same bytes (a self-issued certificate).
    public var isSelfIssued: Bool { issuer.elementsEqual(subject) }

    /// How many extensions carry `oid` (dotted form); 0 for an OID that does not encode.
    public func extensionCount(oid: String) -> Int {
        guard let encoded = Self.oidContent(oid) else { return 0 }
        return extensions.count(where: { $0.oid.elementsEqual(encoded) })
    }

    /// The extnValue contents of the first extension with `oid` (dotted form), or nil.
    public func extensionValue(oid: String) -> ArraySlice<UInt8>? {
        guard let encoded = Self.oidContent(oid) else { return nil }
        return extensions.first { $0.oid.elementsEqual(encoded) }?.value
    }

    /// The serial number in lower-case hex without leading zeros ("0" for zero, "-" before the
    /// magnitude of a negative one): the keys of Google's attestation status list.
    public var serialNumberHex: String {
        var magnitude = Array(serialNumber)
        let negative = (magnitude.first ?? 0) & 0x80 != 0
        if negative {
            // Two's complement: invert, add one.
            var carry = true
            for index in magnitude.indices.reversed() {
                magnitude[index] = ~magnitude[index]
                if carry {
                    (magnitude[index], carry) = magnitude[index].addingReportingOverflow(1)
                }
            }
        }
        let hex = String(Hex.encode(magnitude).drop(while: { $0 == "0" }))
        if hex.isEmpty { return "0" }
        return negative ? "-" + hex : hex
    }

    private static func oidContent(_ dotted: String) -> ArraySlice<UInt8>? {
        DERWriter.objectIdentifier(dotted).flatMap { try? DER.parse($0).objectIdentifierBytes() }
    }
}
