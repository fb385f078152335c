/// Hexadecimal text: lower case out; in, lower case only (the manifest's rule) or either case
/// (the command line's).
public enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    public static func encode<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        // Contiguous bytes (an array, Data) in one pass over a buffer: iterating a generic
        // collection calls through its witness table for every byte.
        if let text = bytes.withContiguousStorageIfAvailable(encode(buffer:)) { return text }
        return Array(bytes).withUnsafeBufferPointer(encode(buffer:))
    }

    private static func encode(buffer bytes: UnsafeBufferPointer<UInt8>) -> String {
        digits.withUnsafeBufferPointer { digits in
            String(unsafeUninitializedCapacity: bytes.count * 2) { out in
                for (index, byte) in bytes.enumerated() {
                    out[2 * index] = digits[Int(byte >> 4)]
                    out[2 * index + 1] = digits[Int(byte & 0x0F)]
                }
                return bytes.count * 2
            }
        }
    }

    /// Even-length hex; nil for anything else (odd length, other characters, and upper case
    /// unless `allowUppercase`).
    public static func decode(_ text: String, allowUppercase: Bool = false) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count / 2)
        var index = 0
        while index + 1 < utf8.count {
            guard let high = nibble(utf8[index], allowUppercase), let low = nibble(utf8[index + 1], allowUppercase)
            else { return nil }
            out.append(high << 4 | low)
            index += 2
        }
        return out
    }

    /// True when `text` is at least one hex digit, of either case, and nothing else.
    public static func isHexDigits(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { nibble($0, true) != nil }
    }

    private static func nibble(_ byte: UInt8, _ allowUppercase: Bool) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F") where allowUppercase: byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
