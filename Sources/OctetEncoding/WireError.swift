/// Why bytes are not a well-formed message under the strict protobuf rules (`DecodingFailure`).
/// The reason names fields and offsets only, never the bytes themselves, so it is log-safe.
public typealias WireError = DecodingFailure<ProtobufWire>

/// The protobuf wire format as this package reads it strictly (proof-format.md, "Strict decoding").
public enum ProtobufWire: DecodingFormat {
    /// One strict decoding rule; `description` is its stable text.
    public enum Code: DecodingFailureCode {
        case tooLarge
        case truncated
        case overlongVarint
        case nonMinimalVarint
        case valueOutOfRange
        case invalidFieldNumber
        case unknownField
        case wrongWireType
        case duplicateField
        case duplicatePackedRecord
        case oneofConflict
        case missingField
        case invalidUTF8
        case invalidEnum
        case boundViolated
        case depthExceeded

        public var description: String {
            switch self {
            case .tooLarge: "input too large"
            case .truncated: "truncated"
            case .overlongVarint: "varint longer than 10 bytes"
            case .nonMinimalVarint: "non-minimal varint"
            case .valueOutOfRange: "value out of range for its type"
            case .invalidFieldNumber: "invalid field number"
            case .unknownField: "unknown field"
            case .wrongWireType: "wrong wire type"
            case .duplicateField: "smuggled duplicate field"
            case .duplicatePackedRecord: "packed field in more than one record"
            case .oneofConflict: "two members of one oneof"
            case .missingField: "required field absent"
            case .invalidUTF8: "string is not valid UTF-8"
            case .invalidEnum: "enum value not named or zero"
            case .boundViolated: "value outside its bound"
            case .depthExceeded: "nesting too deep"
            }
        }
    }
}
