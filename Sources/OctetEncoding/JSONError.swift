/// Why `JSONReader` refused its input (`DecodingFailure`): the reason carries nothing from the
/// input itself, so the description is safe to log.
public typealias JSONError = DecodingFailure<StrictJSON>

/// Strict JSON (RFC 8259 without extensions), as `JSONReader` enforces it.
public enum StrictJSON: DecodingFormat {
    /// The rule that failed; `description` is its stable text. Compare codes, not descriptions.
    public enum Code: DecodingFailureCode {
        case tooLarge
        case byteOrderMark
        case unexpectedEnd
        case unexpectedByte
        case trailingData
        case tooDeep
        case tooManyValues
        case stringTooLong
        case invalidLiteral
        case invalidNumber
        case numberTooLong
        case invalidUTF8
        case controlCharacterInString
        case invalidEscape
        case loneSurrogate
        case duplicateMember

        public var description: String {
            switch self {
            case .tooLarge: "input larger than the limit"
            case .byteOrderMark: "byte order mark"
            case .unexpectedEnd: "unexpected end of input"
            case .unexpectedByte: "unexpected byte"
            case .trailingData: "trailing data after the value"
            case .tooDeep: "nesting deeper than the limit"
            case .tooManyValues: "more values than the limit"
            case .stringTooLong: "string longer than the limit"
            case .invalidLiteral: "invalid literal"
            case .invalidNumber: "invalid number"
            case .numberTooLong: "number literal longer than the limit"
            case .invalidUTF8: "invalid UTF-8"
            case .controlCharacterInString: "unescaped control character in string"
            case .invalidEscape: "invalid escape"
            case .loneSurrogate: "lone surrogate escape"
            case .duplicateMember: "duplicate member name"
            }
        }
    }
}

/// Bounds on what `JSONReader` accepts. Every bound is checked before the work it limits.
public struct JSONLimits: Sendable, Equatable {
    /// Largest input, in bytes.
    public var maxBytes: Int
    /// Deepest nesting of arrays and objects (a scalar at top level has depth 0; `[]` has depth 1).
    public var maxDepth: Int
    /// Most values in the whole document (every scalar, array and object counts one).
    public var maxValues: Int
    /// Longest string, in bytes of its raw (escaped) form.
    public var maxStringBytes: Int
    /// Longest number literal, in bytes.
    public var maxNumberBytes: Int

    public init(
        maxBytes: Int = 1 << 20, maxDepth: Int = 64, maxValues: Int = 1 << 18,
        maxStringBytes: Int = 1 << 20, maxNumberBytes: Int = 64
    ) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxValues = maxValues
        self.maxStringBytes = maxStringBytes
        self.maxNumberBytes = maxNumberBytes
    }
}
