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
        var text = text
        return text.withUTF8 { decode(utf8: $0) }
    }

    /// The bytes of canonical padded base64 `utf8`; nil for anything else. One pass over the
    /// text, four table look-ups per group: a request's proof is a kilobyte or more of it.
    public static func decode(utf8: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let count = utf8.count
        guard count % 4 == 0 else { return nil }
        guard count > 0 else { return [] }
        // `=` only as the last one or two characters (anywhere else it is not in the table).
        let padding = utf8[count - 1] == UInt8(ascii: "=") ? (utf8[count - 2] == UInt8(ascii: "=") ? 2 : 1) : 0
        let full = count - (padding > 0 ? 4 : 0)
        var valid = true
        let out = values.withUnsafeBufferPointer { table in
            [UInt8](unsafeUninitializedCapacity: count / 4 * 3) { out, initialized in
                var index = 0
                var written = 0
                while index < full {
                    let a = table[Int(utf8[index])]
                    let b = table[Int(utf8[index + 1])]
                    let c = table[Int(utf8[index + 2])]
                    let d = table[Int(utf8[index + 3])]
                    // Alphabet values are below 64; 0xFF (not in the alphabet) has the top bits set.
                    guard (a | b | c | d) & 0xC0 == 0 else {
                        valid = false
                        break
                    }
                    let group = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    out[written] = UInt8(truncatingIfNeeded: group >> 16)
                    out[written + 1] = UInt8(truncatingIfNeeded: group >> 8)
                    out[written + 2] = UInt8(truncatingIfNeeded: group)
                    written += 3
                    index += 4
                }
                if valid, padding > 0 {
                    let a = table[Int(utf8[index])]
                    let b = table[Int(utf8[index + 1])]
                    let c = padding == 1 ? table[Int(utf8[index + 2])] : 0
                    let group = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6
                    // The unused bits of the last group must be zero: one text per byte string.
                    let unused: UInt32 = padding == 1 ? 0xFF : 0xFFFF
                    if (a | b | c) & 0xC0 != 0 || group & unused != 0 {
                        valid = false
                    } else {
                        out[written] = UInt8(truncatingIfNeeded: group >> 16)
                        if padding == 1 { out[written + 1] = UInt8(truncatingIfNeeded: group >> 8) }
                        written += 3 - padding
                    }
                }
                initialized = valid ? written : 0
            }
        }
        return valid ? out : nil
    }
}
