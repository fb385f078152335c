/// A JSON value to write, with object members in the order given: output is byte-identical for
/// identical values, which `--format json` promises.
public indirect enum JSONOut: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case string(String)
    case array([JSONOut])
    case object([(String, JSONOut)])

    public static func == (lhs: JSONOut, rhs: JSONOut) -> Bool { lhs.rendered == rhs.rendered }

    /// Compact JSON text: no spaces, no trailing newline.
    public var rendered: String {
        // Written as UTF-8 bytes and made a String once: appending to a String piece by piece
        // cost more than verifying the proof's claims.
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        write(into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    func write(into out: inout [UInt8]) {
        switch self {
        case .null: out += "null".utf8
        case .bool(let value): out += (value ? "true" : "false").utf8
        case .int(let value): out += String(value).utf8
        case .string(let value): JSONOut.quote(value, into: &out)
        case .array(let values):
            out.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                value.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, (name, value)) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONOut.quote(name, into: &out)
                out.append(UInt8(ascii: ":"))
                value.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// `quoted(text)`, appended as UTF-8.
    static func quote(_ text: String, into out: inout [UInt8]) {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
            out.append(0x22)
            out += text.utf8
            out.append(0x22)
        } else {
            out += quoted(text).utf8
        }
    }

    /// A JSON string: `"` and `\` escaped, control characters as their short escape or `\u00XX`,
    /// and every other scalar ``LogSafeText`` escapes (C1, bidi controls, U+2028/9) as `\uXXXX`;
    /// everything else (valid Unicode, as Swift strings are) written as UTF-8.
    public static func quoted(_ text: String) -> String {
        // Most text (names, tags, hex, ASCII details) needs no escape: written whole, it costs a
        // copy instead of a walk scalar by scalar, most of what a JSON line used to cost.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
            return "\"" + text + "\""
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where LogSafeText.needsEscape(scalar):
                // C0, DEL, C1, bidi controls and the JavaScript line separators: harmless in JSON,
                // hostile in a log or on a terminal that shows the line.
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
