/// How one field of a message is declared in the schema.
public struct FieldSpec: Sendable {
    public enum Cardinality: Sendable { case single, repeated, packed }

    public let number: UInt32
    public let name: String
    public let wireType: WireType
    public let cardinality: Cardinality
    /// Fields sharing a oneof name: at most one of them may be present.
    public let oneof: String?
    /// How many bytes a length-delimited record's payload may hold (a string's UTF-8 bytes); nil
    /// when the schema sets no bound.
    public let bytes: ClosedRange<Int>?
    /// How many records a repeated field must have; nil when the schema sets no bound.
    public let records: ClosedRange<Int>?

    public init(
        _ number: UInt32, _ name: String, _ wireType: WireType, _ cardinality: Cardinality = .single,
        oneof: String? = nil, bytes: ClosedRange<Int>? = nil, records: ClosedRange<Int>? = nil
    ) {
        self.number = number
        self.name = name
        self.wireType = wireType
        self.cardinality = cardinality
        self.oneof = oneof
        self.bytes = bytes
        self.records = records
    }

    /// Whether a payload of `byteCount` bytes is within ``bytes`` (any length when unbounded).
    @inlinable
    public func allows(byteCount: Int) -> Bool { bytes?.contains(byteCount) ?? true }

    /// Whether `recordCount` records are within ``records`` (any number when unbounded).
    @inlinable
    public func allows(recordCount: Int) -> Bool { records?.contains(recordCount) ?? true }

    /// A bound as details print it: `16` for one length, `1..64` for a range, empty for none.
    public static func text(_ bounds: ClosedRange<Int>?) -> String {
        guard let bounds else { return "" }
        return bounds.lowerBound == bounds.upperBound
            ? "\(bounds.lowerBound)" : "\(bounds.lowerBound)..\(bounds.upperBound)"
    }
}

/// One message type as the strict reader checks it: its name and fields, and the rules that do not
/// depend on values as bit masks over field numbers: every field known, with its declared wire
/// type; a non-repeated field at most once; a packed field in exactly one record; at most one
/// member of the oneof.
///
/// Masks, not a search of `fields` per record: a proof has about fifty records in seventeen
/// messages, and reading one is then a tag, a length and a few bit tests.
///
/// A schema lives as long as the process: `init` keeps one reference of its own that is never
/// released. A view (`WireView`) can then hold its schema without counting it, so threads reading
/// proofs at once never write the same reference counts (docs/performance.md, "2026-12-06,
/// night"). Declare each schema once, as a static (as `ProofSchema` does): one made anywhere else
/// is never freed either, and a leak checker, finding nothing that points to it, reports it.
public final class WireSchema: Sendable {
    public let name: String
    public let fields: [FieldSpec]
    /// Bit n set: field n is declared, is a varint (the others are length-delimited), may repeat,
    /// is packed, is a member of the oneof.
    @usableFromInline let known: UInt32
    @usableFromInline let varints: UInt32
    @usableFromInline let repeated: UInt32
    @usableFromInline let packed: UInt32
    @usableFromInline let oneofMembers: UInt32
    @usableFromInline let oneofName: String?

    /// `fields` numbers every field 1...31, declares only varint and length-delimited fields, and
    /// has at most one oneof: true of every message of `octet.proto`, checked once here.
    public init(_ name: String, _ fields: [FieldSpec]) {
        var known: UInt32 = 0
        var varints: UInt32 = 0
        var repeated: UInt32 = 0
        var packed: UInt32 = 0
        var oneofMembers: UInt32 = 0
        for field in fields {
            precondition((1...31).contains(field.number), "\(name): field numbers are 1...31")
            precondition(field.wireType == .varint || field.wireType == .lengthDelimited, "\(name): wire type")
            precondition(field.oneof == nil || field.oneof == fields.first { $0.oneof != nil }?.oneof, "one oneof")
            let bit: UInt32 = 1 << field.number
            precondition(known & bit == 0, "\(name): field \(field.number) declared twice")
            known |= bit
            if field.wireType == .varint { varints |= bit }
            if field.cardinality == .repeated { repeated |= bit }
            if field.cardinality == .packed { packed |= bit }
            if field.oneof != nil { oneofMembers |= bit }
        }
        self.name = name
        self.fields = fields
        self.known = known
        self.varints = varints
        self.repeated = repeated
        self.packed = packed
        self.oneofMembers = oneofMembers
        self.oneofName = fields.first { $0.oneof != nil }?.oneof
        // Never released: what makes `WireView`'s unretained reference safe.
        _ = Unmanaged.passRetained(self)
    }

    /// Reads `bytes[range]` once, in wire order, and hands `record` every record that passes the
    /// schema's rules; the first that does not is thrown, before `record` sees it.
    @inlinable
    public func read(
        _ bytes: [UInt8], _ range: Range<Int>, _ record: (WireSlot) throws(WireError) -> Void
    ) throws(WireError) {
        var reader = WireReader(bytes, range: range)
        var seen: UInt32 = 0
        while let slot = try reader.nextSlot() {
            let bit: UInt32 = slot.fieldNumber < 32 ? 1 << slot.fieldNumber : 0
            guard known & bit != 0 else {
                throw WireError(.unknownField, at: slot.offset, "field \(slot.fieldNumber) of \(name)")
            }
            guard slot.wireType == (varints & bit != 0 ? .varint : .lengthDelimited) else {
                throw WireError(.wrongWireType, at: slot.offset, "\(name).\(fieldName(slot.fieldNumber))")
            }
            if seen & bit != 0 {
                if packed & bit != 0 {
                    throw WireError(.duplicatePackedRecord, at: slot.offset, "\(name).\(fieldName(slot.fieldNumber))")
                }
                if repeated & bit == 0 {
                    throw WireError(
                        .duplicateField, at: slot.offset, "\(name).\(fieldName(slot.fieldNumber)) appears twice")
                }
            }
            // Another member of the oneof already present is a conflict (a member is never
            // repeated, so a second record of the same one was a duplicate above).
            if oneofMembers & bit != 0, seen & oneofMembers & ~bit != 0 {
                throw WireError(.oneofConflict, at: slot.offset, "\(name).\(oneofName ?? "")")
            }
            seen |= bit
            try record(slot)
        }
    }

    /// Only on the error paths: the schema is a handful of fields.
    @usableFromInline func fieldName(_ number: UInt32) -> String {
        fields.first { $0.number == number }?.name ?? "field \(number)"
    }
}

/// The records of one repeated field, found by `WireSchema.read`: the first and how many.
public struct WireRun: Sendable {
    public private(set) var first: WireSlot?
    public private(set) var count = 0

    public init() {}

    public mutating func add(_ slot: WireSlot) {
        if first == nil { first = slot }
        count += 1
    }
}

/// One message of an input: the bytes, where it lies in them, and its schema; reads its records
/// (`read`) and gives the typed values of the records it found, with the "required" and "within
/// its type" rules. Errors name the message and the field, never a value.
public struct WireView {
    public let bytes: [UInt8]
    public let range: Range<Int>
    /// Not retained: every schema outlives every view (`WireSchema.init` keeps it for good).
    @usableFromInline let unretainedSchema: Unmanaged<WireSchema>

    @inlinable
    public init(_ bytes: [UInt8], _ range: Range<Int>, _ schema: WireSchema) {
        self.bytes = bytes
        self.range = range
        self.unretainedSchema = Unmanaged.passUnretained(schema)
    }

    @inlinable
    public var schema: WireSchema { unretainedSchema.takeUnretainedValue() }

    @inlinable
    public var name: String { schema.name }
    /// Offset of the message, for errors about it as a whole.
    @inlinable
    public var offset: Int { range.lowerBound }

    /// See `WireSchema.read`. Through the unretained reference as it is (`schema` would count it).
    @inlinable
    public func read(_ record: (WireSlot) throws(WireError) -> Void) throws(WireError) {
        var failure: WireError?
        unretainedSchema._withUnsafeGuaranteedRef { schema in
            do throws(WireError) { try schema.read(bytes, range, record) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Every record of a repeated field in wire order: read again from the first, skipping the
    /// other fields (`read` has already accepted every record, so this cannot fail on them).
    public func forEach(_ run: WireRun, _ body: (WireSlot) throws(WireError) -> Void) throws(WireError) {
        guard let first = run.first else { return }
        var reader = WireReader(bytes, range: first.offset..<range.upperBound)
        var remaining = run.count
        while remaining > 0, let slot = try reader.nextSlot() {
            guard slot.fieldNumber == first.fieldNumber else { continue }
            remaining -= 1
            try body(slot)
        }
    }

    /// The nested message in a length-delimited record.
    @inlinable
    public func message(_ slot: WireSlot, _ schema: WireSchema) -> WireView {
        WireView(bytes, slot.start..<slot.end, schema)
    }

    @inlinable
    public func payload(_ slot: WireSlot) -> ArraySlice<UInt8> { bytes[slot.start..<slot.end] }

    @inlinable
    public func required(_ slot: WireSlot?, _ field: FieldSpec) throws(WireError) -> WireSlot {
        guard let slot else { throw WireError(.missingField, at: offset, "\(name).\(field.name)") }
        return slot
    }

    @inlinable
    public func uint32(_ slot: WireSlot, _ field: String) throws(WireError) -> UInt32 {
        guard slot.varint <= UInt64(UInt32.max) else {
            throw WireError(.valueOutOfRange, at: slot.offset, "\(name).\(field) exceeds uint32")
        }
        return UInt32(slot.varint)
    }

    @inlinable
    public func int64(_ slot: WireSlot) -> Int64 { Int64(bitPattern: slot.varint) }

    public func sint32(_ slot: WireSlot, _ field: String) throws(WireError) -> Int32 {
        guard let value = ZigZag.decode32(slot.varint) else {
            throw WireError(.valueOutOfRange, at: slot.offset, "\(name).\(field) exceeds sint32")
        }
        return value
    }

    /// An enum: encoded as int32, it must be one of the named non-zero values, which `named`
    /// maps to the caller's type (nil for every value that is not named).
    /// Inlinable so that it is specialised for the caller's enum (no run-time metadata look-up).
    @inlinable
    public func enumValue<E>(_ slot: WireSlot, _ field: String, _ named: (Int) -> E?) throws(WireError) -> E {
        guard slot.varint != 0, slot.varint <= UInt64(Int32.max), let value = named(Int(slot.varint)) else {
            throw WireError(.invalidEnum, at: slot.offset, "\(name).\(field)")
        }
        return value
    }

    public func string(_ slot: WireSlot, _ field: String) throws(WireError) -> String {
        guard let value = String(validatingUTF8Bytes: payload(slot)) else {
            throw WireError(.invalidUTF8, at: slot.offset, "\(name).\(field)")
        }
        return value
    }

    /// A bytes or string field, whose length must lie in the schema's bounds for it (`field.bytes`).
    @inlinable
    public func bounded(_ slot: WireSlot, _ field: FieldSpec) throws(WireError) -> ArraySlice<UInt8> {
        let count = slot.end - slot.start
        guard field.allows(byteCount: count) else {
            throw WireError(
                .boundViolated, at: slot.offset,
                "\(name).\(field.name) is \(count) bytes, expected \(FieldSpec.text(field.bytes))")
        }
        return payload(slot)
    }
}
