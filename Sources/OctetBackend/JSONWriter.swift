/// A JSON value to write, with object members in the order given: output is byte-identical for
/// identical values, which `--format json` promises.
public enum JSONOut: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case string(String)
    case array([JSONOut])
    case object([(String, JSONOut)])

    public static func == (lhs: JSONOut, rhs: JSONOut) -> Bool { lhs.rendered == rhs.rendered }

    /// Compact JSON text: no spaces, no trailing newline.
    public var rendered: String {
        var out = JSONBuffer(capacity: 2048)
        write(into: &out)
        return out.text
    }

    /// Appended to `out`, strings with ``JSONBuffer/string(_:)``: the one implementation of the string rules.
    public func write(into out: inout JSONBuffer) {
        switch self {
        case .null: out.null()
        case .bool(let value): out.bool(value)
        case .int(let value): out.int(value)
        case .string(let value): out.string(value)
        case .array(let values):
            out.raw("[")
            for (index, value) in values.enumerated() {
                if index > 0 { out.raw(",") }
                value.write(into: &out)
            }
            out.raw("]")
        case .object(let members):
            out.raw("{")
            for (index, (name, value)) in members.enumerated() {
                if index > 0 { out.raw(",") }
                out.string(name)
                out.raw(":")
                value.write(into: &out)
            }
            out.raw("}")
        }
    }

    /// A JSON string: `"` and `\` escaped, control characters as their short escape or `\u00XX`,
    /// and every other scalar ``LogSafeText`` escapes (C1, format characters, U+2028/9) as `\uXXXX`
    /// (a surrogate pair above U+FFFF);
    /// everything else (valid Unicode, as Swift strings are) written as UTF-8.
    public static func quoted(_ text: String) -> String {
        var out = JSONBuffer(capacity: text.utf8.count + 2)
        out.string(text)
        return out.text
    }
}
