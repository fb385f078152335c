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
///
/// The message keeps, per field number, where its first record starts and how many records it
/// has; a lookup reads the record again from there (a tag and a length). No record is stored, so
/// a message costs no heap allocation: a proof has about twenty messages, and an array of records
/// each cost an allocation and a free, more than reading a record twice.
public struct WireMessage: Sendable {
    public let name: String
    public let base: [UInt8]
    public let range: Range<Int>
    /// Per field number below 16 (every field of the proof's schema): the offset of its first
    /// record's tag (-1 when absent) and its number of records. Fixed tables, not arrays, so
    /// they live inline (read and written in place through `WireTable`).
    private var firstSmall = WireTable(repeating: -1)
    private var countSmall = WireTable(repeating: 0)
    /// The same for a schema that numbers a field 16 or above (none in the proof's); empty, and so
    /// never allocated, otherwise.
    private var firstLarge: [Int] = []
    private var countLarge: [Int] = []
    private static let smallNumbers = 16

    public init(_ name: String, bytes base: [UInt8], range: Range<Int>, schema: [FieldSpec], maxRecords: Int = .max)
        throws(WireError)
    {
        self.name = name
        self.base = base
        self.range = range
        guard range.upperBound <= Int(Int32.max) else {
            throw WireError(.tooLarge, at: range.lowerBound, "\(name) ends beyond 2 GiB")
        }
        var largest: UInt32 = 0
        for index in schema.indices { largest = max(largest, schema[index].number) }
        if Int(largest) >= Self.smallNumbers {
            firstLarge = Array(repeating: -1, count: Int(largest) + 1)
            countLarge = Array(repeating: 0, count: Int(largest) + 1)
        }
        var reader = WireReader(base, range: range)
        var recordCount = 0
        while let record = try reader.nextSlot() {
            guard recordCount < maxRecords else {
                throw WireError(.boundViolated, at: record.offset, "\(name) has more than \(maxRecords) fields")
            }
            recordCount += 1
            // The schema is a handful of fields: a scan beats any map, and reads each spec in place.
            var specIndex = -1
            for index in schema.indices where schema[index].number == record.fieldNumber {
                specIndex = index
                break
            }
            guard specIndex >= 0 else {
                throw WireError(.unknownField, at: record.offset, "field \(record.fieldNumber) of \(name)")
            }
            guard schema[specIndex].wireType == record.wireType else {
                throw WireError(.wrongWireType, at: record.offset, "\(name).\(schema[specIndex].name)")
            }
            let seen = count(record.fieldNumber) > 0
            if seen {
                switch schema[specIndex].cardinality {
                case .single:
                    throw WireError(
                        .duplicateField, at: record.offset, "\(name).\(schema[specIndex].name) appears twice")
                case .packed:
                    throw WireError(.duplicatePackedRecord, at: record.offset, "\(name).\(schema[specIndex].name)")
                case .repeated:
                    break
                }
            }
            if let group = schema[specIndex].oneof {
                // Another member of the group already present is a conflict. A member is never
                // repeated, so this scan of the schema runs at most once per member.
                for other in schema.indices
                where other != specIndex && schema[other].oneof == group && count(schema[other].number) > 0 {
                    throw WireError(.oneofConflict, at: record.offset, "\(name).\(group)")
                }
            }
            let number = Int(record.fieldNumber)
            if number < Self.smallNumbers {
                if !seen { firstSmall[number] = Int32(truncatingIfNeeded: record.offset) }
                countSmall[number] = countSmall[number] &+ 1
            } else {
                if !seen { firstLarge[number] = record.offset }
                countLarge[number] += 1
            }
        }
    }

    private func firstOffset(_ number: UInt32) -> Int {
        if Int(number) < Self.smallNumbers { return Int(firstSmall[Int(number)]) }
        return Int(number) < firstLarge.count ? firstLarge[Int(number)] : -1
    }

    /// How many records field `number` has.
    public func count(_ number: UInt32) -> Int {
        if Int(number) < Self.smallNumbers { return Int(countSmall[Int(number)]) }
        return Int(number) < countLarge.count ? countLarge[Int(number)] : 0
    }

    /// The one record of a non-repeated field, or nil when absent.
    public func single(_ number: UInt32) -> WireRecord? {
        let offset = firstOffset(number)
        guard offset >= 0 else { return nil }
        // The record read without error when the message was built; a second read of the same
        // bytes cannot fail, and if it did the field would read as absent, never as a trap.
        var reader = WireReader(base, range: offset..<range.upperBound)
        return (try? reader.next()) ?? nil
    }

    /// Every record of field `number`, in wire order, without building an array of them.
    public func forEach(_ number: UInt32, _ body: (WireRecord) throws(WireError) -> Void) throws(WireError) {
        var remaining = count(number)
        let offset = firstOffset(number)
        guard remaining > 0, offset >= 0 else { return }
        var reader = WireReader(base, range: offset..<range.upperBound)
        while remaining > 0, let slot = (try? reader.nextSlot()) ?? nil {
            guard slot.fieldNumber == number else { continue }
            remaining -= 1
            try body(WireRecord(slot, in: base))
        }
    }

    /// Every record of a repeated field, in wire order.
    public func all(_ number: UInt32) -> [WireRecord] {
        var records: [WireRecord] = []
        records.reserveCapacity(count(number))
        var remaining = count(number)
        let offset = firstOffset(number)
        guard remaining > 0, offset >= 0 else { return [] }
        var reader = WireReader(base, range: offset..<range.upperBound)
        while remaining > 0, let slot = (try? reader.nextSlot()) ?? nil {
            guard slot.fieldNumber == number else { continue }
            remaining -= 1
            records.append(WireRecord(slot, in: base))
        }
        return records
    }

    public func has(_ number: UInt32) -> Bool { count(number) > 0 }

    public func count(_ field: FieldSpec) -> Int { count(field.number) }
    public func forEach(_ field: FieldSpec, _ body: (WireRecord) throws(WireError) -> Void) throws(WireError) {
        try forEach(field.number, body)
    }

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
    /// Inlinable so that it is specialised for the caller's enum (a generic call looked up
    /// `Optional<E>`'s metadata at run time on every use).
    @inlinable
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

/// Sixteen `Int32`s inline: a tuple read and written through a pointer to itself, since both a
/// SIMD vector (a lane write rewrote the vector) and an `InlineArray` (a read copied it whole)
/// cost more per record than the record itself.
struct WireTable: Sendable {
    private var storage:
        (
            Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
            Int32
        )

    init(repeating value: Int32) {
        storage = (
            value, value, value, value, value, value, value, value, value, value, value, value, value, value, value,
            value
        )
    }

    /// `index` is below 16 (the callers check it).
    subscript(index: Int) -> Int32 {
        get {
            precondition(index >= 0 && index < 16)
            return withUnsafeBytes(of: storage) { $0.load(fromByteOffset: index * 4, as: Int32.self) }
        }
        set {
            precondition(index >= 0 && index < 16)
            withUnsafeMutableBytes(of: &storage) {
                $0.storeBytes(of: newValue, toByteOffset: index * 4, as: Int32.self)
            }
        }
    }
}
