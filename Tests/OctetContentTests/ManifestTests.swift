import Foundation
import OctetContent
import OctetEncoding
import Testing

/// Builds manifest texts member by member, so that each row changes exactly one thing.
enum ManifestText {
    static let salt = String(repeating: "ab", count: 32)
    static let digest = String(repeating: "cd", count: 32)

    static func entry(
        key: String = #""note""#, contentType: String = #""text/plain""#, size: String = "5",
        salt: String = "\"\(salt)\"", sha256: String = "\"\(digest)\"",
        omit: String? = nil, extra: String? = nil
    ) -> String {
        let members = [("key", key), ("contentType", contentType), ("size", size), ("salt", salt), ("sha256", sha256)]
        var parts = members.filter { $0.0 != omit }.map { "\"\($0.0)\":\($0.1)" }
        if let extra { parts.append(extra) }
        return "{" + parts.joined(separator: ",") + "}"
    }

    static func manifest(v: String = "1", entries: [String] = [entry()]) -> String {
        #"{"v":"# + v + #","entries":["# + entries.joined(separator: ",") + "]}"
    }

    static func hexBytes(_ count: Int) -> String { "\"" + String(repeating: "0f", count: count) + "\"" }
}

struct ManifestDefectCase: Sendable, CustomTestStringConvertible {
    let id: String
    let bytes: [UInt8]
    let code: ManifestDefect.Code
    var json: JSONError.Code? = nil
    var testDescription: String { id }

    init(_ id: String, _ text: String, _ code: ManifestDefect.Code, json: JSONError.Code? = nil) {
        self.init(id, Array(text.utf8), code, json: json)
    }

    init(_ id: String, _ bytes: [UInt8], _ code: ManifestDefect.Code, json: JSONError.Code? = nil) {
        self.id = id
        self.bytes = bytes
        self.code = code
        self.json = json
    }
}

extension ManifestDefectCase {
    typealias T = ManifestText
    static let cases: [ManifestDefectCase] = [
        .init("malformed JSON (truncated)", String(T.manifest().dropLast()), .malformedJSON, json: .unexpectedEnd),
        .init("malformed JSON (trailing data)", T.manifest() + " {}", .malformedJSON, json: .trailingData),
        .init("malformed JSON (trailing comma)", #"{"v":1,"entries":[],}"#, .malformedJSON, json: .unexpectedByte),
        .init("not an object", "[]", .notAnObject),
        .init("v is 2", T.manifest(v: "2"), .wrongVersion),
        .init("v is 1.0", T.manifest(v: "1.0"), .wrongVersion),
        .init("v is 1e0", T.manifest(v: "1e0"), .wrongVersion),
        .init("v is \"1\"", T.manifest(v: #""1""#), .wrongVersion),
        .init("v is -1", T.manifest(v: "-1"), .wrongVersion),
        .init("v is true", T.manifest(v: "true"), .wrongVersion),
        .init("v is 01 (not JSON)", T.manifest(v: "01"), .malformedJSON, json: .invalidNumber),
        .init("v missing", #"{"entries":[]}"#, .missingMember),
        .init("entries missing", #"{"v":1}"#, .missingMember),
        .init("an extra top-level member", #"{"v":1,"entries":[],"note":0}"#, .unknownMember),
        .init("v twice", #"{"v":1,"v":1,"entries":[]}"#, .malformedJSON, json: .duplicateMember),
        .init("entries is an object", #"{"v":1,"entries":{}}"#, .wrongType),
        .init("an entry is a number", T.manifest(entries: ["1"]), .notAnObject),
        .init("entry without key", T.manifest(entries: [T.entry(omit: "key")]), .missingMember),
        .init("entry without contentType", T.manifest(entries: [T.entry(omit: "contentType")]), .missingMember),
        .init("entry without size", T.manifest(entries: [T.entry(omit: "size")]), .missingMember),
        .init("entry without salt", T.manifest(entries: [T.entry(omit: "salt")]), .missingMember),
        .init("entry without sha256", T.manifest(entries: [T.entry(omit: "sha256")]), .missingMember),
        .init("entry with an extra member", T.manifest(entries: [T.entry(extra: #""locator":"x""#)]), .unknownMember),
        .init(
            "entry with key twice", T.manifest(entries: [T.entry(extra: #""key":"note""#)]), .malformedJSON,
            json: .duplicateMember),
        .init("key is a number", T.manifest(entries: [T.entry(key: "1")]), .wrongType),
        .init("contentType is null", T.manifest(entries: [T.entry(contentType: "null")]), .wrongType),
        .init("size is a string", T.manifest(entries: [T.entry(size: #""5""#)]), .wrongType),
        .init("salt is a number", T.manifest(entries: [T.entry(salt: "5")]), .wrongType),
        .init("sha256 is an array", T.manifest(entries: [T.entry(sha256: "[]")]), .wrongType),
        .init(
            "salt in upper-case hex", T.manifest(entries: [T.entry(salt: "\"\(T.salt.uppercased())\"")]), .invalidHex),
        .init(
            "sha256 in upper-case hex", T.manifest(entries: [T.entry(sha256: "\"\(T.digest.uppercased())\"")]),
            .invalidHex),
        .init("salt of odd length", T.manifest(entries: [T.entry(salt: "\"\(T.salt)a\"")]), .invalidHex),
        .init(
            "salt with a non-hex letter", T.manifest(entries: [T.entry(salt: "\"\(T.salt.dropLast(2))zz\"")]),
            .invalidHex),
        .init(
            "sha256 with a 0x prefix", T.manifest(entries: [T.entry(sha256: "\"0x\(T.digest.dropLast(2))\"")]),
            .invalidHex),
        .init("salt of 15 bytes", T.manifest(entries: [T.entry(salt: T.hexBytes(15))]), .invalidSaltLength),
        .init("salt of 65 bytes", T.manifest(entries: [T.entry(salt: T.hexBytes(65))]), .invalidSaltLength),
        .init("empty salt", T.manifest(entries: [T.entry(salt: #""""#)]), .invalidSaltLength),
        .init("sha256 of 31 bytes", T.manifest(entries: [T.entry(sha256: T.hexBytes(31))]), .invalidDigestLength),
        .init("sha256 of 33 bytes", T.manifest(entries: [T.entry(sha256: T.hexBytes(33))]), .invalidDigestLength),
        .init(
            "size with a leading zero", T.manifest(entries: [T.entry(size: "05")]), .malformedJSON,
            json: .invalidNumber),
        .init("size with a minus sign", T.manifest(entries: [T.entry(size: "-5")]), .invalidSize),
        .init("size -0", T.manifest(entries: [T.entry(size: "-0")]), .invalidSize),
        .init(
            "size with a plus sign", T.manifest(entries: [T.entry(size: "+5")]), .malformedJSON,
            json: .unexpectedByte),
        .init("size with an exponent", T.manifest(entries: [T.entry(size: "5e0")]), .invalidSize),
        .init("size with a fraction", T.manifest(entries: [T.entry(size: "5.0")]), .invalidSize),
        .init("size 2^53 + 1", T.manifest(entries: [T.entry(size: "9007199254740993")]), .invalidSize),
        .init(
            "size beyond UInt64", T.manifest(entries: [T.entry(size: "123456789012345678901234567890")]), .invalidSize),
        .init("1025 entries", T.manifest(entries: Array(repeating: T.entry(), count: 1025)), .tooManyEntries),
        .init(
            "larger than 1 MiB", T.manifest() + String(repeating: " ", count: (1 << 20) + 1 - T.manifest().utf8.count),
            .tooLarge),
        .init(
            "a byte order mark", [0xEF, 0xBB, 0xBF] + Array(T.manifest().utf8), .malformedJSON, json: .byteOrderMark),
        .init(
            "a lone high surrogate escape", T.manifest(entries: [T.entry(key: #""\ud800""#)]), .malformedJSON,
            json: .loneSurrogate),
        .init(
            "a lone low surrogate escape", T.manifest(entries: [T.entry(key: #""\udc00x""#)]), .malformedJSON,
            json: .loneSurrogate),
        .init(
            "a high surrogate escape followed by a non-surrogate escape",
            T.manifest(entries: [T.entry(key: #""\ud800\u0041""#)]), .malformedJSON, json: .loneSurrogate),
        .init(
            "invalid UTF-8 (overlong)",
            Array(#"{"v":1,"entries":[],"#.utf8) + [0x22, 0xC0, 0xAF, 0x22] + Array(":1}".utf8),
            .malformedJSON, json: .invalidUTF8),
        .init(
            "an unescaped control character", T.manifest(entries: [T.entry(key: "\"no\tte\"")]), .malformedJSON,
            json: .controlCharacterInString),
        .init("a single-quoted string", #"{'v':1,"entries":[]}"#, .malformedJSON, json: .unexpectedByte),
    ]
}

@Suite("manifest strictness")
struct ManifestTests {
    @Test("every defect is refused with its code", arguments: ManifestDefectCase.cases)
    func defect(_ row: ManifestDefectCase) {
        let result = Manifest.parse(Data(row.bytes))
        guard case .failure(let defect) = result else {
            Issue.record("accepted: \(row.id)")
            return
        }
        #expect(defect.code == row.code, "\(defect)")
        #expect(defect.json?.code == row.json, "\(defect)")
    }

    @Test("the boundary values are accepted: salt 16 and 64 bytes, size 0 and 2^53, 1024 entries, exactly 1 MiB")
    func boundaries() throws {
        typealias T = ManifestText
        let accepted = [
            T.manifest(entries: [T.entry(salt: T.hexBytes(16))]),
            T.manifest(entries: [T.entry(salt: T.hexBytes(64))]),
            T.manifest(entries: [T.entry(size: "0")]),
            T.manifest(entries: [T.entry(size: "9007199254740992")]),
            T.manifest(entries: Array(repeating: T.entry(), count: 1024)),
            T.manifest(entries: []),
            T.manifest() + String(repeating: "\n", count: (1 << 20) - T.manifest().utf8.count),
            // Member order and whitespace are free; escapes decode.
            " { \"entries\" : [ { \"sha256\":\"\(T.digest)\", \"salt\":\"\(T.salt)\", \"size\":5, "
                + "\"contentType\":\"text\\/plain\", \"key\":\"n\\u006fte\" } ] ,\r\n\t\"v\" : 1 } ",
        ]
        for text in accepted {
            let manifest = try Manifest.parse(Data(text.utf8)).get()
            #expect(manifest.entries.count <= 1024)
        }
        let reordered = try Manifest.parse(Data(accepted[7].utf8)).get()
        #expect(
            reordered
                == Manifest(entries: [
                    Manifest.Entry(
                        key: "note", contentType: "text/plain", size: 5,
                        salt: [UInt8](repeating: 0xAB, count: 32), sha256: [UInt8](repeating: 0xCD, count: 32))
                ]))
        let largest = try Manifest.parse(Data(accepted[3].utf8)).get()
        #expect(largest.entries.first?.size == 1 << 53)
    }

    @Test("a manifest written by jsonData() reads back to the same entries")
    func roundTrip() throws {
        let fixture = try ContentFixture(videoBytes: 100)
        let manifest = try Manifest.parse(fixture.manifestJson).get()
        #expect(manifest == Manifest(items: fixture.items, salts: fixture.salts))
        #expect(manifest.matches(fixture.items))
        #expect(manifest.jsonData() == fixture.manifestJson)
    }

    @Test("a defect's description names no value and no name from the input")
    func defectIsLogSafe() {
        let text = ManifestText.manifest(entries: [ManifestText.entry(extra: #""secret-member":"secret-value""#)])
        guard case .failure(let defect) = Manifest.parse(Data(text.utf8)) else {
            Issue.record("accepted an unknown member")
            return
        }
        #expect(defect.code == .unknownMember)
        #expect(!defect.description.contains("secret"))
        #expect(defect.description == "entry 0: unknown member")
    }
}
