import Foundation
import OctetCrypto
import OctetEncoding

/// The manifest's strictness list (proof-format.md, "Content"), applied to a `JSONValue`.
enum ManifestParser {
    static let entryMembers = ["key", "contentType", "size", "salt", "sha256"]

    static func parse(_ json: Data) -> Result<Manifest, ManifestDefect> {
        // Size first, before copying or reading anything.
        guard json.count <= Manifest.maxBytes else { return .failure(ManifestDefect(.tooLarge)) }
        let limits = JSONLimits(maxBytes: Manifest.maxBytes, maxDepth: 8, maxValues: 1 << 18)
        switch JSONReader.parse([UInt8](json), limits: limits) {
        case .failure(let error):
            return .failure(ManifestDefect(.malformedJSON, json: error))
        case .success(let value):
            do throws(ManifestDefect) {
                return .success(try manifest(from: value))
            } catch {
                return .failure(error)
            }
        }
    }

    private static func manifest(from value: JSONValue) throws(ManifestDefect) -> Manifest {
        guard case .object(let top) = value else { throw ManifestDefect(.notAnObject) }
        try requireExactly(["v", "entries"], in: top, entry: nil)
        guard case .number(let version) = top["v"] else { throw ManifestDefect(.wrongVersion, member: "v") }
        // The literal itself: "1.0", "1e0", "-1", "01" (already invalid JSON) are all refused.
        guard version.text == "1" else { throw ManifestDefect(.wrongVersion, member: "v") }
        guard case .array(let list) = top["entries"] else { throw ManifestDefect(.wrongType, member: "entries") }
        guard list.count <= Manifest.maxEntries else { throw ManifestDefect(.tooManyEntries, member: "entries") }
        var entries: [Manifest.Entry] = []
        entries.reserveCapacity(list.count)
        for (index, element) in list.enumerated() {
            entries.append(try entry(from: element, index: index))
        }
        return Manifest(entries: entries)
    }

    private static func entry(from value: JSONValue, index: Int) throws(ManifestDefect) -> Manifest.Entry {
        guard case .object(let object) = value else { throw ManifestDefect(.notAnObject, entry: index) }
        try requireExactly(entryMembers, in: object, entry: index)
        let key = try string("key", in: object, entry: index)
        let contentType = try string("contentType", in: object, entry: index)
        guard case .number(let sizeLiteral) = object["size"] else {
            throw ManifestDefect(.wrongType, entry: index, member: "size")
        }
        // Digits only, no leading zero (the JSON grammar already forbids one), no sign/fraction/exponent.
        guard let size = sizeLiteral.nonNegativeInteger(atMost: Manifest.maxSize) else {
            throw ManifestDefect(.invalidSize, entry: index, member: "size")
        }
        let salt = try hex("salt", in: object, entry: index)
        guard Manifest.saltLengths.contains(salt.count) else {
            throw ManifestDefect(.invalidSaltLength, entry: index, member: "salt")
        }
        let digest = try hex("sha256", in: object, entry: index)
        guard digest.count == SHA256.digestLength else {
            throw ManifestDefect(.invalidDigestLength, entry: index, member: "sha256")
        }
        return Manifest.Entry(key: key, contentType: contentType, size: size, salt: salt, sha256: digest)
    }

    /// Exactly `names`: every one present, nothing else. (Duplicates never reach here: the reader refuses them.)
    private static func requireExactly(_ names: [String], in object: JSONObject, entry: Int?) throws(ManifestDefect) {
        let unknown = object.members.contains { member in
            !names.contains { JSONObject.sameName($0, member.name) }
        }
        // The unknown name itself is input, so it is not echoed.
        if unknown { throw ManifestDefect(.unknownMember, entry: entry) }
        for name in names where object[name] == nil {
            throw ManifestDefect(.missingMember, entry: entry, member: name)
        }
    }

    private static func string(_ name: String, in object: JSONObject, entry: Int) throws(ManifestDefect) -> String {
        guard case .string(let text) = object[name] else {
            throw ManifestDefect(.wrongType, entry: entry, member: name)
        }
        return text
    }

    private static func hex(_ name: String, in object: JSONObject, entry: Int) throws(ManifestDefect) -> [UInt8] {
        let text = try string(name, in: object, entry: entry)
        guard let bytes = Hex.decode(text) else {
            throw ManifestDefect(.invalidHex, entry: entry, member: name)
        }
        return bytes
    }
}
