/// A JSON value as read by `JSONReader`: nothing is lost that a strict consumer might need.
///
/// Numbers keep their literal text (`1`, `1.0` and `1e0` stay distinct) and objects keep their
/// members in document order; duplicate member names never reach this type (the reader rejects them).
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

/// A number literal exactly as written, validated against RFC 8259's grammar.
public struct JSONNumber: Sendable, Equatable, CustomStringConvertible {
    /// The literal's ASCII text, e.g. `"-12.5e3"`.
    public let text: String
    /// True when the literal has neither a fraction nor an exponent (`12`, `-0`).
    public let isIntegerLiteral: Bool
    /// True when the literal starts with `-`.
    public let isNegative: Bool

    public var description: String { text }

    /// The literal `text`, or nil when it is not exactly one RFC 8259 number.
    public init?(_ text: String) {
        guard case .success(.number(let number)) = JSONReader.parse(Array(text.utf8)), number.text == text else {
            return nil
        }
        self = number
    }

    init(text: String, isIntegerLiteral: Bool, isNegative: Bool) {
        self.text = text
        self.isIntegerLiteral = isIntegerLiteral
        self.isNegative = isNegative
    }

    /// The value of a non-negative integer literal that is at most `limit`; nil otherwise
    /// (negative, fraction, exponent, or too large). Never overflows.
    public func nonNegativeInteger(atMost limit: UInt64) -> UInt64? {
        guard isIntegerLiteral, !isNegative else { return nil }
        var value: UInt64 = 0
        for byte in text.utf8 {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte &- 0x30))
            guard !overflow1, !overflow2, sum <= limit else { return nil }
            value = sum
        }
        return value
    }
}

/// An object's members in document order. Member names are unique (compared as Unicode scalar
/// sequences, without normalisation), which the reader guarantees.
public struct JSONObject: Sendable, Equatable {
    public struct Member: Sendable, Equatable {
        public let name: String
        public let value: JSONValue
        /// Byte offset of the member's name in the input, for error reporting by consumers.
        public let offset: Int

        public init(name: String, value: JSONValue, offset: Int = 0) {
            self.name = name
            self.value = value
            self.offset = offset
        }
    }

    public let members: [Member]

    /// An object with these members; nil when two names are equal (as UTF-8 bytes).
    public init?(members: [Member]) {
        var seen = Set<[UInt8]>()
        for member in members where !seen.insert(Array(member.name.utf8)).inserted { return nil }
        self.members = members
    }

    /// For the reader, which has already refused duplicates.
    init(uniqueMembers members: [Member]) {
        self.members = members
    }

    /// The value of the member named `name` (compared by UTF-8 bytes, not by canonical equivalence).
    public subscript(name: String) -> JSONValue? {
        members.first { Self.sameName($0.name, name) }?.value
    }

    /// Whether two member names are one name: equal as UTF-8 bytes, the reader's rule. Not Swift's
    /// `==`, which is canonical equivalence (there `"\u212A"`, KELVIN SIGN, equals `"K"`).
    public static func sameName(_ a: String, _ b: String) -> Bool { a.sameUTF8(as: b) }

    /// The member names, in document order.
    public var names: [String] { members.map(\.name) }
}
