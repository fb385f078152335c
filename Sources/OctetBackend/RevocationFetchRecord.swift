import Foundation
import OctetCrypto
import OctetEncoding

/// When a revocation list was fetched, kept next to it (`FILE.fetched`, written by
/// `octet-verify revocation fetch`): the list file itself stays byte for byte what the publisher
/// served, so other tools read it as Google's format, and the record says which bytes it dates by
/// their SHA-256 and length. A record whose digest or length is not the list's dates nothing: a
/// list copied or edited by hand counts as never fetched.
///
/// `{"schema":"octet-revocation-fetch/1","fetchedAtMs":1796630400000,"sha256":"…","bytes":1234}`,
/// exactly these four members.
public struct RevocationFetchRecord: Sendable, Equatable {
    public static let schema = "octet-revocation-fetch/1"
    /// A record is one short line; anything larger is not one.
    public static let maxBytes = 1024

    /// Unix milliseconds: when the fetch that wrote the list finished.
    public var fetchedAtMilliseconds: Int64
    /// The SHA-256 of the list's bytes, lower-case hex.
    public var sha256Hex: String
    /// The list's length in bytes.
    public var byteCount: Int

    public init(fetchedAtMilliseconds: Int64, sha256Hex: String, byteCount: Int) {
        self.fetchedAtMilliseconds = fetchedAtMilliseconds
        self.sha256Hex = sha256Hex
        self.byteCount = byteCount
    }

    /// The record of `list`, fetched at `milliseconds`.
    public init(dating list: [UInt8], fetchedAtMilliseconds milliseconds: Int64) {
        self.init(
            fetchedAtMilliseconds: milliseconds, sha256Hex: Hex.encode(SHA256.hash(list)), byteCount: list.count)
    }

    /// Where the record of the list at `FILE` lives: `FILE.fetched`.
    public static let suffix = ".fetched"

    /// Whether this record dates exactly these bytes.
    public func dates(_ list: [UInt8]) -> Bool {
        list.count == byteCount && Hex.encode(SHA256.hash(list)) == sha256Hex
    }

    /// The record as written: one line of JSON.
    public var encoded: [UInt8] {
        Array(
            "{\"schema\":\"\(Self.schema)\",\"fetchedAtMs\":\(fetchedAtMilliseconds),\"sha256\":\"\(sha256Hex)\",\"bytes\":\(byteCount)}\n"
                .utf8)
    }

    /// Reads a record; the error names what is wrong, in one bounded line.
    public static func parse(_ bytes: [UInt8]) -> Result<RevocationFetchRecord, RevocationFetchRecordError> {
        let limits = JSONLimits(maxBytes: maxBytes, maxDepth: 2, maxValues: 16, maxStringBytes: 128, maxNumberBytes: 20)
        guard case .success(.object(let object)) = JSONReader.parse(bytes, limits: limits) else {
            return .failure(.init("not a JSON object of at most \(maxBytes) bytes"))
        }
        let names = ["schema", "fetchedAtMs", "sha256", "bytes"]
        guard object.members.count == names.count,
            object.members.allSatisfy({ member in names.contains { JSONObject.sameName($0, member.name) } })
        else { return .failure(.init("expected exactly the members schema, fetchedAtMs, sha256, bytes")) }
        guard case .string(let schema)? = object["schema"], JSONObject.sameName(schema, Self.schema) else {
            return .failure(.init("schema is not \(Self.schema)"))
        }
        // Milliseconds up to the year 9999; byte counts up to 2^40.
        guard case .number(let time)? = object["fetchedAtMs"],
            let milliseconds = time.nonNegativeInteger(atMost: 253_402_300_799_999)
        else { return .failure(.init("fetchedAtMs is not a whole number of milliseconds")) }
        guard case .string(let digest)? = object["sha256"], digest.utf8.count == 64, Hex.isHexDigits(digest),
            digest == digest.lowercased()
        else { return .failure(.init("sha256 is not 64 lower-case hex digits")) }
        guard case .number(let size)? = object["bytes"], let count = size.nonNegativeInteger(atMost: 1 << 40) else {
            return .failure(.init("bytes is not a whole number"))
        }
        return .success(
            RevocationFetchRecord(fetchedAtMilliseconds: Int64(milliseconds), sha256Hex: digest, byteCount: Int(count)))
    }
}

/// Why a fetch record was not read: a short, log-safe line.
public struct RevocationFetchRecordError: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: String
    init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}
