/// Writes `CBORValue`s in the form `CBORDecoder` accepts: shortest arguments, definite
/// lengths, map keys sorted bytewise by their encodings. Used by the issuer and by tests.
public enum CBOREncoder {
    /// The canonical encoding of `value`. Maps are sorted; duplicate keys are kept as given,
    /// so the result then fails to decode (tests use this on purpose).
    public static func encode(_ value: CBORValue) -> [UInt8] {
        var out: [UInt8] = []
        append(value, to: &out, sortingKeys: true)
        return out
    }

    /// The encoding of `value` with map entries in the order given: for building
    /// deliberately non-canonical test input.
    public static func encodePreservingOrder(_ value: CBORValue) -> [UInt8] {
        var out: [UInt8] = []
        append(value, to: &out, sortingKeys: false)
        return out
    }

    /// The head of an item: major type and shortest argument.
    public static func head(major: UInt8, argument: UInt64) -> [UInt8] {
        let type = major << 5
        switch argument {
        case 0..<24: return [type | UInt8(argument)]
        case 24...0xFF: return [type | 24, UInt8(argument)]
        case 0x100...0xFFFF: return [type | 25] + BigEndian.bytes(argument, width: 2)
        case 0x1_0000...0xFFFF_FFFF: return [type | 26] + BigEndian.bytes(argument, width: 4)
        default: return [type | 27] + BigEndian.bytes(argument, width: 8)
        }
    }

    private static func append(_ value: CBORValue, to out: inout [UInt8], sortingKeys: Bool) {
        switch value {
        case .unsigned(let n): out += head(major: 0, argument: n)
        case .negative(let n): out += head(major: 1, argument: n)
        case .bytes(let bytes):
            out += head(major: 2, argument: UInt64(bytes.count))
            out += bytes
        case .text(let utf8):
            out += head(major: 3, argument: UInt64(utf8.count))
            out += utf8
        case .array(let elements):
            out += head(major: 4, argument: UInt64(elements.count))
            for element in elements { append(element, to: &out, sortingKeys: sortingKeys) }
        case .map(let entries):
            out += head(major: 5, argument: UInt64(entries.count))
            var encoded = entries.map { entry -> (key: [UInt8], value: [UInt8]) in
                var key: [UInt8] = []
                var value: [UInt8] = []
                append(entry.key, to: &key, sortingKeys: sortingKeys)
                append(entry.value, to: &value, sortingKeys: sortingKeys)
                return (key, value)
            }
            if sortingKeys { encoded.sort { CBORReader.compare($0.key[...], $1.key[...]) < 0 } }
            for entry in encoded { out += entry.key + entry.value }
        case .bool(let flag): out.append(flag ? 0xF5 : 0xF4)
        case .null: out.append(0xF6)
        case .undefined: out.append(0xF7)
        case .simple(let n): out += n < 24 ? [0xE0 | n] : [0xF8, n]
        }
    }
}
