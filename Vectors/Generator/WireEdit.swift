import OctetEncoding

/// Rewrites records of an encoded message, for the wire-level vectors the issuer cannot make.
/// Records are kept byte for byte unless replaced; a path picks the first record of each field
/// (or the `index`th of a repeated one) going down.
enum WireEdit {
    struct Record {
        var field: UInt32
        /// The whole record: tag, length, payload.
        var raw: [UInt8]
        /// A length-delimited record's payload, or a varint record's varint bytes.
        var payload: [UInt8]
    }

    /// The records of `bytes`, in order; reading stops at the first malformed record.
    static func records(_ bytes: [UInt8]) -> [Record] {
        var reader = WireReader(bytes, range: 0..<bytes.count)
        var records: [Record] = []
        while let record = try? reader.next() {
            records.append(
                Record(
                    field: record.fieldNumber, raw: Array(bytes[record.offset..<record.payload.endIndex]),
                    payload: Array(record.payload)))
        }
        return records
    }

    static func lengthDelimited(_ field: UInt32, _ payload: [UInt8]) -> [UInt8] {
        var writer = WireWriter()
        writer.bytes(field, payload)
        return writer.bytes
    }

    static func varint(_ field: UInt32, _ value: UInt64) -> [UInt8] {
        var writer = WireWriter()
        writer.varint(field, value)
        return writer.bytes
    }

    /// Applies `body` to the records of the message at `path` ([] is the top level) and re-encodes
    /// every enclosing message around it.
    static func edit(_ bytes: [UInt8], at path: [(field: UInt32, index: Int)] = [], _ body: (inout [Record]) -> Void)
        -> [UInt8]
    {
        var records = records(bytes)
        guard let step = path.first else {
            body(&records)
            return records.flatMap(\.raw)
        }
        var seen = 0
        for position in records.indices where records[position].field == step.field {
            defer { seen += 1 }
            guard seen == step.index else { continue }
            let inner = edit(records[position].payload, at: Array(path.dropFirst()), body)
            records[position] = Record(field: step.field, raw: lengthDelimited(step.field, inner), payload: inner)
            break
        }
        return records.flatMap(\.raw)
    }

    /// Replaces the first record of `field` (or appends one) with `raw`.
    static func replace(_ field: UInt32, with raw: [UInt8], in records: inout [Record]) {
        let replacement = Record(field: field, raw: raw, payload: [])
        if let position = records.firstIndex(where: { $0.field == field }) {
            records[position] = replacement
        } else {
            records.append(replacement)
        }
    }
}
