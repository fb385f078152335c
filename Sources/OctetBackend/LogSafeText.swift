import OctetEncoding

/// Text that came from outside (file names, flag values, keys, details), made safe to print on a
/// terminal or into a log: nothing in it can move the cursor, clear the screen, start a new line,
/// or reorder what follows.
///
/// Escaped: C0 controls and DEL as `\xNN`; C1 controls (U+0080–U+009F), the bidirectional
/// embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), the marks U+200E, U+200F,
/// U+061C, and the line and paragraph separators (U+2028, U+2029) as `\u{NNNN}`. A `\` is left as
/// it is: the escapes are for safety, not a reversible encoding.
public enum LogSafeText {
    public static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out += "\\x" + hex2(UInt8(scalar.value))
            } else if needsEscape(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// True for every scalar ``escape(_:)`` rewrites.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Two lower-case hex digits.
    public static func hex2(_ byte: UInt8) -> String { Hex.encode([byte]) }
}
