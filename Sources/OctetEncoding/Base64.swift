/// Standard base64 with padding (RFC 4648 §4), read strictly: only the 64-character alphabet, a
/// length that is a multiple of 4, `=` only as the last one or two characters, and zero unused
/// bits in the last group. Foundation's `Data(base64Encoded:)` accepts `====` and `QU=D`; a
/// request decoder must not, so that one text has one meaning.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// 0...63 for an alphabet byte, 0xFF otherwise.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    public static func encode<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        let input = Array(bytes)
        var out: [UInt8] = []
        out.reserveCapacity((input.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= input.count {
            let group = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
            for shift in [18, 12, 6, 0] { out.append(alphabet[Int((group >> UInt32(shift)) & 0x3F)]) }
            index += 3
        }
        let rest = input.count - index
        if rest > 0 {
            let group = UInt32(input[index]) << 16 | (rest == 2 ? UInt32(input[index + 1]) << 8 : 0)
            out.append(alphabet[Int((group >> 18) & 0x3F)])
            out.append(alphabet[Int((group >> 12) & 0x3F)])
            out.append(rest == 2 ? alphabet[Int((group >> 6) & 0x3F)] : UInt8(ascii: "="))
            out.append(UInt8(ascii: "="))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of canonical padded base64 `text`; nil for anything else.
    public static func decode(_ text: String) -> [UInt8]? {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(text.utf8.count)
        utf8.append(contentsOf: text.utf8)
        guard utf8.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count / 4 * 3)
        var index = 0
        while index < utf8.count {
            let last = index + 4 == utf8.count
            let padding =
                last ? (utf8[index + 3] == UInt8(ascii: "=") ? (utf8[index + 2] == UInt8(ascii: "=") ? 2 : 1) : 0) : 0
            var group: UInt32 = 0
            for offset in 0..<4 {
                let byte = utf8[index + offset]
                if offset >= 4 - padding {
                    group <<= 6
                    continue
                }
                let value = values[Int(byte)]
                guard value != 0xFF else { return nil }
                group = group << 6 | UInt32(value)
            }
            switch padding {
            case 0:
                out.append(UInt8(group >> 16))
                out.append(UInt8((group >> 8) & 0xFF))
                out.append(UInt8(group & 0xFF))
            case 1:
                guard group & 0xFF == 0 else { return nil }
                out.append(UInt8(group >> 16))
                out.append(UInt8((group >> 8) & 0xFF))
            default:
                guard group & 0xFFFF == 0 else { return nil }
                out.append(UInt8(group >> 16))
            }
            index += 4
        }
        return out
    }
}
