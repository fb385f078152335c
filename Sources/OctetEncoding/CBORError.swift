/// Why bytes are not the strict CBOR this package accepts.
///
/// Equal by `code` only, so tests and callers can match on the rule that failed while the
/// offset and reason stay available for diagnostics. The reason never quotes input bytes.
public struct CBORError: DecodingFailure {
    /// The rule that failed. Extensible: new rules add new static values.
    public struct Code: DecodingFailureCode {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The input ends inside an item.
        public static let truncated = Code(rawValue: "truncated")
        /// Bytes follow the single top-level item.
        public static let trailingBytes = Code(rawValue: "trailing bytes")
        /// An indefinite-length string, array or map (additional information 31).
        public static let indefiniteLength = Code(rawValue: "indefinite length")
        /// A stop code (0xff) outside an indefinite-length item.
        public static let unexpectedBreak = Code(rawValue: "unexpected break")
        /// Additional information 28, 29 or 30, which RFC 8949 reserves.
        public static let reservedAdditionalInformation = Code(rawValue: "reserved additional information")
        /// An argument encoded in more bytes than its value needs (RFC 8949 §4.2.1).
        public static let nonMinimalArgument = Code(rawValue: "non-minimal argument")
        /// Two map keys with the same encoding.
        public static let duplicateMapKey = Code(rawValue: "duplicate map key")
        /// Map keys not in bytewise lexicographic order of their encodings (RFC 8949 §4.2.1).
        public static let mapKeysOutOfOrder = Code(rawValue: "map keys out of order")
        /// A text string that is not valid UTF-8.
        public static let invalidUTF8 = Code(rawValue: "invalid UTF-8")
        /// A tag (major type 6): no structure read here uses one.
        public static let unsupportedTag = Code(rawValue: "unsupported tag")
        /// A floating-point value: no structure read here uses one.
        public static let unsupportedFloat = Code(rawValue: "unsupported float")
        /// A two-byte simple value below 32, which RFC 8949 declares not well-formed.
        public static let invalidSimpleValue = Code(rawValue: "invalid simple value")
        /// Arrays and maps nested deeper than the limit.
        public static let depthLimitExceeded = Code(rawValue: "depth limit exceeded")
        /// More items in total than the limit.
        public static let itemLimitExceeded = Code(rawValue: "item limit exceeded")
        /// The input is longer than the limit.
        public static let sizeLimitExceeded = Code(rawValue: "size limit exceeded")
    }

    public let code: Code
    /// Offset of the offending item's first byte from the start of the input.
    public let offset: Int
    /// A short, log-safe explanation.
    public let reason: String

    public init(_ code: Code, at offset: Int, _ reason: String = "") {
        self.code = code
        self.offset = offset
        self.reason = reason
    }

    public var description: String {
        reason.isEmpty ? "CBOR: \(code) at offset \(offset)" : "CBOR: \(code) at offset \(offset): \(reason)"
    }
}
