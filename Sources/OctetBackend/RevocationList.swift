import Foundation
import Octet
import OctetEncoding

/// A `RevocationSource` read from one JSON file (`octet-verify --revocation-list FILE`): revoked or suspended proof keys, device keys and Android attestation
/// certificates.
///
/// Google's attestation status list is accepted as it is published: `{"entries": {SERIAL: {"status":
/// "REVOKED"|"SUSPENDED", "reason": ..., ...}}}`, keyed by the serial in lower-case hex without
/// leading zeros. Keys that look decimal ("5014131950868983053") are still hex and are never parsed
/// as numbers. Two optional members add keys, keyed by the SHA-256 hex of the 65-byte SEC1 point and
/// with the same entry shape: `"proofKeys"` and `"deviceKeys"`. Any other top-level member is refused,
/// so a misspelt section never silently disables a check.
public struct RevocationList: RevocationSource, Sendable, Equatable {
    public typealias Status = RevocationEntry.Status
    /// Google's reason code (`KEY_COMPROMISE`, ...) is kept only when it is a plain code; never free text.
    public typealias Entry = RevocationEntry

    /// Certificate serials, normalised: lower-case hex, no leading zeros.
    public private(set) var serials: [String: Entry] = [:]
    /// SHA-256 hex (lower case) of proof keys.
    public private(set) var proofKeys: [String: Entry] = [:]
    /// SHA-256 hex (lower case) of device keys.
    public private(set) var deviceKeys: [String: Entry] = [:]

    /// An empty list (what `DatedRevocationList` holds for a list file not fetched yet).
    public init() {}

    public var count: Int { serials.count + proofKeys.count + deviceKeys.count }

    public var entryCount: Int? { count }

    public func lookUp(_ subject: RevocationSubject) -> RevocationLookup {
        let entry: Entry? =
            switch subject {
            case .proofKey(let sha256): entry(proofKeySHA256Hex: Hex.encode(sha256))
            case .deviceKey(let sha256): entry(deviceKeySHA256Hex: Hex.encode(sha256))
            case .certificate(let serialHex): entry(serialHex: serialHex)
            }
        return entry.map(RevocationLookup.listed) ?? .notListed
    }

    /// Reads a list; the error is one line naming what is wrong (never an entry's key).
    public static func parse(_ data: Data) -> Result<RevocationList, BackendError> {
        let limits = JSONLimits(
            maxBytes: 1 << 25, maxDepth: 8, maxValues: 1 << 22, maxStringBytes: 4096, maxNumberBytes: 64)
        let value: JSONValue
        switch JSONReader.parse([UInt8](data), limits: limits) {
        case .success(let parsed): value = parsed
        case .failure(let error):
            return .failure(BackendError(.revocationListMalformed, "revocation list is not valid JSON: \(error)"))
        }
        guard case .object(let top) = value else {
            return .failure(BackendError(.revocationListMalformed, "revocation list: expected a JSON object"))
        }
        var list = RevocationList()
        for member in top.members {
            // By bytes, as the reader tells members apart: Swift's `==` (and so `switch`) would
            // take "proof\u212Aeys", with a KELVIN SIGN, for "proofKeys".
            guard let kind = Kind.named(member.name) else {
                return .failure(
                    BackendError(
                        .revocationListMalformed,
                        "revocation list: unknown member \(BackendError.quoted(member.name)) "
                            + "(expected entries, proofKeys, deviceKeys)"
                    ))
            }
            guard case .object(let entries) = member.value else {
                return .failure(
                    BackendError(.revocationListMalformed, "revocation list: \(member.name) must be an object"))
            }
            for entry in entries.members {
                guard let key = kind.normalise(entry.name) else {
                    return .failure(
                        BackendError(
                            .revocationListMalformed,
                            "revocation list: a key in \(member.name) is not \(kind.keyDescription)"))
                }
                guard case .object(let fields) = entry.value, case .string(let statusText)? = fields["status"] else {
                    return .failure(
                        BackendError(
                            .revocationListMalformed, "revocation list: an entry in \(member.name) has no status string"
                        ))
                }
                let statuses: [Status] = [.revoked, .suspended]
                guard let status = statuses.first(where: { JSONObject.sameName($0.rawValue, statusText) }) else {
                    return .failure(
                        BackendError(
                            .revocationListMalformed,
                            "revocation list: status \(BackendError.quoted(statusText)) is neither REVOKED nor SUSPENDED"
                        )
                    )
                }
                var reason: String? = nil
                if case .string(let text)? = fields["reason"], Self.isCode(text) { reason = text }
                list.add(Entry(status: status, reason: reason), key: key, kind: kind)
            }
        }
        return .success(list)
    }

    enum Kind {
        case serial, proofKey, deviceKey

        /// The kind a top-level member holds, its name compared as UTF-8 bytes.
        static func named(_ name: String) -> Kind? {
            let kinds: [(String, Kind)] = [("entries", .serial), ("proofKeys", .proofKey), ("deviceKeys", .deviceKey)]
            return kinds.first { JSONObject.sameName($0.0, name) }?.1
        }

        var keyDescription: String {
            switch self {
            case .serial: "a certificate serial in hex"
            case .proofKey, .deviceKey: "a SHA-256 in hex (64 digits)"
            }
        }

        func normalise(_ key: String) -> String? {
            switch self {
            case .serial: RevocationList.normaliseSerial(key)
            case .proofKey, .deviceKey: key.utf8.count == 64 && Hex.isHexDigits(key) ? key.lowercased() : nil
            }
        }
    }

    private mutating func add(_ entry: Entry, key: String, kind: Kind) {
        // Two spellings of one key (leading zeros, case): the stronger status wins.
        func merge(_ existing: Entry?) -> Entry {
            guard let existing else { return entry }
            return existing.status == .revoked ? existing : entry
        }
        switch kind {
        case .serial: serials[key] = merge(serials[key])
        case .proofKey: proofKeys[key] = merge(proofKeys[key])
        case .deviceKey: deviceKeys[key] = merge(deviceKeys[key])
        }
    }

    /// Hex digits in either case → lower case without leading zeros ("0" stays "0"); nil if not hex.
    /// Comparison is always of these strings, never of numbers.
    public static func normaliseSerial(_ text: String) -> String? {
        guard text.utf8.count <= 128, Hex.isHexDigits(text) else { return nil }
        let trimmed = text.lowercased().drop { $0 == "0" }
        return trimmed.isEmpty ? "0" : String(trimmed)
    }

    /// A reason is echoed only when it is a code like `KEY_COMPROMISE`.
    static func isCode(_ text: String) -> Bool {
        (1...40).contains(text.utf8.count)
            && text.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || $0 == 0x5F || ($0 >= 0x30 && $0 <= 0x39) }
    }

    /// The entry for a certificate serial as `Certificate.serialNumberHex` prints it.
    public func entry(serialHex: String) -> Entry? {
        guard let key = Self.normaliseSerial(serialHex) else { return nil }
        return serials[key]
    }

    public func entry(proofKeySHA256Hex hex: String) -> Entry? { proofKeys[hex.lowercased()] }
    public func entry(deviceKeySHA256Hex hex: String) -> Entry? { deviceKeys[hex.lowercased()] }
}
