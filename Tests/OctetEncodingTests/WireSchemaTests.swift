import Synchronization
import Testing

@testable import OctetEncoding

@Suite("WireSchema: schemas live as long as the process, so views hold them without counting")
struct WireSchemaTests {
    /// field 1 (varint) = 5, then field 2 (varint) = 1.
    static let twoFields: [UInt8] = [0x08, 0x05, 0x10, 0x01]

    /// A new schema, held for the rest of the run: a schema is never freed, and LeakSanitizer
    /// (`.ci/sanitize`) reports one that nothing points to.
    static func probe() -> WireSchema {
        let schema = WireSchema("Probe", [FieldSpec(1, "count", .varint)])
        made.withLock { $0.append(schema) }
        return schema
    }

    static let made = Mutex<[WireSchema]>([])

    @Test("a schema is never held by its maker alone: it is kept for the life of the process")
    func schemaOutlivesItsReferences() {
        var schema = WireSchema("Probe", [FieldSpec(1, "count", .varint)])
        // What makes a view's unretained reference safe: were this the only reference, the schema
        // would be freed when it goes, and a view made from it would read freed memory.
        #expect(!isKnownUniquelyReferenced(&schema))
        Self.made.withLock { $0.append(schema) }
    }

    @Test("a view reads by the rules of its schema, which it holds unretained")
    func viewReadsThroughItsUnretainedSchema() {
        let view = WireView(Self.twoFields, 0..<2, Self.probe())
        var values: [UInt64] = []
        #expect(throws: Never.self) { try view.read { values.append($0.varint) } }
        #expect(values == [5])
        #expect(view.name == "Probe")
    }

    @Test("an undeclared field is refused, named with the schema's name")
    func unknownFieldNamesTheSchema() {
        let view = WireView(Self.twoFields, 0..<4, Self.probe())
        var seen = 0
        #expect {
            try view.read { _ in seen += 1 }
        } throws: { error in
            guard let failure = error as? WireError else { return false }
            return failure.code == .unknownField && failure.reason == "field 2 of Probe" && failure.offset == 2
        }
        // The first record passed the rules before the second was refused.
        #expect(seen == 1)
    }
}
