/// The entry point: strict X.690 DER, bounded, zero-copy.
///
/// Every element is a slice of the caller's buffer (the original indices are kept, so error
/// offsets and `encoded` slices point into it), which lets signed bytes be checked as they arrived.
public enum DER: Sendable {
    /// Nesting limit used when none is given. Certificates nest about 8 deep; KeyDescription about 6.
    public static let defaultMaxDepth = 32

    /// Reads exactly one element spanning all of `bytes`: anything after it is `trailingData`.
    public static func parse(_ bytes: ArraySlice<UInt8>, maxDepth: Int = defaultMaxDepth) throws(DERError) -> DERNode {
        var reader = DERReader(bytes, maxDepth: maxDepth)
        let node = try reader.read()
        guard reader.isAtEnd else { throw DERError(.trailingData, at: reader.offset) }
        return node
    }

    /// Reads exactly one element spanning all of `bytes`.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(DERError) -> DERNode {
        try parse(bytes[...], maxDepth: maxDepth)
    }
}

/// One element: its tag, the whole encoding (header and content), and the content alone.
public struct DERNode: Sendable {
    public let tag: DERTag
    /// Header and content, as they arrived.
    public let encoded: ArraySlice<UInt8>
    /// The content octets.
    public let content: ArraySlice<UInt8>
    /// 0 for a top-level element, one more for each enclosing constructed element.
    public let depth: Int
    let maxDepth: Int

    /// Where the element's header starts in the original buffer.
    public var offset: Int { encoded.startIndex }

    /// A reader over the children of this constructed element (any tag).
    public func children() throws(DERError) -> DERReader {
        guard tag.isConstructed else { throw DERError(.wrongForm, at: offset) }
        guard depth < maxDepth else { throw DERError(.tooDeep, at: offset) }
        return DERReader(content, depth: depth + 1, maxDepth: maxDepth)
    }

    /// The children of a SEQUENCE (or of an implicitly tagged one when `tag` is given).
    public func sequence(tag expected: DERTag = .sequence) throws(DERError) -> DERReader {
        try expect(expected)
        return try children()
    }

    /// The children of a SET / SET OF. DER's sort order for SET OF is not enforced: Android
    /// KeyDescriptions carry unsorted `purpose` and `digest` sets.
    public func set(tag expected: DERTag = .set) throws(DERError) -> DERReader {
        try expect(expected)
        return try children()
    }

    /// The single element inside an EXPLICIT context tag `[number]`.
    public func explicit(_ number: UInt32) throws(DERError) -> DERNode {
        var reader = try sequence(tag: .context(number, constructed: true))
        let inner = try reader.read()
        try reader.finish()
        return inner
    }

    /// Throws `unexpectedTag` unless this element's tag (class, form and number) is `expected`.
    public func expect(_ expected: DERTag) throws(DERError) {
        guard tag == expected else { throw DERError(.unexpectedTag, at: offset) }
    }
}

/// Reads consecutive elements from a byte range: the top level, or the children of one element.
public struct DERReader: Sendable {
    private var remaining: ArraySlice<UInt8>
    private let depth: Int
    private let maxDepth: Int

    /// A reader over a top-level buffer, which may hold several elements.
    public init(_ bytes: ArraySlice<UInt8>, maxDepth: Int = DER.defaultMaxDepth) {
        self.init(bytes, depth: 0, maxDepth: maxDepth)
    }

    init(_ bytes: ArraySlice<UInt8>, depth: Int, maxDepth: Int) {
        self.remaining = bytes
        self.depth = depth
        self.maxDepth = maxDepth
    }

    /// True when every element has been read.
    public var isAtEnd: Bool { remaining.isEmpty }

    /// Index of the next unread byte in the original buffer.
    public var offset: Int { remaining.startIndex }

    /// The tag of the next element without consuming it; nil at the end.
    public func peekTag() throws(DERError) -> DERTag? {
        guard !remaining.isEmpty else { return nil }
        return try Self.readHeader(remaining, depth: depth, maxDepth: maxDepth).tag
    }

    /// The next element, or nil at the end.
    public mutating func next() throws(DERError) -> DERNode? {
        guard !remaining.isEmpty else { return nil }
        let node = try Self.readHeader(remaining, depth: depth, maxDepth: maxDepth)
        remaining = remaining[node.encoded.endIndex...]
        return node
    }

    /// The next element, which must exist.
    public mutating func read() throws(DERError) -> DERNode {
        guard let node = try next() else { throw DERError(.missingElement, at: offset) }
        return node
    }

    /// The next element, which must exist and carry `tag`.
    public mutating func read(_ tag: DERTag) throws(DERError) -> DERNode {
        guard let next = try peekTag() else { throw DERError(.missingElement, at: offset) }
        guard next == tag else { throw DERError(.unexpectedTag, at: offset) }
        return try read()
    }

    /// The next element if it carries `tag` (an OPTIONAL or DEFAULT field); otherwise nothing is consumed.
    public mutating func readIfPresent(_ tag: DERTag) throws(DERError) -> DERNode? {
        guard try peekTag() == tag else { return nil }
        return try read()
    }

    /// Every remaining element, at most `limit` of them (`tooManyElements` beyond it).
    public mutating func readAll(limit: Int = 4096) throws(DERError) -> [DERNode] {
        var nodes: [DERNode] = []
        while let node = try next() {
            guard nodes.count < limit else { throw DERError(.tooManyElements, at: node.offset) }
            nodes.append(node)
        }
        return nodes
    }

    /// Throws `unconsumed` unless every element was read: a structure must hold nothing extra.
    public func finish() throws(DERError) {
        guard remaining.isEmpty else { throw DERError(.unconsumed, at: offset) }
    }

    /// Decodes the identifier and length at the start of `bytes` and bounds the content.
    private static func readHeader(_ bytes: ArraySlice<UInt8>, depth: Int, maxDepth: Int) throws(DERError) -> DERNode {
        guard depth <= maxDepth else { throw DERError(.tooDeep, at: bytes.startIndex) }
        var index = bytes.startIndex
        let start = index
        guard index < bytes.endIndex else { throw DERError(.truncated, at: index) }
        let first = bytes[index]
        index += 1
        guard let tagClass = DERTag.TagClass(rawValue: first >> 6) else { throw DERError(.truncated, at: start) }
        let constructed = first & 0x20 != 0
        var number = UInt32(first & 0x1F)
        if number == 0x1F {
            // High-tag-number form: base-128, no leading 0x80 group, and only for numbers ≥ 31.
            number = 0
            var groups = 0
            while true {
                guard index < bytes.endIndex else { throw DERError(.truncated, at: index) }
                let byte = bytes[index]
                if groups == 0 && byte == 0x80 { throw DERError(.nonMinimalTag, at: start) }
                guard number <= (UInt32.max >> 7) else { throw DERError(.nonMinimalTag, at: start) }
                number = (number << 7) | UInt32(byte & 0x7F)
                index += 1
                groups += 1
                if byte & 0x80 == 0 { break }
            }
            guard number >= 0x1F else { throw DERError(.nonMinimalTag, at: start) }
        }
        // Universal tag 0 is BER's end-of-contents marker, meaningless in DER.
        if tagClass == .universal && number == 0 { throw DERError(.unexpectedTag, at: start) }

        guard index < bytes.endIndex else { throw DERError(.truncated, at: index) }
        let lengthByte = bytes[index]
        index += 1
        var length = 0
        if lengthByte < 0x80 {
            length = Int(lengthByte)
        } else if lengthByte == 0x80 {
            throw DERError(.indefiniteLength, at: index - 1)
        } else {
            let count = Int(lengthByte & 0x7F)
            guard count <= 4 else { throw DERError(.lengthTooLarge, at: index - 1) }
            guard bytes.endIndex - index >= count else { throw DERError(.truncated, at: index) }
            guard bytes[index] != 0 else { throw DERError(.nonMinimalLength, at: index - 1) }
            for _ in 0..<count {
                length = (length << 8) | Int(bytes[index])
                index += 1
            }
            guard length >= 0x80 else { throw DERError(.nonMinimalLength, at: start) }
        }
        guard bytes.endIndex - index >= length else { throw DERError(.truncated, at: index) }
        let tag = DERTag(tagClass, constructed: constructed, number: number)
        return DERNode(
            tag: tag, encoded: bytes[start..<index + length], content: bytes[index..<index + length], depth: depth,
            maxDepth: maxDepth)
    }
}
