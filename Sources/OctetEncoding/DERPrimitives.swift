/// Typed readings of primitive elements. Each checks the tag (the universal one unless an
/// implicit tag is given) and the DER rules of its type.
extension DERNode {
    /// The two's-complement content of an INTEGER: non-empty, with no redundant leading 0x00 or 0xFF.
    public func integerBytes(tag expected: DERTag = .integer) throws(DERError) -> ArraySlice<UInt8> {
        try expect(expected)
        return try checkedIntegerContent()
    }

    /// An INTEGER that fits in Int64 (`integerOverflow` otherwise).
    public func int64(tag expected: DERTag = .integer) throws(DERError) -> Int64 {
        try expect(expected)
        return try int64Value()
    }

    /// An ENUMERATED, by the INTEGER rules.
    public func enumerated(tag expected: DERTag = .enumerated) throws(DERError) -> Int64 {
        try expect(expected)
        return try int64Value()
    }

    /// A DER BOOLEAN: exactly one byte, 0x00 or 0xFF.
    public func boolean(tag expected: DERTag = .boolean) throws(DERError) -> Bool {
        try expect(expected)
        guard content.count == 1, let byte = content.first, byte == 0x00 || byte == 0xFF else {
            throw DERError(.invalidBoolean, at: offset)
        }
        return byte == 0xFF
    }

    /// A BER BOOLEAN: one byte, any non-zero value is true. Only for Android KeyDescriptions,
    /// which some devices encode with 0x01 for true; everywhere else use `boolean()`.
    public func lenientBoolean(tag expected: DERTag = .boolean) throws(DERError) -> Bool {
        try expect(expected)
        guard content.count == 1, let byte = content.first else { throw DERError(.invalidBoolean, at: offset) }
        return byte != 0
    }

    /// The content of a primitive OCTET STRING (DER forbids the constructed form).
    public func octetString(tag expected: DERTag = .octetString) throws(DERError) -> ArraySlice<UInt8> {
        try expect(expected)
        return content
    }

    /// The bits of a primitive BIT STRING as bytes, with the count of unused trailing bits,
    /// which must be 0...7 (0 when empty) with the padding bits zero.
    public func bitString(tag expected: DERTag = .bitString) throws(DERError) -> (
        bytes: ArraySlice<UInt8>, unusedBits: Int
    ) {
        try expect(expected)
        guard let unused = content.first, unused <= 7 else { throw DERError(.invalidBitString, at: offset) }
        let bytes = content.dropFirst()
        if let last = bytes.last {
            guard last & ((1 << unused) &- 1) == 0 else { throw DERError(.invalidBitString, at: offset) }
        } else if unused != 0 {
            throw DERError(.invalidBitString, at: offset)
        }
        return (bytes, Int(unused))
    }

    /// An OBJECT IDENTIFIER in dotted form ("1.3.6.1.4.1.11129.2.1.17"). Each arc is minimal
    /// (no leading 0x80 group) and fits in 64 bits.
    public func objectIdentifier(tag expected: DERTag = .objectIdentifier) throws(DERError) -> String {
        try expect(expected)
        guard !content.isEmpty, let last = content.last, last & 0x80 == 0 else {
            throw DERError(.invalidObjectIdentifier, at: offset)
        }
        var arcs: [UInt64] = []
        var value: UInt64 = 0
        var startOfArc = true
        for byte in content {
            if startOfArc && byte == 0x80 { throw DERError(.invalidObjectIdentifier, at: offset) }
            guard value <= (UInt64.max >> 7) else { throw DERError(.invalidObjectIdentifier, at: offset) }
            value = (value << 7) | UInt64(byte & 0x7F)
            startOfArc = byte & 0x80 == 0
            if startOfArc {
                arcs.append(value)
                value = 0
            }
        }
        // The first subidentifier packs two arcs: 40·X + Y, X ∈ {0, 1, 2}.
        guard let first = arcs.first else { throw DERError(.invalidObjectIdentifier, at: offset) }
        let head: [UInt64] = first < 40 ? [0, first] : first < 80 ? [1, first - 40] : [2, first - 80]
        return (head + arcs.dropFirst()).map(String.init).joined(separator: ".")
    }

    /// The content of an OBJECT IDENTIFIER, checked by X.690 but not converted: non-empty, each
    /// subidentifier minimal (no leading 0x80 byte), the last one terminated. Unlike
    /// `objectIdentifier()`, arcs of any size are accepted (2.25 UUID arcs are 128 bits).
    public func objectIdentifierBytes(tag expected: DERTag = .objectIdentifier) throws(DERError) -> ArraySlice<UInt8> {
        try expect(expected)
        guard let last = content.last, last & 0x80 == 0 else { throw DERError(.invalidObjectIdentifier, at: offset) }
        var startOfSubidentifier = true
        for byte in content {
            if startOfSubidentifier && byte == 0x80 { throw DERError(.invalidObjectIdentifier, at: offset) }
            startOfSubidentifier = byte & 0x80 == 0
        }
        return content
    }

    /// Null: empty content.
    public func null(tag expected: DERTag = .null) throws(DERError) {
        try expect(expected)
        guard content.isEmpty else { throw DERError(.invalidNull, at: offset) }
    }

    private func checkedIntegerContent() throws(DERError) -> ArraySlice<UInt8> {
        guard let first = content.first else { throw DERError(.invalidInteger, at: offset) }
        if content.count > 1 {
            let second = content[content.startIndex + 1]
            if (first == 0x00 && second & 0x80 == 0) || (first == 0xFF && second & 0x80 != 0) {
                throw DERError(.invalidInteger, at: offset)
            }
        }
        return content
    }

    private func int64Value() throws(DERError) -> Int64 {
        let bytes = try checkedIntegerContent()
        guard bytes.count <= 8, let first = bytes.first else { throw DERError(.integerOverflow, at: offset) }
        // Sign-extend from the first byte, then shift the rest in.
        var value: Int64 = first & 0x80 != 0 ? -1 : 0
        for byte in bytes { value = (value << 8) | Int64(byte) }
        return value
    }
}
