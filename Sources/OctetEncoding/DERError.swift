/// Why DER bytes were refused (`DecodingFailure`). The offset is an index into the original
/// buffer the reader was given (slices keep the original indices), so it points at the offending
/// header or content byte.
public typealias DERError = DecodingFailure<DER>

/// Distinguished Encoding Rules, as the strict reader (and the Android KeyDescription parser
/// above it) enforces them.
extension DER: DecodingFormat {
    /// The rule that was broken; `description` is its stable text.
    public enum Code: DecodingFailureCode {
        /// The input ends inside a header or before the declared length.
        case truncated
        /// Length byte 0x80: BER's indefinite form, never DER.
        case indefiniteLength
        /// A long-form length that a shorter form could carry, or the reserved 0xFF.
        case nonMinimalLength
        /// A length too large to be meaningful here (more than 4 length bytes).
        case lengthTooLarge
        /// A high-tag-number form that a shorter form could carry, or a tag number beyond 2^32.
        case nonMinimalTag
        /// Bytes after the one top-level element.
        case trailingData
        /// A constructed element whose children were not all read.
        case unconsumed
        /// An element was expected and the enclosing content had ended.
        case missingElement
        /// An element with another tag than the one expected.
        case unexpectedTag
        /// Nesting deeper than the reader's limit.
        case tooDeep
        /// A primitive where a constructed element was expected, or the reverse.
        case wrongForm
        /// An INTEGER or ENUMERATED that is empty or has redundant leading bytes.
        case invalidInteger
        /// An INTEGER that does not fit the requested Swift type.
        case integerOverflow
        /// A BOOLEAN that is not one byte of 0x00 or 0xFF.
        case invalidBoolean
        /// An OBJECT IDENTIFIER that is empty, non-minimal, or has an arc beyond 64 bits.
        case invalidObjectIdentifier
        /// A UTCTime or GeneralizedTime that is not in the DER profile (`...Z`, seconds present).
        case invalidTime
        /// A NULL with content.
        case invalidNull
        /// More elements than the reader's count limit.
        case tooManyElements
        /// A BIT STRING whose unused-bit count is out of range or whose padding bits are set.
        case invalidBitString
        /// A KeyDescription with an attestation version the Android parser does not know.
        case unsupportedAttestationVersion
        /// An ENUMERATED value outside the type's named values.
        case unknownEnumeratedValue
        /// A tag repeated within one AuthorizationList (a smuggled second value).
        case repeatedTag

        public var description: String {
            switch self {
            case .truncated: "truncated"
            case .indefiniteLength: "indefinite length"
            case .nonMinimalLength: "non-minimal length"
            case .lengthTooLarge: "length too large"
            case .nonMinimalTag: "non-minimal tag"
            case .trailingData: "trailing data"
            case .unconsumed: "unconsumed elements"
            case .missingElement: "missing element"
            case .unexpectedTag: "unexpected tag"
            case .tooDeep: "nesting too deep"
            case .wrongForm: "wrong primitive/constructed form"
            case .invalidInteger: "invalid integer"
            case .integerOverflow: "integer out of range"
            case .invalidBoolean: "invalid boolean"
            case .invalidObjectIdentifier: "invalid object identifier"
            case .invalidTime: "invalid time"
            case .invalidNull: "invalid null"
            case .tooManyElements: "too many elements"
            case .invalidBitString: "invalid bit string"
            case .unsupportedAttestationVersion: "unsupported attestation version"
            case .unknownEnumeratedValue: "unknown enumerated value"
            case .repeatedTag: "repeated authorization tag"
            }
        }
    }
}
