import OctetEncoding
import OctetTestSupport
import Testing

@Suite("strict JSON reader")
struct JSONReaderTests {
    static func parse(_ text: String, limits: JSONLimits = JSONLimits()) -> Result<JSONValue, JSONError> {
        JSONReader.parse(Array(text.utf8), limits: limits)
    }

    struct Accepted: Sendable, CustomTestStringConvertible {
        let text: String
        let value: JSONValue
        var testDescription: String { text }
    }

    static func number(_ text: String, integer: Bool = true) -> JSONValue {
        // Test data written in this file: a bad literal here is a bug in the test.
        .number(JSONNumber(text)!)
    }

    static let accepted: [Accepted] = [
        Accepted(text: "null", value: .null),
        Accepted(text: " true ", value: .bool(true)),
        Accepted(text: "false", value: .bool(false)),
        Accepted(text: "0", value: number("0")),
        Accepted(text: "-0", value: number("-0")),
        Accepted(text: "1.0", value: number("1.0", integer: false)),
        Accepted(text: "1e0", value: number("1e0", integer: false)),
        Accepted(text: "-12.5E+3", value: number("-12.5E+3", integer: false)),
        Accepted(text: "123456789012345678901234567890", value: number("123456789012345678901234567890")),
        Accepted(text: #""a\"\\\/\b\f\n\r\t""#, value: .string("a\"\\/\u{08}\u{0C}\n\r\t")),
        Accepted(text: #""\u00e9\u00E9""#, value: .string("éé")),
        Accepted(text: #""\ud83d\ude00""#, value: .string("😀")),
        Accepted(text: "\"😀é\"", value: .string("😀é")),
        Accepted(text: #""\u0000""#, value: .string("\u{0}")),
        Accepted(text: "[]", value: .array([])),
        Accepted(
            text: "[1,[2],{}]", value: .array([number("1"), .array([number("2")]), .object(JSONObject(members: [])!)])),
        Accepted(text: "\t\r\n[ ]\n", value: .array([])),
        Accepted(text: #""plain, then \n escaped, then plain""#, value: .string("plain, then \n escaped, then plain")),
        Accepted(text: "\"a\\u00e9b😀c\\\"d é\"", value: .string("aéb😀c\"d é")),
    ]

    @Test("valid texts read to their values, numbers kept as written", arguments: accepted)
    func accepts(_ row: Accepted) throws {
        #expect(try Self.parse(row.text).get() == row.value)
    }

    struct Refused: Sendable, CustomTestStringConvertible {
        let id: String
        let bytes: [UInt8]
        let code: JSONError.Code
        let offset: Int
        var limits = JSONLimits()
        var testDescription: String { id }

        init(_ id: String, _ text: String, _ code: JSONError.Code, at offset: Int, limits: JSONLimits = JSONLimits()) {
            self.init(id, Array(text.utf8), code, at: offset, limits: limits)
        }

        init(_ id: String, _ bytes: [UInt8], _ code: JSONError.Code, at offset: Int, limits: JSONLimits = JSONLimits())
        {
            self.id = id
            self.bytes = bytes
            self.code = code
            self.offset = offset
            self.limits = limits
        }
    }

    static let refused: [Refused] = [
        Refused("empty input", "", .unexpectedEnd, at: 0),
        Refused("only whitespace", "  ", .unexpectedEnd, at: 2),
        Refused("a byte order mark", [0xEF, 0xBB, 0xBF, 0x31], .byteOrderMark, at: 0),
        Refused("two values", "1 2", .trailingData, at: 2),
        Refused("a trailing comma in an array", "[1,]", .unexpectedByte, at: 3),
        Refused("a trailing comma in an object", #"{"a":1,}"#, .unexpectedByte, at: 7),
        Refused("a missing colon", #"{"a" 1}"#, .unexpectedByte, at: 5),
        Refused("an unquoted name", "{a:1}", .unexpectedByte, at: 1),
        Refused("an unclosed array", "[1", .unexpectedEnd, at: 2),
        Refused("an unclosed string", #""abc"#, .unexpectedEnd, at: 4),
        Refused("True in capitals", "True", .unexpectedByte, at: 0),
        Refused("a truncated literal", "tru", .unexpectedEnd, at: 3),
        Refused("a wrong literal", "trux", .invalidLiteral, at: 0),
        Refused("NaN", "NaN", .unexpectedByte, at: 0),
        Refused("a leading zero", "01", .invalidNumber, at: 1),
        Refused("a leading plus", "+1", .unexpectedByte, at: 0),
        Refused("a bare minus", "-", .unexpectedEnd, at: 1),
        Refused("a fraction without digits", "1.", .invalidNumber, at: 2),
        Refused("a leading dot", ".5", .unexpectedByte, at: 0),
        Refused("an exponent without digits", "1e+", .invalidNumber, at: 3),
        Refused("hex", "0x10", .trailingData, at: 1),
        Refused("a number longer than the limit", String(repeating: "9", count: 65), .numberTooLong, at: 0),
        Refused("a raw tab in a string", "\"a\tb\"", .controlCharacterInString, at: 2),
        Refused("a raw newline in a string", "\"a\nb\"", .controlCharacterInString, at: 2),
        Refused("an unknown escape", #""\x41""#, .invalidEscape, at: 1),
        Refused("a short unicode escape", #""\u12""#, .invalidEscape, at: 1),
        Refused("a non-hex unicode escape", #""\u12G4""#, .invalidEscape, at: 1),
        Refused("a lone high surrogate", #""\ud800""#, .loneSurrogate, at: 1),
        Refused("a lone low surrogate", #""\udfff""#, .loneSurrogate, at: 1),
        Refused("a high surrogate then a letter", #""\ud800a""#, .loneSurrogate, at: 1),
        Refused("two high surrogates", #""\ud800\ud800""#, .loneSurrogate, at: 1),
        Refused("an overlong encoding", [0x22, 0xC0, 0xAF, 0x22], .invalidUTF8, at: 1),
        Refused("an encoded surrogate", [0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8, at: 1),
        Refused("beyond U+10FFFF", [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8, at: 1),
        Refused("a stray continuation byte", [0x22, 0x80, 0x22], .invalidUTF8, at: 1),
        Refused("a truncated sequence", [0x22, 0xE2, 0x82], .invalidUTF8, at: 1),
        Refused("0xFF", [0x22, 0xFF, 0x22], .invalidUTF8, at: 1),
        Refused("non-ASCII outside a string", [0xC3, 0xA9], .unexpectedByte, at: 0),
        Refused("a duplicate member", #"{"a":1,"b":2,"a":3}"#, .duplicateMember, at: 13),
        Refused("a duplicate member spelled with an escape", #"{"a":1,"\u0061":2}"#, .duplicateMember, at: 7),
        Refused("a duplicate in a nested object", #"[{"x":{"k":1,"k":1}}]"#, .duplicateMember, at: 13),
        Refused("input over the size limit", "[1,2]", .tooLarge, at: 0, limits: JSONLimits(maxBytes: 4)),
        Refused("nesting over the depth limit", "[[[1]]]", .tooDeep, at: 2, limits: JSONLimits(maxDepth: 2)),
        Refused("more values than the limit", "[1,2,3]", .tooManyValues, at: 5, limits: JSONLimits(maxValues: 3)),
        Refused(
            "a string over the length limit", #""abcdef""#, .stringTooLong, at: 0, limits: JSONLimits(maxStringBytes: 4)
        ),
        // The limit counts from the opening quote: the closing quote may stand at most that far on.
        Refused(
            "a string one byte over the length limit", #""abcd""#, .stringTooLong, at: 0,
            limits: JSONLimits(maxStringBytes: 4)),
        Refused(
            "an unterminated string under the limit", #""abc"#, .unexpectedEnd, at: 4,
            limits: JSONLimits(maxStringBytes: 4)),
        Refused(
            "a control character after a long run", "\"" + String(repeating: "A", count: 3000) + "\u{1}\"",
            .controlCharacterInString, at: 3001),
        Refused(
            "a duplicate member among many", manyMembers(40, repeating: 2, at: 30), .duplicateMember,
            at: memberOffset(30)),
        Refused("deep nesting under the default limit", String(repeating: "[", count: 100_000), .tooDeep, at: 64),
    ]

    /// `{"m0":0,"m1":1,…}` with `count` members; with `repeating`, member `at` is named like that one.
    static func manyMembers(_ count: Int, repeating: Int? = nil, at duplicate: Int = -1) -> String {
        let members = (0..<count).map { index in
            let name = index == duplicate ? repeating! : index
            return #""m\#(twoDigits(name))":\#(index % 10)"#
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    static func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }

    /// Where member `index` of ``manyMembers(_:repeating:at:)`` starts: each is `"mNN":D,` (8 bytes).
    static func memberOffset(_ index: Int) -> Int { 1 + 8 * index }

    @Test("a string within the length limit is read, the closing quote at the limit")
    func stringAtLimit() throws {
        #expect(try Self.parse(#""abc""#, limits: JSONLimits(maxStringBytes: 4)).get() == .string("abc"))
    }

    @Test("every byte at every position of a long string is judged as the byte-by-byte rule says")
    func everyByteAtEveryPosition() {
        // The reader skips plain bytes eight at a time: a byte that ends the run (a control, a
        // quote, a backslash, a byte of 0x80 or above) must be seen wherever it stands in a word.
        for byte in UInt8.min...UInt8.max {
            let plain = byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
            for offset in 0..<17 {
                var content = [UInt8](repeating: UInt8(ascii: "a"), count: 24)
                content[offset] = byte
                let quoted = [UInt8(ascii: "\"")] + content + [UInt8(ascii: "\"")]
                let result = JSONReader.parse(quoted, limits: JSONLimits())
                if plain {
                    let expected = JSONValue.string(String(decoding: content, as: UTF8.self))
                    #expect((try? result.get()) == expected, "byte \(byte) at \(offset)")
                } else {
                    #expect((try? result.get()) == nil, "byte \(byte) at \(offset)")
                }
            }
        }
    }

    @Test("an object of many members keeps them all, and tells every name apart")
    func manyMembersRead() throws {
        guard case .object(let object) = try Self.parse(Self.manyMembers(40)).get() else {
            Issue.record("not an object")
            return
        }
        #expect(object.names == (0..<40).map { "m" + Self.twoDigits($0) })
        guard case .failure(let early) = Self.parse(Self.manyMembers(10, repeating: 0, at: 9)) else {
            Issue.record("a duplicate among the first members was accepted")
            return
        }
        #expect(early.code == .duplicateMember && early.offset == Self.memberOffset(9))
    }

    @Test("invalid texts are refused with a code and the offset", arguments: refused)
    func refuses(_ row: Refused) {
        guard case .failure(let error) = JSONReader.parse(row.bytes, limits: row.limits) else {
            Issue.record("accepted")
            return
        }
        #expect(error.code == row.code, "\(error)")
        #expect(error.offset == row.offset, "\(error)")
    }

    @Test("names that are canonically equivalent but differ in scalars are different members")
    func namesCompareByScalars() throws {
        let value = try Self.parse("{\"\u{e9}\":1,\"e\u{301}\":2}").get()
        guard case .object(let object) = value else {
            Issue.record("not an object")
            return
        }
        #expect(object.members.count == 2)
        #expect(object["e\u{301}"] == Self.number("2"))
    }

    @Test("a depth limit above the hard ceiling is clamped, so the stack cannot be exhausted")
    func depthCeiling() {
        let text = String(repeating: "[", count: 10_000)
        let result = Self.parse(text, limits: JSONLimits(maxDepth: 1_000_000))
        guard case .failure(let error) = result else {
            Issue.record("accepted")
            return
        }
        #expect(error.code == .tooDeep)
        #expect(error.offset == JSONReader.hardDepthCeiling)
    }

    @Test("integer literals convert only when digits-only and within the limit")
    func integers() {
        #expect(
            JSONNumber("9007199254740992")!
                .nonNegativeInteger(atMost: 1 << 53) == 1 << 53)
        #expect(
            JSONNumber("9007199254740993")!
                .nonNegativeInteger(atMost: 1 << 53) == nil)
        #expect(
            JSONNumber("99999999999999999999999")!
                .nonNegativeInteger(atMost: .max) == nil)
        #expect(JSONNumber("-1")!.nonNegativeInteger(atMost: 10) == nil)
        #expect(JSONNumber("1e1")!.nonNegativeInteger(atMost: 10) == nil)
    }

    @Test("mutated documents never trap, and every refusal points inside the input")
    func mutations() {
        let seed = Array(#"{"v":1,"entries":[{"key":"n\u00e9","size":5,"x":[true,false,null,-1.5e3]}]}"#.utf8)
        let alphabet = Array(#"{}[]:,"\u0-1.eE+ tfn"#.utf8) + [0x00, 0x80, 0xC3, 0xED, 0xF4, 0xFF]
        var generator = SplitMix64(seed: 0x0C7E7)
        var accepted = 0
        for _ in 0..<20_000 {
            var bytes = seed
            for _ in 0..<(1 + Int(generator.next() % 4)) {
                let position = Int(generator.next() % UInt64(bytes.count))
                let byte = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                switch generator.next() % 3 {
                case 0: bytes[position] = byte
                case 1: bytes.insert(byte, at: position)
                default: bytes.remove(at: position)
                }
                if bytes.isEmpty { bytes = [0x30] }
            }
            switch JSONReader.parse(bytes) {
            case .success: accepted += 1
            case .failure(let error): #expect(error.offset >= 0 && error.offset <= bytes.count)
            }
        }
        #expect(accepted < 20_000)
    }
}
