import OctetEncoding

/// Why a manifest was refused (`MANIFEST_INVALID`). Its description is log-safe: it names the
/// entry index and the schema's member names, never a value or a name taken from the input.
public struct ManifestDefect: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable {
        case tooLarge = "manifest larger than 1 MiB"
        case malformedJSON = "not strict JSON"
        case notAnObject = "not an object"
        case missingMember = "missing member"
        case unknownMember = "unknown member"
        case wrongVersion = "v is not the integer literal 1"
        case wrongType = "member has the wrong type"
        case tooManyEntries = "more than 1024 entries"
        case invalidSize = "size is not a digits-only integer at most 2^53"
        case invalidHex = "not even-length lower-case hex"
        case invalidSaltLength = "salt is not 16..64 bytes"
        case invalidDigestLength = "sha256 is not 32 bytes"
    }

    public let code: Code
    /// The 0-based entry index, when the defect is inside an entry.
    public let entry: Int?
    /// The schema member concerned (`v`, `entries`, `key`, ...), never a name read from the input.
    public let member: String?
    /// The JSON reader's error, for `malformedJSON`.
    public let json: JSONError?

    public init(_ code: Code, entry: Int? = nil, member: String? = nil, json: JSONError? = nil) {
        self.code = code
        self.entry = entry
        self.member = member
        self.json = json
    }

    public var description: String {
        var parts: [String] = []
        if let entry { parts.append("entry \(entry)") }
        if let member { parts.append(member) }
        var text = parts.isEmpty ? "" : parts.joined(separator: ", ") + ": "
        text += code.rawValue
        if let json { text += " (\(json.description))" }
        return text
    }
}
