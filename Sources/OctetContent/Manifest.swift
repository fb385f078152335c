import Foundation
import OctetEncoding

/// The manifest an app hands over with a proof: one entry per committed item, in the proof's
/// order, carrying the salt that the proof itself never holds.
///
/// Wire form (proof-format.md, "Content"): `{"v":1,"entries":[{"key","contentType","size","salt","sha256"}]}`,
/// strict JSON, `salt` and `sha256` in lower-case hex.
public struct Manifest: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var contentType: String
        public var size: UInt64
        /// 16..64 random bytes kept by the app; the digest is `SHA-256(salt || content)`.
        public var salt: [UInt8]
        public var sha256: [UInt8]

        public init(key: String, contentType: String, size: UInt64, salt: [UInt8], sha256: [UInt8]) {
            self.key = key
            self.contentType = contentType
            self.size = size
            self.salt = salt
            self.sha256 = sha256
        }
    }

    /// Largest manifest accepted, in bytes (exactly 1 MiB is allowed).
    public static let maxBytes = 1 << 20
    /// Most entries accepted.
    public static let maxEntries = 1024
    /// Largest `size` accepted: 2^53, the largest integer every JSON implementation reads exactly.
    public static let maxSize: UInt64 = 1 << 53
    /// Accepted salt lengths, in bytes.
    public static let saltLengths = 16...64

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The manifest for `items` (a proof's list) with the salts the app kept, one per item, in order.
    public init(items: [CommittedContent], salts: [[UInt8]]) {
        precondition(items.count == salts.count, "one salt per committed item")
        entries = zip(items, salts).map { item, salt in
            Entry(key: item.key, contentType: item.contentType, size: item.size, salt: salt, sha256: item.sha256)
        }
    }

    /// Reads a manifest strictly; any deviation from the format is a `ManifestDefect`.
    public static func parse(_ json: Data) -> Result<Manifest, ManifestDefect> {
        ManifestParser.parse(json)
    }

    /// True when the entries match `items` as the design compares them: same count and, per index,
    /// the same key, contentType, size and sha256 (strings compared byte for byte). Locators and salts
    /// are not compared (the manifest has no locator; the proof has no salt).
    public func matches(_ items: [CommittedContent]) -> Bool {
        guard entries.count == items.count else { return false }
        return zip(entries, items).allSatisfy { entry, item in
            entry.key.utf8.elementsEqual(item.key.utf8)
                && entry.contentType.utf8.elementsEqual(item.contentType.utf8)
                && entry.size == item.size
                && entry.sha256 == item.sha256
        }
    }

    /// The manifest in its compact wire form, members in the documented order.
    public func jsonData() -> Data {
        var out = #"{"v":1,"entries":["#
        for (index, entry) in entries.enumerated() {
            if index > 0 { out += "," }
            out += #"{"key":"# + JSONText.quoted(entry.key)
            out += #","contentType":"# + JSONText.quoted(entry.contentType)
            out += #","size":"# + String(entry.size)
            out += #","salt":""# + Hex.encode(entry.salt)
            out += #"","sha256":""# + Hex.encode(entry.sha256) + #""}"#
        }
        out += "]}"
        return Data(out.utf8)
    }
}

/// Writing JSON strings: only what RFC 8259 requires is escaped.
enum JSONText {
    static func quoted(_ text: String) -> String {
        var out: [UInt8] = [0x22]
        let hex = Array("0123456789abcdef".utf8)
        for byte in text.utf8 {
            switch byte {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x00..<0x20: out += Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            default: out.append(byte)
            }
        }
        out.append(0x22)
        return String(decoding: out, as: UTF8.self)
    }
}
