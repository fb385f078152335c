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
        var out = ""
        write(into: &out)
        return out
    }

    func write(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .string(let value): out += JSONOut.quoted(value)
        case .array(let values):
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                value.write(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, (name, value)) in members.enumerated() {
                if index > 0 { out += "," }
                out += JSONOut.quoted(name)
                out += ":"
                value.write(into: &out)
            }
            out += "}"
        }
    }

    /// A JSON string: `"` and `\` escaped, control characters as their short escape or `\u00XX`,
    /// and every other scalar ``LogSafeText`` escapes (C1, bidi controls, U+2028/9) as `\uXXXX`;
    /// everything else (valid Unicode, as Swift strings are) written as UTF-8.
    public static func quoted(_ text: String) -> String {
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
