/// Why `JSONReader` refused its input: a stable code, the byte offset where reading stopped, and a
/// reason with nothing from the input itself (so the description is safe to log).
public struct JSONError: DecodingFailure {
    /// A stable, extensible reason code. Compare codes, not descriptions.
    public struct Code: DecodingFailureCode {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let tooLarge = Code("input larger than the limit")
        public static let byteOrderMark = Code("byte order mark")
        public static let unexpectedEnd = Code("unexpected end of input")
        public static let unexpectedByte = Code("unexpected byte")
        public static let trailingData = Code("trailing data after the value")
        public static let tooDeep = Code("nesting deeper than the limit")
        public static let tooManyValues = Code("more values than the limit")
        public static let stringTooLong = Code("string longer than the limit")
        public static let invalidLiteral = Code("invalid literal")
        public static let invalidNumber = Code("invalid number")
        public static let numberTooLong = Code("number literal longer than the limit")
        public static let invalidUTF8 = Code("invalid UTF-8")
        public static let controlCharacterInString = Code("unescaped control character in string")
        public static let invalidEscape = Code("invalid escape")
        public static let loneSurrogate = Code("lone surrogate escape")
        public static let duplicateMember = Code("duplicate member name")
    }

    public let code: Code
    /// Byte offset in the input where the problem was found.
    public let offset: Int
    public let reason: String

    public init(_ code: Code, at offset: Int, _ reason: String = "") {
        self.code = code
        self.offset = offset
        self.reason = reason
    }

    public var description: String {
        reason.isEmpty ? "\(code.rawValue) at byte \(offset)" : "\(code.rawValue) at byte \(offset): \(reason)"
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
