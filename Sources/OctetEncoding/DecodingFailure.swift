/// The one shape of every decoding error in the package (`WireError`, `DERError`, `CBORError`,
/// `JSONError`, and `ProofDecodingError` above them), as swift-asn1's `ASN1Error`: a typed,
/// extensible code naming the rule, the byte offset where it broke, and a log-safe reason.
/// Errors are equal by code alone: the offset and the reason are for people, not comparisons.
public protocol DecodingFailure: Error, Sendable, Hashable, CustomStringConvertible {
    associatedtype Code: DecodingFailureCode
    /// The rule that was broken.
    var code: Code { get }
    /// Index in the outermost input where the problem was found.
    var offset: Int { get }
    /// A short, log-safe explanation: names, counts and bounds, never input bytes. May be empty.
    var reason: String { get }
}

/// A decoding error's code: a stable string, extensible by static members (`.truncated`).
public protocol DecodingFailureCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible
where RawValue == String {
    /// Every text is a code (new rules are new static members).
    init(rawValue: String)
}

extension DecodingFailure {
    /// Equal by code alone: the offset and the reason are for people.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}

extension DecodingFailureCode {
    public init(_ rawValue: String) { self.init(rawValue: rawValue) }
    public var description: String { rawValue }
}
