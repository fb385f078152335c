import OctetEncoding
import OctetTestSupport
import Testing

/// `String(validatingUTF8Bytes:)` stands in for `String(validating:as:)` on platforms before
/// Swift 6.0's run time; here, where both exist, they must agree on every input.
@Suite("Well-formed UTF-8 is judged as the standard library's String(validating:as:) judges it")
struct UTF8ValidationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let bytes: [UInt8]
        let wellFormed: Bool
        var testDescription: String { bytes.map { String($0, radix: 16) }.joined(separator: " ") }
    }

    /// The edges of Unicode's Table 3-7 (RFC 3629 §4).
    static let cases: [Case] = [
        Case(bytes: [], wellFormed: true),
        Case(bytes: [0x00], wellFormed: true),
        Case(bytes: [0x41, 0x7F], wellFormed: true),
        Case(bytes: [0xC2, 0x80], wellFormed: true),
        Case(bytes: [0xE2, 0x82, 0xAC], wellFormed: true),
        Case(bytes: [0xEF, 0xBF, 0xBF], wellFormed: true),
        Case(bytes: [0xF0, 0x90, 0x80, 0x80], wellFormed: true),
        Case(bytes: [0xF4, 0x8F, 0xBF, 0xBF], wellFormed: true),
        Case(bytes: [0x80], wellFormed: false),
        Case(bytes: [0xC0, 0x80], wellFormed: false),
        Case(bytes: [0xC1, 0xBF], wellFormed: false),
        Case(bytes: [0xE0, 0x80, 0x80], wellFormed: false),
        Case(bytes: [0xE0, 0x9F, 0xBF], wellFormed: false),
        Case(bytes: [0xED, 0xA0, 0x80], wellFormed: false),
        Case(bytes: [0xED, 0xBF, 0xBF], wellFormed: false),
        Case(bytes: [0xF0, 0x80, 0x80, 0x80], wellFormed: false),
        Case(bytes: [0xF4, 0x90, 0x80, 0x80], wellFormed: false),
        Case(bytes: [0xF5, 0x80, 0x80, 0x80], wellFormed: false),
        Case(bytes: [0xFF], wellFormed: false),
        Case(bytes: [0xE2, 0x82], wellFormed: false),
        Case(bytes: [0x41, 0xE2, 0x82, 0x41], wellFormed: false),
    ]

    @Test("each edge of Table 3-7 is judged as written", arguments: cases)
    func edges(_ testCase: Case) {
        #expect(String.isWellFormedUTF8(testCase.bytes) == testCase.wellFormed)
        #expect((String(validatingUTF8Bytes: testCase.bytes) != nil) == testCase.wellFormed)
        #expect((String(validating: testCase.bytes, as: UTF8.self) != nil) == testCase.wellFormed)
    }

    @Test("on 20,000 random byte strings it agrees with String(validating:as:), and gives the same text")
    func agreesOnRandomBytes() {
        var generator = SplitMix64(seed: 0x5EED_07F8)
        var wellFormed = 0
        for _ in 0..<20_000 {
            let count = Int(generator.next() % 12)
            // Bias towards lead and continuation bytes, so that most strings are near misses.
            let bytes = (0..<count).map { _ -> UInt8 in
                let raw = UInt8(truncatingIfNeeded: generator.next())
                return generator.next() % 3 == 0 ? raw : 0x80 | (raw & 0x7F)
            }
            let ours = String(validatingUTF8Bytes: bytes)
            let library = String(validating: bytes, as: UTF8.self)
            #expect(ours == library, "\(bytes)")
            if ours != nil { wellFormed += 1 }
        }
        #expect(wellFormed > 100 && wellFormed < 19_000, "both kinds were drawn")
    }
}
