/// How one field of a message is declared in the schema.
public struct FieldSpec: Sendable {
    public enum Cardinality: Sendable { case single, repeated, packed }

    public let number: UInt32
    public let name: String
    public let wireType: WireType
    public let cardinality: Cardinality
    /// Fields sharing a oneof name: at most one of them may be present.
    public let oneof: String?

    public init(
        _ number: UInt32, _ name: String, _ wireType: WireType, _ cardinality: Cardinality = .single,
        oneof: String? = nil
    ) {
        self.number = number
        self.name = name
        self.wireType = wireType
        self.cardinality = cardinality
        self.oneof = oneof
    }
}

/// The records of one message, gathered under the strict rules that do not depend on values:
/// every field known, with its declared wire type; a non-repeated field at most once; a packed
/// field in exactly one record; at most one member of each oneof; at most `maxRecords` records.
public struct WireMessage: Sendable {
    public let name: String
    public let base: [UInt8]
    public let range: Range<Int>
    /// Every record, in wire order, in one array: one allocation per message, where an array per
    /// field cost one per field present (about 50 per verify of a software proof).
    private var records: [WireRecord] = []
    /// Per field number, the index in `records` of its first record, or -1 when absent (schemas
    /// number their fields from 1 with few gaps, so an array indexed by number is the fastest map).
    private var first: [Int32]

    public init(_ name: String, bytes base: [UInt8], range: Range<Int>, schema: [FieldSpec], maxRecords: Int = .max)
        throws(WireError)
    {
        self.name = name
        self.base = base
        self.range = range
        first = Array(repeating: -1, count: Int(schema.reduce(0) { max($0, $1.number) }) + 1)
        // Room for one record per declared field (each record takes at least 2 bytes): a message
        // without repeated fields then never regrows its array.
        records.reserveCapacity(min(schema.count, range.count / 2))
        var reader = WireReader(base, range: range)
        var count = 0
        // The oneof members seen, as pairs: a message has a few oneofs at most, and a Dictionary's
        // metadata would cost a fresh process a scan of every protocol conformance (0.3 M instructions).
        var oneofMembers: [(group: String, number: UInt32)] = []
        while let record = try reader.next() {
            count += 1
            guard count <= maxRecords else {
                throw WireError(.boundViolated, at: record.offset, "\(name) has more than \(maxRecords) fields")
            }
            guard let spec = schema.first(where: { $0.number == record.fieldNumber }) else {
                throw WireError(.unknownField, at: record.offset, "field \(record.fieldNumber) of \(name)")
            }
            guard spec.wireType == record.wireType else {
                throw WireError(.wrongWireType, at: record.offset, "\(name).\(spec.name)")
            }
            if first[Int(spec.number)] >= 0 {
                switch spec.cardinality {
                case .single:
                    throw WireError(.duplicateField, at: record.offset, "\(name).\(spec.name) appears twice")
                case .packed:
                    throw WireError(.duplicatePackedRecord, at: record.offset, "\(name).\(spec.name)")
                case .repeated:
                    break
                }
            }
            if let group = spec.oneof {
                if let other = oneofMembers.first(where: { $0.group == group }) {
                    guard other.number == spec.number else {
                        throw WireError(.oneofConflict, at: record.offset, "\(name).\(group)")
                    }
                } else {
                    oneofMembers.append((group, spec.number))
                }
            }
            if first[Int(spec.number)] < 0 { first[Int(spec.number)] = Int32(records.count) }
            records.append(record)
        }
    }

    /// The one record of a non-repeated field, or nil when absent.
    public func single(_ number: UInt32) -> WireRecord? {
        guard first.indices.contains(Int(number)), first[Int(number)] >= 0 else { return nil }
        return records[Int(first[Int(number)])]
    }

    /// Every record of a repeated field, in wire order.
    public func all(_ number: UInt32) -> [WireRecord] {
        guard first.indices.contains(Int(number)), first[Int(number)] >= 0 else { return [] }
        return records[Int(first[Int(number)])...].filter { $0.fieldNumber == number }
    }

    public func has(_ number: UInt32) -> Bool { first.indices.contains(Int(number)) && first[Int(number)] >= 0 }

    /// The record of `field`, named by its schema entry rather than its number.
    public func single(_ field: FieldSpec) -> WireRecord? { single(field.number) }
    public func all(_ field: FieldSpec) -> [WireRecord] { all(field.number) }
    public func required(_ field: FieldSpec) throws(WireError) -> WireRecord { try required(field.number, field.name) }

    /// Offset of the message, for errors about it as a whole.
    public var offset: Int { range.lowerBound }

    // MARK: Typed access, with the "required" and "within its type" rules.

    public func required(_ number: UInt32, _ field: String) throws(WireError) -> WireRecord {
        guard let record = single(number) else {
            throw WireError(.missingField, at: offset, "\(name).\(field)")
        }
        return record
    }

    public func uint32(_ record: WireRecord, _ field: String) throws(WireError) -> UInt32 {
        guard record.varint <= UInt64(UInt32.max) else {
            throw WireError(.valueOutOfRange, at: record.offset, "\(name).\(field) exceeds uint32")
        }
        return UInt32(record.varint)
    }

    public func int64(_ record: WireRecord) -> Int64 { Int64(bitPattern: record.varint) }

    public func sint32(_ record: WireRecord, _ field: String) throws(WireError) -> Int32 {
        guard let value = ZigZag.decode32(record.varint) else {
            throw WireError(.valueOutOfRange, at: record.offset, "\(name).\(field) exceeds sint32")
        }
        return value
    }

    /// An enum: encoded as int32, it must be one of the named non-zero values, which `named`
    /// maps to the caller's type (nil for every value that is not named).
    public func enumValue<E>(_ record: WireRecord, _ field: String, _ named: (Int) -> E?) throws(WireError) -> E {
        guard record.varint != 0, record.varint <= UInt64(Int32.max), let value = named(Int(record.varint)) else {
            throw WireError(.invalidEnum, at: record.offset, "\(name).\(field)")
        }
        return value
    }

    public func string(_ record: WireRecord, _ field: String) throws(WireError) -> String {
        guard let value = String(validating: record.payload, as: UTF8.self) else {
            throw WireError(.invalidUTF8, at: record.offset, "\(name).\(field)")
        }
        return value
    }

    /// A bytes or string field whose length must lie in `bounds`.
    public func bounded(_ record: WireRecord, _ field: String, _ bounds: ClosedRange<Int>) throws(WireError)
        -> ArraySlice<UInt8>
    {
        guard bounds.contains(record.payload.count) else {
            let expected =
                bounds.lowerBound == bounds.upperBound
                ? "\(bounds.lowerBound)" : "\(bounds.lowerBound)..\(bounds.upperBound)"
            throw WireError(
                .boundViolated, at: record.offset,
                "\(name).\(field) is \(record.payload.count) bytes, expected \(expected)")
        }
        return record.payload
    }

    /// The nested message in a length-delimited record.
    public func message(_ record: WireRecord, _ name: String, schema: [FieldSpec], maxRecords: Int = .max)
        throws(WireError) -> WireMessage
    {
        try WireMessage(
            name, bytes: base, range: record.payload.startIndex..<record.payload.endIndex, schema: schema,
            maxRecords: maxRecords)
    }
}
