/// Protobuf wire types. Only the three the Octet schema uses are accepted; fixed32, fixed64 and
/// groups never appear in it, so a record of those types is a wrong or unknown field.
public enum WireType: UInt8, Sendable {
    case varint = 0
    case fixed64 = 1
    case lengthDelimited = 2
    case startGroup = 3
    case endGroup = 4
    case fixed32 = 5
}

/// One field record as it stood on the wire: its number, type and payload.
///
/// `payload` is a slice of the original input: for a length-delimited record the bytes inside it,
/// for a varint the varint's own bytes. The claim hashes of the format are taken over exactly
/// these bytes, so nothing is ever re-encoded.
public struct WireRecord: Sendable {
    public let fieldNumber: UInt32
    public let wireType: WireType
    public let payload: ArraySlice<UInt8>
    /// Offset of the record's tag in the input.
    public let offset: Int
    /// For varint records, the decoded value.
    public let varint: UInt64
}

/// A record as offsets into the buffer it was read from: plain integers, so it is copied and
/// dropped without touching a reference count.
public struct WireSlot: Sendable {
    public let fieldNumber: UInt32
    public let wireType: WireType
    /// Offset of the record's tag.
    public let offset: Int
    /// The payload's range: inside a length-delimited record, or a varint's own bytes.
    public let start: Int
    public let end: Int
    /// For a varint record, its value; for a length-delimited one, its length.
    public let varint: UInt64

    init(fieldNumber: UInt32, wireType: WireType, offset: Int, start: Int, end: Int, varint: UInt64) {
        self.fieldNumber = fieldNumber
        self.wireType = wireType
        self.offset = offset
        self.start = start
        self.end = end
        self.varint = varint
    }
}

extension WireRecord {
    init(_ slot: WireSlot, in bytes: [UInt8]) {
        self.init(
            fieldNumber: slot.fieldNumber, wireType: slot.wireType, payload: bytes[slot.start..<slot.end],
            offset: slot.offset, varint: slot.varint)
    }
}

/// A strict reader of protobuf wire records over one buffer.
///
/// Stricter than protobuf: varints must be minimal and at most 10 bytes, lengths must fit inside
/// the enclosing buffer, and only varint and length-delimited records are read.
public struct WireReader {
    private let bytes: [UInt8]
    private var index: Int
    private let end: Int

    /// Reads `bytes[range]`; offsets reported in errors are offsets in `bytes`.
    public init(_ bytes: [UInt8], range: Range<Int>? = nil) {
        self.bytes = bytes
        let range = range ?? 0..<bytes.count
        self.index = range.lowerBound
        self.end = range.upperBound
    }

    /// Reads a slice; offsets are indices of the slice's base array.
    public init(_ slice: ArraySlice<UInt8>, in base: [UInt8]) {
        self.init(base, range: slice.startIndex..<slice.endIndex)
    }

    public var isAtEnd: Bool { index >= end }

    /// The next record, or nil at the end of the buffer.
    public mutating func next() throws(WireError) -> WireRecord? {
        guard let slot = try nextSlot() else { return nil }
        return WireRecord(slot, in: bytes)
    }

    /// The next record as offsets into the buffer, without a reference to it (what `WireSchema`
    /// reads).
    public mutating func nextSlot() throws(WireError) -> WireSlot? {
        guard index < end else { return nil }
        let start = index
        let tag = try readVarint()
        guard tag <= UInt64(UInt32.max) else {
            throw WireError(.invalidFieldNumber, at: start, "tag larger than 32 bits")
        }
        let fieldNumber = UInt32(tag >> 3)
        guard fieldNumber >= 1, fieldNumber <= 536_870_911 else {
            throw WireError(.invalidFieldNumber, at: start, "field number \(fieldNumber)")
        }
        guard let wireType = WireType(rawValue: UInt8(tag & 7)) else {
            throw WireError(.wrongWireType, at: start, "wire type \(tag & 7) of field \(fieldNumber)")
        }
        switch wireType {
        case .varint:
            let payloadStart = index
            let value = try readVarint()
            return WireSlot(
                fieldNumber: fieldNumber, wireType: .varint, offset: start, start: payloadStart, end: index,
                varint: value)
        case .lengthDelimited:
            let length = try readVarint()
            guard length <= UInt64(end - index) else {
                throw WireError(.truncated, at: start, "length of field \(fieldNumber) runs past its buffer")
            }
            let payloadStart = index
            index += Int(length)
            return WireSlot(
                fieldNumber: fieldNumber, wireType: .lengthDelimited, offset: start, start: payloadStart, end: index,
                varint: length)
        case .fixed64, .fixed32, .startGroup, .endGroup:
            // Not in the schema: the caller reports it as unknown or of the wrong type.
            return WireSlot(
                fieldNumber: fieldNumber, wireType: wireType, offset: start, start: index, end: index, varint: 0)
        }
    }

    /// A minimal varint of at most 10 bytes whose value fits in 64 bits.
    @inline(__always)
    private mutating func readVarint() throws(WireError) -> UInt64 {
        // One byte (tags, small lengths and values: most varints of a proof) needs no loop, and
        // inlined needs no call either (~200 varints per proof).
        if index < end {
            let byte = bytes[index]
            if byte < 0x80 {
                index += 1
                return UInt64(byte)
            }
        }
        return try readLongVarint()
    }

    @inline(never)
    private mutating func readLongVarint() throws(WireError) -> UInt64 {
        let start = index
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard index < end else { throw WireError(.truncated, at: start, "varint runs past its buffer") }
            let byte = bytes[index]
            index += 1
            let count = index - start
            if count == 10 && byte > 1 {
                throw WireError(.overlongVarint, at: start, "varint exceeds 64 bits")
            }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 {
                if count > 1 && byte == 0 {
                    throw WireError(.nonMinimalVarint, at: start, "redundant trailing group")
                }
                return value
            }
            if count == 10 { throw WireError(.overlongVarint, at: start, "varint longer than 10 bytes") }
            shift += 7
        }
    }

    /// Decodes one packed run of varints (the payload of a packed field).
    public static func packedVarints(_ payload: ArraySlice<UInt8>, in base: [UInt8], limit: Int) throws(WireError)
        -> [UInt64]
    {
        var reader = WireReader(base, range: payload.startIndex..<payload.endIndex)
        var values: [UInt64] = []
        while !reader.isAtEnd {
            guard values.count < limit else {
                throw WireError(.boundViolated, at: reader.index, "more than \(limit) packed values")
            }
            let value = try reader.readVarint()
            values.append(value)
        }
        return values
    }
}
