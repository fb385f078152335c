/// Why bytes are not a well-formed message under the strict protobuf rules.
///
/// Equal by code: the offset and the field path are there for people, not for comparisons.
/// The description names fields and offsets only, never the bytes themselves, so it is log-safe.
public struct WireError: DecodingFailure {
    public struct Code: DecodingFailureCode {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let tooLarge = Code(rawValue: "input too large")
        public static let truncated = Code(rawValue: "truncated")
        public static let overlongVarint = Code(rawValue: "varint longer than 10 bytes")
        public static let nonMinimalVarint = Code(rawValue: "non-minimal varint")
        public static let valueOutOfRange = Code(rawValue: "value out of range for its type")
        public static let invalidFieldNumber = Code(rawValue: "invalid field number")
        public static let unknownField = Code(rawValue: "unknown field")
        public static let wrongWireType = Code(rawValue: "wrong wire type")
        public static let duplicateField = Code(rawValue: "smuggled duplicate field")
        public static let duplicatePackedRecord = Code(rawValue: "packed field in more than one record")
        public static let oneofConflict = Code(rawValue: "two members of one oneof")
        public static let missingField = Code(rawValue: "required field absent")
        public static let invalidUTF8 = Code(rawValue: "string is not valid UTF-8")
        public static let invalidEnum = Code(rawValue: "enum value not named or zero")
        public static let boundViolated = Code(rawValue: "value outside its bound")
        public static let depthExceeded = Code(rawValue: "nesting too deep")
    }

    public let code: Code
    /// Byte offset in the outermost input where the problem was found.
    public let offset: Int
    /// A log-safe explanation: field names, counts and bounds, never field values.
    public let reason: String

    public init(_ code: Code, at offset: Int, _ reason: String = "") {
        self.code = code
        self.offset = offset
        self.reason = reason
    }

    public var description: String {
        reason.isEmpty ? "\(code) at byte \(offset)" : "\(code): \(reason) (at byte \(offset))"
    }
}
