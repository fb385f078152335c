/// Builds DER encodings from parts. For tests, test CAs and the issuer; the verifier only reads.
/// Every function returns one complete element (header and content).
public enum DERWriter {
    /// One element with `tag` around `content`, with a minimal definite length.
    public static func element(_ tag: DERTag, _ content: [UInt8]) -> [UInt8] {
        identifier(tag) + length(content.count) + content
    }

    public static func sequence(_ elements: [[UInt8]]) -> [UInt8] { element(.sequence, elements.flatMap { $0 }) }

    /// A SET OF in the order given (callers sort when DER's order matters to them).
    public static func set(_ elements: [[UInt8]]) -> [UInt8] { element(.set, elements.flatMap { $0 }) }

    /// `[number] EXPLICIT` around one element.
    public static func explicit(_ number: UInt32, _ inner: [UInt8]) -> [UInt8] {
        element(.context(number, constructed: true), inner)
    }

    public static func integer(_ value: Int64, tag: DERTag = .integer) -> [UInt8] {
        var bytes: [UInt8] = (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
        // Drop redundant sign bytes: 0x00 before a clear top bit, 0xFF before a set one.
        while bytes.count > 1,
            (bytes[0] == 0x00 && bytes[1] & 0x80 == 0) || (bytes[0] == 0xFF && bytes[1] & 0x80 != 0)
        {
            bytes.removeFirst()
        }
        return element(tag, bytes)
    }

    /// A non-negative INTEGER from big-endian magnitude bytes (serial numbers).
    public static func unsignedInteger(_ magnitude: [UInt8]) -> [UInt8] {
        var bytes = Array(magnitude.drop(while: { $0 == 0 }))
        if bytes.isEmpty { bytes = [0] }
        if let first = bytes.first, first & 0x80 != 0 { bytes.insert(0, at: 0) }
        return element(.integer, bytes)
    }

    public static func enumerated(_ value: Int64) -> [UInt8] { integer(value, tag: .enumerated) }

    public static func boolean(_ value: Bool) -> [UInt8] { element(.boolean, [value ? 0xFF : 0x00]) }

    public static func octetString(_ bytes: [UInt8]) -> [UInt8] { element(.octetString, bytes) }

    public static func null() -> [UInt8] { element(.null, []) }

    public static func utf8String(_ text: String) -> [UInt8] { element(.utf8String, Array(text.utf8)) }

    public static func printableString(_ text: String) -> [UInt8] { element(.printableString, Array(text.utf8)) }

    /// An OBJECT IDENTIFIER from dotted form; nil when the text is not a valid OID.
    public static func objectIdentifier(_ dotted: String) -> [UInt8]? {
        let parts = dotted.split(separator: ".", omittingEmptySubsequences: false)
        var arcs: [UInt64] = []
        for part in parts {
            guard let arc = UInt64(part) else { return nil }
            arcs.append(arc)
        }
        guard arcs.count >= 2, arcs[0] <= 2, arcs[0] == 2 || arcs[1] < 40 else { return nil }
        let (first, overflow) = arcs[0].multipliedReportingOverflow(by: 40)
        let (head, overflow2) = first.addingReportingOverflow(arcs[1])
        guard !overflow, !overflow2 else { return nil }
        var content: [UInt8] = []
        for arc in [head] + arcs.dropFirst(2) {
            var groups: [UInt8] = [UInt8(arc & 0x7F)]
            var rest = arc >> 7
            while rest > 0 {
                groups.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
                rest >>= 7
            }
            content += groups
        }
        return element(.objectIdentifier, content)
    }

    /// A GeneralizedTime `YYYYMMDDHHMMSSZ` for Unix seconds (years 0000–9999).
    public static func generalizedTime(_ seconds: Int64) -> [UInt8] {
        element(.generalizedTime, Array(timeText(seconds, fourDigitYear: true).utf8))
    }

    /// A UTCTime `YYMMDDHHMMSSZ` for Unix seconds (years 1950–2049).
    public static func utcTime(_ seconds: Int64) -> [UInt8] {
        element(.utcTime, Array(timeText(seconds, fourDigitYear: false).utf8))
    }

    static func timeText(_ seconds: Int64, fourDigitYear: Bool) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let date = CivilDate.date(days: Int(days))
        let (year, month, day) = (Int64(date.year), Int64(date.month), Int64(date.day))
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText =
            fourDigitYear ? String(repeating: "0", count: max(0, 4 - "\(year)".count)) + "\(year)" : two(year % 100)
        return yearText + two(month) + two(day) + two(secondOfDay / 3600) + two(secondOfDay % 3600 / 60)
            + two(secondOfDay % 60) + "Z"
    }

    static func identifier(_ tag: DERTag) -> [UInt8] {
        let leading = tag.tagClass.rawValue << 6 | (tag.isConstructed ? 0x20 : 0)
        guard tag.number >= 0x1F else { return [leading | UInt8(tag.number)] }
        var groups: [UInt8] = [UInt8(tag.number & 0x7F)]
        var rest = tag.number >> 7
        while rest > 0 {
            groups.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
            rest >>= 7
        }
        return [leading | 0x1F] + groups
    }

    static func length(_ count: Int) -> [UInt8] {
        guard count >= 0x80 else { return [UInt8(count)] }
        var bytes: [UInt8] = []
        var rest = count
        while rest > 0 {
            bytes.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }
}
