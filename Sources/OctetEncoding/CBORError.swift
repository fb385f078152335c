/// Why bytes are not the strict CBOR this package accepts (`DecodingFailure`). The reason never
/// quotes input bytes.
public typealias CBORError = DecodingFailure<CBOR>

/// Deterministically encoded CBOR (RFC 8949 §4.2.1), as the strict decoder enforces it.
public enum CBOR: DecodingFormat {
    /// The rule that failed; `description` is its stable text.
    public enum Code: DecodingFailureCode {
        /// The input ends inside an item.
        case truncated
        /// Bytes follow the single top-level item.
        case trailingBytes
        /// An indefinite-length string, array or map (additional information 31).
        case indefiniteLength
        /// A stop code (0xff) outside an indefinite-length item.
        case unexpectedBreak
        /// Additional information 28, 29 or 30, which RFC 8949 reserves.
        case reservedAdditionalInformation
        /// An argument encoded in more bytes than its value needs (RFC 8949 §4.2.1).
        case nonMinimalArgument
        /// Two map keys with the same encoding.
        case duplicateMapKey
        /// Map keys not in bytewise lexicographic order of their encodings (RFC 8949 §4.2.1).
        case mapKeysOutOfOrder
        /// A text string that is not valid UTF-8.
        case invalidUTF8
        /// A tag (major type 6): no structure read here uses one.
        case unsupportedTag
        /// A floating-point value: no structure read here uses one.
        case unsupportedFloat
        /// A two-byte simple value below 32, which RFC 8949 declares not well-formed.
        case invalidSimpleValue
        /// Arrays and maps nested deeper than the limit.
        case depthLimitExceeded
        /// More items in total than the limit.
        case itemLimitExceeded
        /// The input is longer than the limit.
        case sizeLimitExceeded

        public var description: String {
            switch self {
            case .truncated: "truncated"
            case .trailingBytes: "trailing bytes"
            case .indefiniteLength: "indefinite length"
            case .unexpectedBreak: "unexpected break"
            case .reservedAdditionalInformation: "reserved additional information"
            case .nonMinimalArgument: "non-minimal argument"
            case .duplicateMapKey: "duplicate map key"
            case .mapKeysOutOfOrder: "map keys out of order"
            case .invalidUTF8: "invalid UTF-8"
            case .unsupportedTag: "unsupported tag"
            case .unsupportedFloat: "unsupported float"
            case .invalidSimpleValue: "invalid simple value"
            case .depthLimitExceeded: "depth limit exceeded"
            case .itemLimitExceeded: "item limit exceeded"
            case .sizeLimitExceeded: "size limit exceeded"
            }
        }
    }
}
