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
        var out: [UInt8] = []
        out.reserveCapacity(2048)
        write(into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Written as UTF-8 bytes: answering a request renders one of these per proof, and
    /// appending to a `String` scalar by scalar cost more than the JSON is worth.
    func write(into out: inout [UInt8]) {
        switch self {
        case .null: out += Array("null".utf8)
        case .bool(let value): out += Array((value ? "true" : "false").utf8)
        case .int(let value): out += Array(String(value).utf8)
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

    /// `quoted(_:)`, appended as UTF-8: the one implementation of the string rules.
    static func quote(_ text: String, into out: inout [UInt8]) {
        // Most text (names, tags, hex, ASCII details) needs no escape: copied whole.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
            out.append(UInt8(ascii: "\""))
            out += text.utf8
            out.append(UInt8(ascii: "\""))
            return
        }
        out.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case "\\": out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case "\n": out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case "\r": out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case "\t": out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case "\u{08}": out += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case "\u{0C}": out += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case _ where scalar.value >= 0x20 && scalar.value < 0x7F: out.append(UInt8(scalar.value))
            case _ where LogSafeText.needsEscape(scalar):
                // C0, DEL, C1, bidi controls and the JavaScript line separators: harmless in JSON,
                // hostile in a log or on a terminal that shows the line.
                let hex = String(scalar.value, radix: 16)
                out += Array(("\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex).utf8)
            default: UTF8.encode(scalar) { out.append($0) }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// A JSON string: `"` and `\` escaped, control characters as their short escape or `\u00XX`,
    /// and every other scalar ``LogSafeText`` escapes (C1, bidi controls, U+2028/9) as `\uXXXX`;
    /// everything else (valid Unicode, as Swift strings are) written as UTF-8.
    public static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        quote(text, into: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
