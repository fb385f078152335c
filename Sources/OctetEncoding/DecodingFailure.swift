/// The one shape of every decoding error in the package, modelled on swift-asn1's `ASN1Error`:
/// a code that names the broken rule, the byte offset where it broke, and a log-safe reason.
///
/// - **Equal by code.** The offset and the reason are for people; two errors of one rule are
///   equal wherever they were found (tests and callers match on the rule).
/// - **Code separate from message.** A code is a case of its format's closed set (`Format.Code`);
///   its English text is its `description`, which names the code but is not its identity.
/// - **No public way to mint a code or an error.** The code sets are closed enums, and only the
///   package's decoders build errors (`package init`).
///
/// `WireError`, `ProofDecodingError`, `DERError`, `CBORError` and `JSONError` are this type for
/// their format. One description for all: `"<code> at byte <offset>"`, or
/// `"<code>: <reason> (at byte <offset>)"` when there is a reason.
public struct DecodingFailure<Format: DecodingFormat>: Error, Sendable, Hashable, CustomStringConvertible {
    /// The format's closed set of rules.
    public typealias Code = Format.Code

    /// The rule that was broken.
    public let code: Code
    /// Index in the outermost input where the problem was found.
    public let offset: Int
    /// A short, log-safe explanation: names, counts and bounds, never input bytes. May be empty.
    public let reason: String

    @usableFromInline
    package init(_ code: Code, at offset: Int, _ reason: String = "") {
        self.code = code
        self.offset = offset
        self.reason = reason
    }

    /// Equal by code alone.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    public var description: String {
        reason.isEmpty ? "\(code) at byte \(offset)" : "\(code): \(reason) (at byte \(offset))"
    }
}

/// A format a decoder reads (protobuf wire, DER, CBOR, JSON): it names the closed set of rules
/// its decoder enforces. A marker type, never instantiated.
public protocol DecodingFormat: Sendable {
    associatedtype Code: DecodingFailureCode
}

/// A decoding rule: a case of a closed enum whose `description` is the rule's stable English
/// text ("truncated", "smuggled duplicate field"). A new rule is a new case.
public protocol DecodingFailureCode: Hashable, Sendable, CaseIterable, CustomStringConvertible {}
