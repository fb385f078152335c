/// Writes protobuf wire records: used by the issuer, and by tests that craft hostile input.
public struct WireWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func appendVarint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    public mutating func appendTag(_ field: UInt32, _ type: WireType) {
        appendVarint(UInt64(field) << 3 | UInt64(type.rawValue))
    }

    public mutating func varint(_ field: UInt32, _ value: UInt64) {
        appendTag(field, .varint)
        appendVarint(value)
    }

    /// int64 and int32 fields: two's complement, so negatives take ten bytes.
    public mutating func int64(_ field: UInt32, _ value: Int64) {
        varint(field, UInt64(bitPattern: value))
    }

    public mutating func sint32(_ field: UInt32, _ value: Int32) {
        varint(field, UInt64(ZigZag.encode(value)))
    }

    public mutating func bytes<C: Collection>(_ field: UInt32, _ value: C) where C.Element == UInt8 {
        appendTag(field, .lengthDelimited)
        appendVarint(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    public mutating func string(_ field: UInt32, _ value: String) {
        bytes(field, Array(value.utf8))
    }

    public mutating func message(_ field: UInt32, _ body: (inout WireWriter) -> Void) {
        var inner = WireWriter()
        body(&inner)
        bytes(field, inner.bytes)
    }

    public mutating func packedSInt32(_ field: UInt32, _ values: [Int32]) {
        var inner = WireWriter()
        for value in values { inner.appendVarint(UInt64(ZigZag.encode(value))) }
        bytes(field, inner.bytes)
    }

    /// Raw bytes, for hand-made records in tests.
    public mutating func raw(_ value: [UInt8]) { bytes.append(contentsOf: value) }

    // Fields named by their schema entry, so that an encoder writes no field number of its own.
    public mutating func varint(_ field: FieldSpec, _ value: UInt64) { varint(field.number, value) }
    public mutating func int64(_ field: FieldSpec, _ value: Int64) { int64(field.number, value) }
    public mutating func sint32(_ field: FieldSpec, _ value: Int32) { sint32(field.number, value) }
    public mutating func bytes<C: Collection>(_ field: FieldSpec, _ value: C) where C.Element == UInt8 {
        bytes(field.number, value)
    }
    public mutating func string(_ field: FieldSpec, _ value: String) { string(field.number, value) }
    public mutating func message(_ field: FieldSpec, _ body: (inout WireWriter) -> Void) { message(field.number, body) }
    public mutating func packedSInt32(_ field: FieldSpec, _ values: [Int32]) { packedSInt32(field.number, values) }
}

public enum ZigZag {
    public static func encode(_ value: Int32) -> UInt32 {
        UInt32(bitPattern: (value << 1) ^ (value >> 31))
    }

    /// nil when the raw value does not fit the 32-bit type.
    public static func decode32(_ raw: UInt64) -> Int32? {
        guard raw <= UInt64(UInt32.max) else { return nil }
        let value = UInt32(raw)
        return Int32(bitPattern: (value >> 1) ^ (0 &- (value & 1)))
    }
}
