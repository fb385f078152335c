import Foundation
import OctetEncoding

/// Takes encoded messages apart into records and puts them back, so a test can change exactly
/// one thing on the wire (a record, a payload, an encoding) and see `wire-format` name it.
struct Records {
    struct Record {
        var field: UInt32
        var wireType: WireType
        /// Payload: length-delimited contents, or the varint's own bytes.
        var payload: [UInt8]

        var encoded: [UInt8] {
            var writer = WireWriter()
            writer.appendTag(field, wireType)
            if wireType == .lengthDelimited { writer.appendVarint(UInt64(payload.count)) }
            writer.raw(payload)
            return writer.bytes
        }
    }

    var list: [Record]

    init(_ bytes: [UInt8]) {
        var reader = WireReader(bytes)
        var list: [Record] = []
        while let record = try! reader.next() {
            list.append(Record(field: record.fieldNumber, wireType: record.wireType, payload: Array(record.payload)))
        }
        self.list = list
    }

    var bytes: [UInt8] { list.flatMap(\.encoded) }

    /// The payload of the first record of `field`.
    func payload(_ field: UInt32) -> [UInt8] { list.first { $0.field == field }!.payload }

    /// Rewrites the first record of `field` with `change`.
    mutating func edit(_ field: UInt32, _ change: (inout Record) -> Void) {
        let index = list.firstIndex { $0.field == field }!
        change(&list[index])
    }

    /// Rewrites the nested message in the first record of `field`.
    mutating func editMessage(_ field: UInt32, _ change: (inout Records) -> Void) {
        edit(field) { record in
            var inner = Records(record.payload)
            change(&inner)
            record.payload = inner.bytes
        }
    }

    mutating func remove(_ field: UInt32) { list.removeAll { $0.field == field } }

    mutating func append(_ field: UInt32, _ wireType: WireType, _ payload: [UInt8]) {
        list.append(Record(field: field, wireType: wireType, payload: payload))
    }

    static func varint(_ value: UInt64) -> [UInt8] {
        var writer = WireWriter()
        writer.appendVarint(value)
        return writer.bytes
    }

    static func zigzag(_ value: Int32) -> [UInt8] { varint(UInt64(ZigZag.encode(value))) }
}
