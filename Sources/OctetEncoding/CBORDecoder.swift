/// A strict reader for the definite-length CBOR (RFC 8949) that Apple App Attest produces.
///
/// Accepted: unsigned and negative integers, byte and text strings, arrays, maps and simple
/// values, each with its argument in the shortest form (RFC 8949 §4.2.1 "preferred
/// serialization"). Map keys must be unique and sorted bytewise by their encodings (the core
/// deterministic order of RFC 8949 §4.2.1; for the single-type keys App Attest uses it is the
/// same order as the length-first order of RFC 7049 §3.9 and CTAP2). Rejected: indefinite
/// lengths, tags, floats, reserved encodings, trailing bytes. Size, depth and item count are
/// bounded, so any input terminates quickly and never crashes.
public enum CBORDecoder {
    /// Bounds on what one decode may read.
    public struct Limits: Sendable, Hashable {
        /// Nesting of arrays and maps; the top-level item is depth 0.
        public var maxDepth: Int
        /// Data items in total, map keys included.
        public var maxItems: Int
        /// Input length in bytes.
        public var maxBytes: Int

        public init(maxDepth: Int = 16, maxItems: Int = 4096, maxBytes: Int = 1 << 20) {
            self.maxDepth = maxDepth
            self.maxItems = maxItems
            self.maxBytes = maxBytes
        }

        /// Enough for any App Attest object: depth 16, 4096 items, 1 MiB.
        public static let `default` = Limits()
    }

    /// Decodes exactly one item that fills `bytes` (trailing bytes are an error).
    public static func decode(_ bytes: ArraySlice<UInt8>, limits: Limits = .default) throws(CBORError) -> CBORValue {
        let (value, length) = try decodePrefix(bytes, limits: limits)
        guard length == bytes.count else {
            throw CBORError(.trailingBytes, at: length, "\(bytes.count - length) bytes after the item")
        }
        return value
    }

    /// Decodes exactly one item that fills `bytes`.
    public static func decode(_ bytes: [UInt8], limits: Limits = .default) throws(CBORError) -> CBORValue {
        try decode(bytes[...], limits: limits)
    }

    /// Decodes the one item at the start of `bytes` and returns it with its encoded length;
    /// what follows is left to the caller (authenticator data embeds CBOR this way).
    public static func decodePrefix(
        _ bytes: ArraySlice<UInt8>, limits: Limits = .default
    ) throws(CBORError) -> (value: CBORValue, length: Int) {
        guard bytes.count <= limits.maxBytes else {
            throw CBORError(.sizeLimitExceeded, at: 0, "input of \(bytes.count) bytes")
        }
        var reader = CBORReader(bytes: bytes, limits: limits)
        let value = try reader.readItem(depth: 0)
        return (value, reader.position - bytes.startIndex)
    }
}

/// The cursor behind `CBORDecoder`. `position` is an index of `bytes`; offsets in errors are
/// relative to `bytes.startIndex`.
struct CBORReader {
    let bytes: ArraySlice<UInt8>
    let limits: CBORDecoder.Limits
    private(set) var position: Int
    private var items = 0

    init(bytes: ArraySlice<UInt8>, limits: CBORDecoder.Limits) {
        self.bytes = bytes
        self.limits = limits
        self.position = bytes.startIndex
    }

    private var remaining: Int { bytes.endIndex - position }

    private func error(_ code: CBORError.Code, at index: Int, _ reason: String = "") -> CBORError {
        CBORError(code, at: index - bytes.startIndex, reason)
    }

    /// One item, recursively. `depth` counts the arrays and maps around it.
    mutating func readItem(depth: Int) throws(CBORError) -> CBORValue {
        let start = position
        items += 1
        guard items <= limits.maxItems else {
            throw error(.itemLimitExceeded, at: start, "more than \(limits.maxItems) items")
        }
        guard remaining >= 1 else { throw error(.truncated, at: start, "item expected") }
        let initial = bytes[position]
        position += 1
        let major = initial >> 5
        let info = initial & 0x1F

        if major == 7 { return try readSimple(info: info, start: start) }
        if major == 6 { throw error(.unsupportedTag, at: start) }
        let argument = try readArgument(info: info, major: major, start: start)

        switch major {
        case 0:
            return .unsigned(argument)
        case 1:
            return .negative(argument)
        case 2:
            return .bytes(try readPayload(length: argument, start: start))
        case 3:
            let utf8 = try readPayload(length: argument, start: start)
            // Decoding replaces every ill-formed sequence with U+FFFD, so a round trip that
            // changes the bytes proves them invalid (overlong forms and surrogates included).
            guard utf8.elementsEqual(String(decoding: utf8, as: UTF8.self).utf8) else {
                throw error(.invalidUTF8, at: start)
            }
            return .text(utf8)
        case 4:
            return .array(try readArray(count: argument, depth: depth, start: start))
        default:  // 5: the only major type left
            return .map(try readMap(count: argument, depth: depth, start: start))
        }
    }

    /// The argument of major types 0–5: immediate below 24, else the next 1, 2, 4 or 8 bytes,
    /// which must not fit in a shorter form.
    private mutating func readArgument(info: UInt8, major: UInt8, start: Int) throws(CBORError) -> UInt64 {
        let width: Int
        switch info {
        case 0..<24: return UInt64(info)
        case 24: width = 1
        case 25: width = 2
        case 26: width = 4
        case 27: width = 8
        case 31:
            throw error(major >= 2 ? .indefiniteLength : .reservedAdditionalInformation, at: start)
        default:
            throw error(.reservedAdditionalInformation, at: start)
        }
        guard remaining >= width else { throw error(.truncated, at: start, "argument cut short") }
        let value = BigEndian.value(bytes[position..<(position + width)])
        position += width
        let smallest: UInt64 = width == 1 ? 24 : 1 << (4 * UInt64(width))  // 24, 2^8, 2^16, 2^32
        guard value >= smallest else { throw error(.nonMinimalArgument, at: start) }
        return value
    }

    private mutating func readPayload(length: UInt64, start: Int) throws(CBORError) -> ArraySlice<UInt8> {
        guard length <= UInt64(remaining) else { throw error(.truncated, at: start, "string runs past the end") }
        let end = position + Int(length)
        defer { position = end }
        return bytes[position..<end]
    }

    private mutating func readArray(count: UInt64, depth: Int, start: Int) throws(CBORError) -> [CBORValue] {
        guard depth < limits.maxDepth else { throw error(.depthLimitExceeded, at: start) }
        // Each element takes at least one byte: a larger count cannot be honest, and checking
        // first keeps a forged count from reserving memory.
        guard count <= UInt64(remaining) else { throw error(.truncated, at: start, "array runs past the end") }
        var elements: [CBORValue] = []
        elements.reserveCapacity(Int(count))
        for _ in 0..<Int(count) { elements.append(try readItem(depth: depth + 1)) }
        return elements
    }

    private mutating func readMap(count: UInt64, depth: Int, start: Int) throws(CBORError) -> [CBORMapEntry] {
        guard depth < limits.maxDepth else { throw error(.depthLimitExceeded, at: start) }
        guard count <= UInt64(remaining / 2) else { throw error(.truncated, at: start, "map runs past the end") }
        var entries: [CBORMapEntry] = []
        entries.reserveCapacity(Int(count))
        var previousKey: Range<Int>? = nil
        for _ in 0..<Int(count) {
            let keyStart = position
            let key = try readItem(depth: depth + 1)
            let keyRange = keyStart..<position
            if let previousKey {
                // Keys are compared as encoded: with minimal arguments enforced, equal values
                // have equal encodings, so this also finds every duplicate.
                let order = Self.compare(bytes[previousKey], bytes[keyRange])
                if order == 0 { throw error(.duplicateMapKey, at: keyStart) }
                if order > 0 { throw error(.mapKeysOutOfOrder, at: keyStart) }
            }
            previousKey = keyRange
            let value = try readItem(depth: depth + 1)
            entries.append(CBORMapEntry(key: key, value: value))
        }
        return entries
    }

    /// Major type 7: simple values only; floats and the two-byte form below 32 are refused.
    private mutating func readSimple(info: UInt8, start: Int) throws(CBORError) -> CBORValue {
        switch info {
        case 20: return .bool(false)
        case 21: return .bool(true)
        case 22: return .null
        case 23: return .undefined
        case 0..<20: return .simple(info)
        case 24:
            guard remaining >= 1 else { throw error(.truncated, at: start, "simple value cut short") }
            let value = bytes[position]
            position += 1
            guard value >= 32 else { throw error(.invalidSimpleValue, at: start) }
            return .simple(value)
        case 25, 26, 27: throw error(.unsupportedFloat, at: start)
        case 31: throw error(.unexpectedBreak, at: start)
        default: throw error(.reservedAdditionalInformation, at: start)
        }
    }

    /// Bytewise lexicographic comparison; a proper prefix sorts first.
    static func compare(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Int {
        for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }
}
