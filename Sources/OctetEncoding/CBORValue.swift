/// One decoded CBOR data item from the definite-length subset this package reads.
///
/// Byte and text strings are slices of the decoded input (no copies); their indices are those
/// of the input. Text is valid UTF-8 by construction.
public enum CBORValue: Sendable, Hashable {
    /// Major type 0.
    case unsigned(UInt64)
    /// Major type 1: the value is `-1 - n`, so every 64-bit argument is representable.
    case negative(UInt64)
    /// Major type 2.
    case bytes(ArraySlice<UInt8>)
    /// Major type 3, validated UTF-8.
    case text(ArraySlice<UInt8>)
    /// Major type 4.
    case array([CBORValue])
    /// Major type 5, in encoded order (which the decoder requires to be canonical).
    case map([CBORMapEntry])
    /// `false` / `true` (simple values 20 and 21).
    case bool(Bool)
    /// Simple value 22.
    case null
    /// Simple value 23.
    case undefined
    /// Any other simple value (0..19, 32..255).
    case simple(UInt8)
}

/// One key/value pair of a CBOR map.
public struct CBORMapEntry: Sendable, Hashable {
    public var key: CBORValue
    public var value: CBORValue
    public init(key: CBORValue, value: CBORValue) {
        self.key = key
        self.value = value
    }
}

extension CBORValue {
    /// A text value from a Swift string (for building values to encode).
    public static func text(_ string: String) -> CBORValue { .text(ArraySlice(string.utf8)) }

    /// A byte string value from an array (for building values to encode).
    public static func bytes(_ bytes: [UInt8]) -> CBORValue { .bytes(bytes[...]) }

    /// An integer value, negative or not.
    public static func int(_ value: Int64) -> CBORValue {
        value >= 0 ? .unsigned(UInt64(value)) : .negative(UInt64(-(value + 1)))
    }

    /// The map's entries, or nil for any other type.
    public var mapEntries: [CBORMapEntry]? {
        if case .map(let entries) = self { return entries }
        return nil
    }

    /// The byte string's bytes, or nil for any other type.
    public var byteString: ArraySlice<UInt8>? {
        if case .bytes(let bytes) = self { return bytes }
        return nil
    }

    /// The text as a Swift string, or nil for any other type.
    public var textString: String? {
        if case .text(let utf8) = self { return String(decoding: utf8, as: UTF8.self) }
        return nil
    }

    /// The integer value when it fits in `Int64`, or nil.
    public var int64: Int64? {
        switch self {
        case .unsigned(let n): return n <= UInt64(Int64.max) ? Int64(n) : nil
        case .negative(let n): return n <= UInt64(Int64.max) ? -1 - Int64(n) : nil
        default: return nil
        }
    }

    /// True when this value is the text string `string`.
    public func isText(_ string: String) -> Bool {
        if case .text(let utf8) = self { return utf8.elementsEqual(string.utf8) }
        return false
    }

    /// The value stored under the text key `key` of a map, or nil (also for a non-map).
    public subscript(textKey key: String) -> CBORValue? {
        mapEntries?.first { $0.key.isText(key) }?.value
    }

    /// The value stored under the integer key `key` of a map, or nil (also for a non-map).
    public subscript(intKey key: Int64) -> CBORValue? {
        mapEntries?.first { $0.key.int64 == key }?.value
    }
}
