import OctetEncoding

/// Text that came from outside (file names, flag values, keys, details), made safe to print on a
/// terminal or into a log: nothing in it can move the cursor, clear the screen, start a new line,
/// reorder what follows, or hide in plain sight.
///
/// Escaped: C0 controls and DEL as `\xNN`; C1 controls (U+0080–U+009F), the line and paragraph
/// separators (U+2028, U+2029) and every format character (Unicode general category Cf, by the
/// standard library's Unicode tables: the bidirectional embeddings, overrides, isolates and marks,
/// the zero-width space, joiners and word joiner, U+FEFF, soft hyphen, tag characters, …) as
/// `\u{NNNN}`. So `com.example\u{200B}.octet` cannot pass for `com.example.octet`. A `\` is left
/// as it is: the escapes are for safety, not a reversible encoding.
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

    /// True for every scalar ``escape(_:)`` rewrites. Printable ASCII is decided without a table
    /// look-up (JSON output asks for every non-ASCII scalar).
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x2028, 0x2029: true
        default: scalar.properties.generalCategory == .format
        }
    }

    /// Two lower-case hex digits.
    public static func hex2(_ byte: UInt8) -> String { Hex.encode([byte]) }
}
