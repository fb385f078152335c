import OctetTestSupport
import Testing

@testable import OctetEncoding

@Suite("CBOR decoder: the strict definite-length subset")
struct CBORDecoderTests {
    struct Accepted: Sendable, CustomTestStringConvertible {
        let hex: String
        let value: CBORValue
        var testDescription: String { hex }
    }

    static let accepted: [Accepted] = [
        Accepted(hex: "00", value: .unsigned(0)),
        Accepted(hex: "17", value: .unsigned(23)),
        Accepted(hex: "18 18", value: .unsigned(24)),
        Accepted(hex: "18 ff", value: .unsigned(255)),
        Accepted(hex: "19 0100", value: .unsigned(256)),
        Accepted(hex: "1a 00010000", value: .unsigned(65536)),
        Accepted(hex: "1b 0000000100000000", value: .unsigned(1 << 32)),
        Accepted(hex: "1b ffffffffffffffff", value: .unsigned(.max)),
        Accepted(hex: "20", value: .negative(0)),
        Accepted(hex: "38 63", value: .negative(99)),
        Accepted(hex: "3b ffffffffffffffff", value: .negative(.max)),
        Accepted(hex: "40", value: .bytes([])),
        Accepted(hex: "43 010203", value: .bytes([1, 2, 3])),
        Accepted(hex: "60", value: .text("")),
        Accepted(hex: "64 49455446", value: .text("IETF")),
        Accepted(hex: "62 c3bc", value: .text("ü")),
        Accepted(hex: "80", value: .array([])),
        Accepted(hex: "83 01 02 03", value: .array([.unsigned(1), .unsigned(2), .unsigned(3)])),
        Accepted(hex: "a0", value: .map([])),
        Accepted(
            hex: "a2 01 02 03 04",
            value: .map([
                CBORMapEntry(key: .unsigned(1), value: .unsigned(2)),
                CBORMapEntry(key: .unsigned(3), value: .unsigned(4)),
            ])),
        // COSE key labels 1, 3, -1, -2, -3 in the order App Attest writes them.
        Accepted(
            hex: "a5 01 02 03 26 20 01 21 40 22 40",
            value: .map([
                CBORMapEntry(key: .unsigned(1), value: .unsigned(2)),
                CBORMapEntry(key: .unsigned(3), value: .negative(6)),
                CBORMapEntry(key: .negative(0), value: .unsigned(1)),
                CBORMapEntry(key: .negative(1), value: .bytes([])),
                CBORMapEntry(key: .negative(2), value: .bytes([])),
            ])),
        // A shorter text key sorts first: "b" before "aa" (its head byte is smaller).
        Accepted(
            hex: "a2 61 62 00 62 6161 00",
            value: .map([
                CBORMapEntry(key: .text("b"), value: .unsigned(0)), CBORMapEntry(key: .text("aa"), value: .unsigned(0)),
            ])),
        Accepted(hex: "f4", value: .bool(false)),
        Accepted(hex: "f5", value: .bool(true)),
        Accepted(hex: "f6", value: .null),
        Accepted(hex: "f7", value: .undefined),
        Accepted(hex: "f0", value: .simple(16)),
        Accepted(hex: "f8 20", value: .simple(32)),
        Accepted(hex: "f8 ff", value: .simple(255)),
    ]

    @Test("accepts every well-formed canonical item and reads its value", arguments: accepted)
    func acceptsCanonical(_ row: Accepted) throws {
        #expect(try CBORDecoder.decode(hexBytes(row.hex)) == row.value)
    }

    @Test("re-encodes every accepted item to exactly the bytes it was read from", arguments: accepted)
    func roundTrips(_ row: Accepted) throws {
        let bytes = hexBytes(row.hex)
        #expect(CBOREncoder.encode(try CBORDecoder.decode(bytes)) == bytes)
    }

    struct Rejected: Sendable, CustomTestStringConvertible {
        let hex: String
        let code: CBORError.Code
        let offset: Int
        let why: String
        var testDescription: String { "\(why): \(hex)" }
    }

    static let rejected: [Rejected] = [
        Rejected(hex: "", code: .truncated, offset: 0, why: "empty input"),
        Rejected(hex: "18", code: .truncated, offset: 0, why: "one-byte argument missing"),
        Rejected(hex: "1a 0001", code: .truncated, offset: 0, why: "four-byte argument cut short"),
        Rejected(hex: "42 01", code: .truncated, offset: 0, why: "byte string runs past the end"),
        Rejected(hex: "5b ffffffffffffffff", code: .truncated, offset: 0, why: "absurd string length"),
        Rejected(hex: "82 01", code: .truncated, offset: 0, why: "array count beyond the input"),
        Rejected(hex: "82 01 42 00", code: .truncated, offset: 2, why: "second element cut short"),
        Rejected(hex: "9b 00ffffffffffffff 00", code: .truncated, offset: 0, why: "forged array count"),
        Rejected(hex: "a1 01", code: .truncated, offset: 0, why: "map value missing"),
        Rejected(hex: "bb 00ffffffffffffff 0000", code: .truncated, offset: 0, why: "forged map count"),
        Rejected(hex: "f8", code: .truncated, offset: 0, why: "simple value cut short"),
        Rejected(hex: "18 17", code: .nonMinimalArgument, offset: 0, why: "23 in two bytes"),
        Rejected(hex: "19 00ff", code: .nonMinimalArgument, offset: 0, why: "255 in three bytes"),
        Rejected(hex: "1a 0000ffff", code: .nonMinimalArgument, offset: 0, why: "65535 in five bytes"),
        Rejected(hex: "1b 00000000ffffffff", code: .nonMinimalArgument, offset: 0, why: "2^32-1 in nine bytes"),
        Rejected(hex: "38 17", code: .nonMinimalArgument, offset: 0, why: "-24 in two bytes"),
        Rejected(hex: "58 01 00", code: .nonMinimalArgument, offset: 0, why: "short string length in two bytes"),
        Rejected(hex: "98 00", code: .nonMinimalArgument, offset: 0, why: "empty array count in two bytes"),
        Rejected(hex: "82 00 18 01", code: .nonMinimalArgument, offset: 2, why: "non-minimal element, offset kept"),
        Rejected(hex: "1c", code: .reservedAdditionalInformation, offset: 0, why: "additional information 28"),
        Rejected(hex: "5d", code: .reservedAdditionalInformation, offset: 0, why: "additional information 29"),
        Rejected(hex: "fe", code: .reservedAdditionalInformation, offset: 0, why: "simple 30"),
        Rejected(hex: "1f", code: .reservedAdditionalInformation, offset: 0, why: "indefinite integer"),
        Rejected(hex: "5f 41 00 ff", code: .indefiniteLength, offset: 0, why: "indefinite byte string"),
        Rejected(hex: "7f 61 61 ff", code: .indefiniteLength, offset: 0, why: "indefinite text string"),
        Rejected(hex: "9f ff", code: .indefiniteLength, offset: 0, why: "indefinite array"),
        Rejected(hex: "bf ff", code: .indefiniteLength, offset: 0, why: "indefinite map"),
        Rejected(hex: "a1 61 61 9f ff", code: .indefiniteLength, offset: 3, why: "nested indefinite array"),
        Rejected(hex: "ff", code: .unexpectedBreak, offset: 0, why: "lone break"),
        Rejected(hex: "c0 00", code: .unsupportedTag, offset: 0, why: "tag 0"),
        Rejected(hex: "d8 18 41 00", code: .unsupportedTag, offset: 0, why: "tag 24"),
        Rejected(hex: "f9 0000", code: .unsupportedFloat, offset: 0, why: "half float"),
        Rejected(hex: "fa 00000000", code: .unsupportedFloat, offset: 0, why: "single float"),
        Rejected(hex: "fb 0000000000000000", code: .unsupportedFloat, offset: 0, why: "double float"),
        Rejected(hex: "f8 00", code: .invalidSimpleValue, offset: 0, why: "two-byte simple 0"),
        Rejected(hex: "f8 1f", code: .invalidSimpleValue, offset: 0, why: "two-byte simple 31"),
        Rejected(hex: "00 00", code: .trailingBytes, offset: 1, why: "a second item"),
        Rejected(hex: "a0 ff", code: .trailingBytes, offset: 1, why: "a stray break after a map"),
        Rejected(hex: "62 c3 28", code: .invalidUTF8, offset: 0, why: "bad continuation byte"),
        Rejected(hex: "62 c0 80", code: .invalidUTF8, offset: 0, why: "overlong NUL"),
        Rejected(hex: "63 eda080", code: .invalidUTF8, offset: 0, why: "UTF-16 surrogate"),
        Rejected(hex: "64 f4908080", code: .invalidUTF8, offset: 0, why: "beyond U+10FFFF"),
        Rejected(hex: "a2 01 02 01 03", code: .duplicateMapKey, offset: 3, why: "integer key twice"),
        Rejected(hex: "a2 61 61 00 61 61 01", code: .duplicateMapKey, offset: 4, why: "text key twice"),
        Rejected(hex: "a2 03 00 01 00", code: .mapKeysOutOfOrder, offset: 3, why: "3 before 1"),
        Rejected(hex: "a2 62 6161 00 61 62 00", code: .mapKeysOutOfOrder, offset: 5, why: "\"aa\" before \"b\""),
        // Length-first (RFC 7049) order would accept this; RFC 8949 bytewise order does not.
        Rejected(hex: "a2 20 00 18 18 00", code: .mapKeysOutOfOrder, offset: 3, why: "-1 before 24"),
        Rejected(hex: "a2 21 00 20 00", code: .mapKeysOutOfOrder, offset: 3, why: "-2 before -1"),
    ]

    @Test("rejects each rule's violation with its code and offset", arguments: rejected)
    func rejects(_ row: Rejected) {
        #expect {
            try CBORDecoder.decode(hexBytes(row.hex))
        } throws: { error in
            guard let error = error as? CBORError else { return false }
            return error.code == row.code && error.offset == row.offset
        }
    }

    @Test("nesting is bounded: 16 levels decode, 17 do not")
    func depthLimit() throws {
        let sixteen = [UInt8](repeating: 0x81, count: 15) + [0x80]
        #expect(throws: Never.self) { try CBORDecoder.decode(sixteen) }
        let seventeen = [UInt8](repeating: 0x81, count: 16) + [0x80]
        #expect(throws: CBORError(.depthLimitExceeded, at: 16)) { try CBORDecoder.decode(seventeen) }
        // {0: {0: {0: ...}}}: nesting through map values counts too.
        let deepMap = Array([[UInt8]](repeating: [0xA1, 0x00], count: 40).joined()) + [0x00]
        #expect(throws: CBORError(.depthLimitExceeded, at: 32)) { try CBORDecoder.decode(deepMap) }
    }

    @Test("the total item count is bounded, map keys included")
    func itemLimit() throws {
        let limits = CBORDecoder.Limits(maxItems: 10)
        let ten = hexBytes("89 000000000000000000")
        #expect(throws: Never.self) { try CBORDecoder.decode(ten, limits: limits) }
        let eleven = hexBytes("8a 00000000000000000000")
        #expect(throws: CBORError(.itemLimitExceeded, at: 0)) { try CBORDecoder.decode(eleven, limits: limits) }
        let map = hexBytes("a5 0000 0100 0200 0300 0400")
        #expect(throws: CBORError(.itemLimitExceeded, at: 0)) { try CBORDecoder.decode(map, limits: limits) }
    }

    @Test("the input size is bounded before any parsing")
    func sizeLimit() {
        let limits = CBORDecoder.Limits(maxBytes: 4)
        #expect(throws: Never.self) { try CBORDecoder.decode(hexBytes("43 010203"), limits: limits) }
        #expect(throws: CBORError(.sizeLimitExceeded, at: 0)) {
            try CBORDecoder.decode(hexBytes("44 01020304"), limits: limits)
        }
    }

    @Test("a prefix decode reports the item's length and leaves what follows")
    func prefix() throws {
        let bytes = hexBytes("ee a1 61 61 01 ff ee")
        let (value, length) = try CBORDecoder.decodePrefix(bytes[1...])
        #expect(length == 4)
        #expect(value[textKey: "a"] == .unsigned(1))
    }

    @Test("byte and text strings are slices of the input, not copies")
    func zeroCopy() throws {
        let bytes = hexBytes("82 43 010203 62 6869")
        let value = try CBORDecoder.decode(bytes[...])
        guard case .array(let elements) = value, case .bytes(let data) = elements[0], case .text(let text) = elements[1]
        else {
            Issue.record("unexpected shape")
            return
        }
        #expect(data.indices == 2..<5)
        #expect(text.indices == 6..<8)
        #expect(elements[1].textString == "hi")
    }

    @Test("offsets are relative to the start of a slice")
    func sliceOffsets() {
        let bytes = hexBytes("ffff 82 00 18 01")
        #expect {
            try CBORDecoder.decode(bytes[2...])
        } throws: { error in
            (error as? CBORError)?.offset == 2
        }
    }

    @Test("errors compare by code, whatever their offset and reason")
    func errorEquality() {
        #expect(CBORError(.truncated, at: 1, "a") == CBORError(.truncated, at: 9))
        #expect(CBORError(.truncated, at: 1) != CBORError(.trailingBytes, at: 1))
    }

    @Test("typed accessors read maps by text and integer keys")
    func accessors() throws {
        let value = try CBORDecoder.decode(hexBytes("a3 01 02 20 41 ff 63 666d74 60"))
        #expect(value[intKey: 1] == .unsigned(2))
        #expect(value[intKey: -1]?.byteString == [0xFF])
        #expect(value[textKey: "fmt"]?.textString == "")
        #expect(value[textKey: "nope"] == nil)
        #expect(CBORValue.negative(.max).int64 == nil)
        #expect(CBORValue.int(-7) == .negative(6))
    }
}
