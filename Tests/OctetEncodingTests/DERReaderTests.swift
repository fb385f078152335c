import OctetEncoding
import OctetTestSupport
import Testing

@Suite("DER reader: headers, lengths, nesting")
struct DERReaderTests {
    struct Refusal: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let code: DERError.Code
        let offset: Int
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(name: "empty input", bytes: [], code: .missingElement, offset: 0),
        Refusal(name: "header without length", bytes: [0x04], code: .truncated, offset: 1),
        Refusal(name: "content shorter than its length", bytes: [0x04, 0x03, 1, 2], code: .truncated, offset: 2),
        Refusal(name: "indefinite length", bytes: [0x30, 0x80, 0x00, 0x00], code: .indefiniteLength, offset: 1),
        Refusal(
            name: "long form for a short length", bytes: [0x04, 0x81, 0x01, 0xAA], code: .nonMinimalLength, offset: 0),
        Refusal(
            name: "long form with a leading zero byte",
            bytes: [0x04, 0x82, 0x00, 0x81] + [UInt8](repeating: 0, count: 0x81),
            code: .nonMinimalLength, offset: 1),
        Refusal(name: "five length bytes", bytes: [0x04, 0x85, 1, 0, 0, 0, 0], code: .lengthTooLarge, offset: 1),
        Refusal(name: "reserved length 0xFF", bytes: [0x04, 0xFF], code: .lengthTooLarge, offset: 1),
        Refusal(name: "high tag form for a low number", bytes: [0x9F, 0x1E, 0x00], code: .nonMinimalTag, offset: 0),
        Refusal(
            name: "high tag form with a leading 0x80 group", bytes: [0x9F, 0x80, 0x20, 0x00], code: .nonMinimalTag,
            offset: 0),
        Refusal(
            name: "tag number beyond 32 bits", bytes: [0x9F, 0x90, 0x80, 0x80, 0x80, 0x00, 0x00], code: .nonMinimalTag,
            offset: 0),
        Refusal(name: "truncated high tag", bytes: [0x9F, 0x81], code: .truncated, offset: 2),
        Refusal(name: "end-of-contents marker", bytes: [0x00, 0x00], code: .unexpectedTag, offset: 0),
        Refusal(name: "a byte after the element", bytes: [0x05, 0x00, 0x00], code: .trailingData, offset: 2),
    ]

    @Test("malformed headers and trailing bytes are refused with a code and the offset", arguments: refusals)
    func refused(_ refusal: Refusal) {
        #expect(throws: DERError(refusal.code, at: refusal.offset)) { try DER.parse(refusal.bytes) }
    }

    @Test("a high tag number is read in base 128: [719] is 0xBF 0x85 0x4F")
    func highTagNumber() throws {
        let node = try DER.parse([0xBF, 0x85, 0x4F, 0x03, 0x02, 0x01, 0x01])
        #expect(node.tag == .context(719))
        #expect(try node.explicit(719).int64() == 1)
    }

    @Test("a 256-byte OCTET STRING uses a two-byte long-form length and is sliced, not copied")
    func longFormLength() throws {
        let bytes: [UInt8] = [0x30, 0x82, 0x01, 0x04, 0x04, 0x82, 0x01, 0x00] + [UInt8](repeating: 7, count: 256)
        let node = try DER.parse(bytes)
        var children = try node.sequence()
        let octets = try children.read(.octetString).octetString()
        try children.finish()
        #expect(octets.count == 256 && octets.startIndex == 8)
        #expect(node.encoded.count == bytes.count)
    }

    @Test("children left unread are an 'unconsumed' error; reading past the end is 'missing element'")
    func unconsumed() throws {
        let node = try DER.parse([0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02])
        var children = try node.sequence()
        _ = try children.read(.integer)
        #expect(throws: DERError(.unconsumed, at: 5)) { try children.finish() }
        _ = try children.read(.integer)
        try children.finish()
        #expect(throws: DERError(.missingElement, at: 8)) { try children.read() }
    }

    @Test("nesting beyond the depth limit is refused")
    func depthLimit() throws {
        var bytes: [UInt8] = [0x05, 0x00]
        for _ in 0..<5 { bytes = [0x30, UInt8(bytes.count)] + bytes }
        var node = try DER.parse(bytes, maxDepth: 3)
        for _ in 0..<3 {
            var children = try node.children()
            node = try children.read()
        }
        #expect(throws: DERError(.tooDeep, at: node.offset)) { try node.children() }
    }

    @Test("an expected tag must match class, form and number")
    func tagMismatch() throws {
        let primitiveSequence = try DER.parse([0x10, 0x00])
        #expect(throws: DERError(.unexpectedTag, at: 0)) { try primitiveSequence.sequence() }
        let constructedOctets = try DER.parse([0x24, 0x03, 0x04, 0x01, 0x00])
        #expect(throws: DERError(.unexpectedTag, at: 0)) { try constructedOctets.octetString() }
        var reader = DERReader([0x02, 0x01, 0x05][...])
        #expect(try reader.readIfPresent(.boolean) == nil)
        #expect(try reader.read(.integer).int64() == 5)
    }

    @Test("an EXPLICIT tag holds exactly one element")
    func explicitTag() throws {
        let two = try DER.parse([0xA1, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02])
        #expect(throws: DERError(.unconsumed, at: 5)) { try two.explicit(1) }
        let empty = try DER.parse([0xA1, 0x00])
        #expect(throws: DERError(.missingElement, at: 2)) { try empty.explicit(1) }
        #expect(throws: DERError(.unexpectedTag, at: 0)) { try two.explicit(2) }
    }

    @Test("SET OF children are read in the order they arrived")
    func setOf() throws {
        var set = try DER.parse([0x31, 0x06, 0x02, 0x01, 0x03, 0x02, 0x01, 0x01]).set()
        #expect(try set.readAll().map { try $0.int64() } == [3, 1])
    }
}

@Suite("DER primitives")
struct DERPrimitiveTests {
    struct IntegerCase: Sendable, CustomTestStringConvertible {
        let content: [UInt8]
        let value: Int64?
        let code: DERError.Code?
        var testDescription: String { content.map { String($0, radix: 16) }.joined(separator: " ") }
    }

    static let integers: [IntegerCase] = [
        IntegerCase(content: [0x00], value: 0, code: nil),
        IntegerCase(content: [0x7F], value: 127, code: nil),
        IntegerCase(content: [0x00, 0x80], value: 128, code: nil),
        IntegerCase(content: [0xFF], value: -1, code: nil),
        IntegerCase(content: [0x80], value: -128, code: nil),
        IntegerCase(content: [0xFF, 0x7F], value: -129, code: nil),
        IntegerCase(content: [0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], value: Int64.max, code: nil),
        IntegerCase(content: [0x80, 0, 0, 0, 0, 0, 0, 0], value: Int64.min, code: nil),
        IntegerCase(content: [], value: nil, code: .invalidInteger),
        IntegerCase(content: [0x00, 0x7F], value: nil, code: .invalidInteger),
        IntegerCase(content: [0xFF, 0x80], value: nil, code: .invalidInteger),
        IntegerCase(content: [0x00, 0x80, 0, 0, 0, 0, 0, 0, 0], value: nil, code: .integerOverflow),
    ]

    @Test("INTEGER is minimal two's complement and fits Int64 when asked", arguments: integers)
    func integer(_ testCase: IntegerCase) throws {
        let node = try DER.parse([0x02, UInt8(testCase.content.count)] + testCase.content)
        if let code = testCase.code {
            #expect(throws: DERError(code, at: 0)) { try node.int64() }
        } else {
            #expect(try node.int64() == testCase.value)
            #expect(Array(try node.integerBytes()) == testCase.content)
        }
    }

    @Test("ENUMERATED follows the INTEGER rules under its own tag")
    func enumerated() throws {
        #expect(try DER.parse([0x0A, 0x01, 0x02]).enumerated() == 2)
        #expect(throws: DERError(.invalidInteger, at: 0)) { try DER.parse([0x0A, 0x02, 0x00, 0x01]).enumerated() }
        #expect(throws: DERError(.unexpectedTag, at: 0)) { try DER.parse([0x02, 0x01, 0x02]).enumerated() }
    }

    @Test("BOOLEAN is strict 0x00/0xFF; the lenient reading takes any non-zero byte as true")
    func boolean() throws {
        #expect(try DER.parse([0x01, 0x01, 0xFF]).boolean() == true)
        #expect(try DER.parse([0x01, 0x01, 0x00]).boolean() == false)
        #expect(throws: DERError(.invalidBoolean, at: 0)) { try DER.parse([0x01, 0x01, 0x01]).boolean() }
        #expect(throws: DERError(.invalidBoolean, at: 0)) { try DER.parse([0x01, 0x02, 0xFF, 0xFF]).boolean() }
        #expect(throws: DERError(.invalidBoolean, at: 0)) { try DER.parse([0x01, 0x00]).lenientBoolean() }
        #expect(try DER.parse([0x01, 0x01, 0x01]).lenientBoolean() == true)
        #expect(try DER.parse([0x01, 0x01, 0x00]).lenientBoolean() == false)
    }

    @Test("OBJECT IDENTIFIER reads to dotted form; non-minimal and unterminated arcs are refused")
    func objectIdentifier() throws {
        let keyDescription: [UInt8] = [0x06, 0x0A, 0x2B, 0x06, 0x01, 0x04, 0x01, 0xD6, 0x79, 0x02, 0x01, 0x11]
        #expect(try DER.parse(keyDescription).objectIdentifier() == "1.3.6.1.4.1.11129.2.1.17")
        #expect(try DER.parse([0x06, 0x03, 0x55, 0x04, 0x05]).objectIdentifier() == "2.5.4.5")
        #expect(try DER.parse([0x06, 0x02, 0x88, 0x37]).objectIdentifier() == "2.999")
        #expect(throws: DERError(.invalidObjectIdentifier, at: 0)) {
            try DER.parse([0x06, 0x03, 0x2B, 0x80, 0x01]).objectIdentifier()
        }
        #expect(throws: DERError(.invalidObjectIdentifier, at: 0)) {
            try DER.parse([0x06, 0x02, 0x2B, 0x86]).objectIdentifier()
        }
        #expect(throws: DERError(.invalidObjectIdentifier, at: 0)) { try DER.parse([0x06, 0x00]).objectIdentifier() }
        let huge: [UInt8] = [0x06, 0x0B, 0x2B] + [UInt8](repeating: 0xFF, count: 9) + [0x7F]
        #expect(throws: DERError(.invalidObjectIdentifier, at: 0)) { try DER.parse(huge).objectIdentifier() }
    }

    @Test("BIT STRING: unused bits 0...7, zero padding, none when empty")
    func bitString() throws {
        let value = try DER.parse([0x03, 0x02, 0x04, 0xF0]).bitString()
        #expect(value.unusedBits == 4 && Array(value.bytes) == [0xF0])
        #expect(throws: DERError(.invalidBitString, at: 0)) { try DER.parse([0x03, 0x02, 0x04, 0xF8]).bitString() }
        #expect(throws: DERError(.invalidBitString, at: 0)) { try DER.parse([0x03, 0x01, 0x01]).bitString() }
        #expect(throws: DERError(.invalidBitString, at: 0)) { try DER.parse([0x03, 0x02, 0x08, 0x00]).bitString() }
        #expect(throws: DERError(.invalidBitString, at: 0)) { try DER.parse([0x03, 0x00]).bitString() }
    }

    struct TimeCase: Sendable, CustomTestStringConvertible {
        let tag: UInt8
        let text: String
        let seconds: Int64?
        var testDescription: String { text }
    }

    static let times: [TimeCase] = [
        TimeCase(tag: 0x17, text: "700101000000Z", seconds: 0),
        TimeCase(tag: 0x17, text: "491231235959Z", seconds: 2_524_607_999),
        TimeCase(tag: 0x17, text: "500101000000Z", seconds: -631_152_000),
        TimeCase(tag: 0x18, text: "21060207062815Z", seconds: 4_294_967_295),
        TimeCase(tag: 0x18, text: "20240229120000.5Z", seconds: 1_709_208_000),
        TimeCase(tag: 0x18, text: "19691231235959Z", seconds: -1),
        TimeCase(tag: 0x17, text: "7001010000Z", seconds: nil),
        TimeCase(tag: 0x17, text: "700101000000+0000", seconds: nil),
        TimeCase(tag: 0x18, text: "20230229000000Z", seconds: nil),
        TimeCase(tag: 0x18, text: "20240101000000.50Z", seconds: nil),
        TimeCase(tag: 0x18, text: "20240101000000.Z", seconds: nil),
        TimeCase(tag: 0x18, text: "20241301000000Z", seconds: nil),
        TimeCase(tag: 0x18, text: "20240101246000Z", seconds: nil),
    ]

    @Test("UTCTime and GeneralizedTime read as Unix seconds in the DER profile", arguments: times)
    func time(_ testCase: TimeCase) throws {
        let text = Array(testCase.text.utf8)
        let node = try DER.parse([testCase.tag, UInt8(text.count)] + text)
        if let seconds = testCase.seconds {
            #expect(try node.time() == seconds)
        } else {
            #expect(throws: DERError(.invalidTime, at: 0)) { try node.time() }
        }
    }
}

@Suite("DER structure validation")
struct DERValidationTests {
    @Test("a nested structure validates; a bad length two levels down is found with its offset")
    func nested() throws {
        try DER.parse([0x30, 0x07, 0x31, 0x05, 0xA0, 0x03, 0x02, 0x01, 0x01]).validateStructure()
        let bad: [UInt8] = [0x30, 0x08, 0x31, 0x06, 0xA0, 0x04, 0x02, 0x81, 0x01, 0x01]
        #expect(throws: DERError(.nonMinimalLength, at: 6)) { try DER.parse(bad).validateStructure() }
        let short: [UInt8] = [0x30, 0x05, 0x31, 0x03, 0x02, 0x02, 0x01]
        #expect(throws: DERError(.truncated, at: 6)) { try DER.parse(short).validateStructure() }
    }
}

@Suite("DER reader robustness")
struct DERRobustnessTests {

    /// Reads everything a caller might: every node, every primitive reading, every child.
    static func exercise(_ node: DERNode) {
        _ = try? node.int64()
        _ = try? node.objectIdentifier()
        _ = try? node.time()
        _ = try? node.bitString()
        _ = try? node.lenientBoolean()
        guard var children = try? node.children() else { return }
        while let child = try? children.next() { exercise(child) }
    }

    @Test("thousands of mutated and truncated structures are read without a crash, and errors point inside the input")
    func mutations() throws {
        var random = SplitMix64(seed: 0x0C7E7)
        let seed: [UInt8] = DERWriter.sequence([
            DERWriter.integer(1_758_900_680_964),
            DERWriter.explicit(
                704,
                DERWriter.sequence([
                    DERWriter.octetString([1, 2, 3]), DERWriter.boolean(true), DERWriter.enumerated(0),
                ])),
            try #require(DERWriter.objectIdentifier("1.3.6.1.4.1.11129.2.1.17")), DERWriter.generalizedTime(0),
            DERWriter.element(.bitString, [0x00, 0xFF]),
        ])
        for _ in 0..<5000 {
            var bytes = seed
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                bytes[index] = UInt8.random(in: 0...255, using: &random)
            }
            bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
            do {
                let node = try DER.parse(bytes)
                try node.validateStructure()
                Self.exercise(node)
            } catch {
                #expect((0...bytes.count).contains(error.offset))
            }
        }
    }
}

@Suite("DER's forms, OID content and certificate times (the strict certificate reader's parts)")
struct DERStrictPartsTests {
    @Test(
        "every universal element in the form DER gives its type; other classes take either form",
        arguments: [
            ([0x30, 0x03, 0x02, 0x01, 0x01], true),  // SEQUENCE { INTEGER }
            ([0x31, 0x00], true),  // SET
            ([0x10, 0x00], false),  // primitive SEQUENCE
            ([0x11, 0x00], false),  // primitive SET
            ([0x23, 0x03, 0x03, 0x01, 0x00], false),  // constructed BIT STRING
            ([0x24, 0x02, 0x04, 0x00], false),  // constructed OCTET STRING
            ([0x30, 0x04, 0x2C, 0x02, 0x0C, 0x00], false),  // a constructed UTF8String one level down
            ([0x22, 0x00], false),  // constructed INTEGER
            ([0xA3, 0x02, 0x05, 0x00], true),  // [3] constructed
            ([0x83, 0x01, 0x00], true),  // [3] primitive
            ([0x7F, 0x1F, 0x00], true),  // [APPLICATION 31] constructed
        ] as [([UInt8], Bool)])
    func forms(bytes: [UInt8], valid: Bool) throws {
        let node = try DER.parse(bytes)
        #expect(throws: Never.self) { try node.validateStructure() }
        if valid {
            #expect(throws: Never.self) { try node.validateDERForms() }
        } else {
            #expect(throws: DERError(.wrongForm, at: 0)) { try node.validateDERForms() }
        }
    }

    @Test("OID content: non-empty, minimal subidentifiers, terminated; arcs of any size")
    func objectIdentifierBytes() throws {
        #expect(
            try DER.parse([0x06, 0x03, 0x2A, 0x86, 0x48]).objectIdentifierBytes().elementsEqual([0x2A, 0x86, 0x48]))
        let uuidArc: [UInt8] = [0x06, 0x14, 0x69, 0x83] + [UInt8](repeating: 0xFF, count: 17) + [0x7F]
        #expect(throws: Never.self) { try DER.parse(uuidArc).objectIdentifierBytes() }
        #expect(throws: DERError.self) { try DER.parse(uuidArc).objectIdentifier() }
        for bad: [UInt8] in [
            [0x06, 0x00], [0x06, 0x02, 0x2A, 0x86], [0x06, 0x03, 0x2A, 0x80, 0x01], [0x06, 0x01, 0x80],
        ] {
            #expect(throws: DERError(.invalidObjectIdentifier, at: 0)) { try DER.parse(bad).objectIdentifierBytes() }
        }
        #expect(throws: DERError(.unexpectedTag, at: 0)) { try DER.parse([0x0D, 0x01, 0x2A]).objectIdentifierBytes() }
    }

    @Test(
        "certificate times: UTCTime of 13 characters or GeneralizedTime of 15, no fraction, a real date",
        arguments: [
            (DERTag.utcTime, "240229120000Z", Int64(1_709_208_000)),
            (.utcTime, "500101000000Z", -631_152_000),
            (.generalizedTime, "20490101000000Z", 2_493_072_000),
            (.utcTime, "230229120000Z", nil),
            (.utcTime, "250230000000Z", nil),
            (.utcTime, "2502010000Z", nil),
            (.utcTime, "250101000000+0000", nil),
            (.generalizedTime, "20250101000000.5Z", nil),
            (.generalizedTime, "202501010000Z", nil),
            (.utcTime, "20250101000000Z", nil),
            (.generalizedTime, "2025010100000XZ", nil),
        ] as [(DERTag, String, Int64?)])
    func certificateTime(tag: DERTag, text: String, seconds: Int64?) throws {
        let node = try DER.parse(DERWriter.element(tag, Array(text.utf8)))
        if let seconds {
            #expect(try node.certificateTime() == seconds)
        } else {
            #expect(throws: DERError(.invalidTime, at: 0)) { try node.certificateTime() }
        }
    }
}
