/// Why DER bytes were refused: a code that names the rule, the byte offset where it broke, and a
/// log-safe reason (`DecodingFailure`).
///
/// Equal by code. The offset is an index into the original buffer the reader was given (slices
/// keep the original indices), so it points at the offending header or content byte.
public struct DERError: DecodingFailure {
    /// The rule that was broken. Extensible: new codes may be added.
    public struct Code: DecodingFailureCode {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The input ends inside a header or before the declared length.
        public static let truncated = Code("truncated")
        /// Length byte 0x80: BER's indefinite form, never DER.
        public static let indefiniteLength = Code("indefinite length")
        /// A long-form length that a shorter form could carry, or the reserved 0xFF.
        public static let nonMinimalLength = Code("non-minimal length")
        /// A length too large to be meaningful here (more than 4 length bytes).
        public static let lengthTooLarge = Code("length too large")
        /// A high-tag-number form that a shorter form could carry, or a tag number beyond 2^32.
        public static let nonMinimalTag = Code("non-minimal tag")
        /// Bytes after the one top-level element.
        public static let trailingData = Code("trailing data")
        /// A constructed element whose children were not all read.
        public static let unconsumed = Code("unconsumed elements")
        /// An element was expected and the enclosing content had ended.
        public static let missingElement = Code("missing element")
        /// An element with another tag than the one expected.
        public static let unexpectedTag = Code("unexpected tag")
        /// Nesting deeper than the reader's limit.
        public static let tooDeep = Code("nesting too deep")
        /// A primitive where a constructed element was expected, or the reverse.
        public static let wrongForm = Code("wrong primitive/constructed form")
        /// An INTEGER or ENUMERATED that is empty or has redundant leading bytes.
        public static let invalidInteger = Code("invalid integer")
        /// An INTEGER that does not fit the requested Swift type.
        public static let integerOverflow = Code("integer out of range")
        /// A BOOLEAN that is not one byte of 0x00 or 0xFF.
        public static let invalidBoolean = Code("invalid boolean")
        /// An OBJECT IDENTIFIER that is empty, non-minimal, or has an arc beyond 64 bits.
        public static let invalidObjectIdentifier = Code("invalid object identifier")
        /// A UTCTime or GeneralizedTime that is not in the DER profile (`...Z`, seconds present).
        public static let invalidTime = Code("invalid time")
        /// A NULL with content.
        public static let invalidNull = Code("invalid null")
        /// More elements than the reader's count limit.
        public static let tooManyElements = Code("too many elements")
        /// A BIT STRING whose unused-bit count is out of range or whose padding bits are set.
        public static let invalidBitString = Code("invalid bit string")
    }

    public let code: Code
    /// Index in the original buffer where the defect was found.
    public let offset: Int
    public let reason: String

    public init(_ code: Code, at offset: Int, _ reason: String = "") {
        self.code = code
        self.offset = offset
        self.reason = reason
    }

    public var description: String {
        reason.isEmpty ? "DER: \(code) at offset \(offset)" : "DER: \(code) at offset \(offset): \(reason)"
    }
}
