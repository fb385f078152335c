import OctetEncoding
import Testing

/// The one decoding-error shape: a closed code, the offset, a reason; equal (and hashed) by code;
/// one description format for every format.
@Suite("Decoding errors share one shape, equal by code")
struct DecodingFailureTests {
    static func sameShape<F: DecodingFormat>(_: F.Type, _ a: F.Code, _ b: F.Code) {
        let first = DecodingFailure<F>(a, at: 3, "one reason")
        let moved = DecodingFailure<F>(a, at: 99, "another reason")
        #expect(first == moved)
        #expect(first.hashValue == moved.hashValue)
        #expect(DecodingFailure<F>(b, at: 3, "one reason") != first)
        #expect(first.offset == 3 && first.reason == "one reason" && first.code == a)
        #expect(first.description == "\(a): one reason (at byte 3)")
        #expect(DecodingFailure<F>(a, at: 7).description == "\(a) at byte 7")
    }

    @Test("wire, DER, CBOR and JSON errors")
    func shapes() {
        Self.sameShape(ProtobufWire.self, .truncated, .unknownField)
        Self.sameShape(DER.self, .truncated, .trailingData)
        Self.sameShape(CBOR.self, .truncated, .duplicateMapKey)
        Self.sameShape(StrictJSON.self, .unexpectedEnd, .duplicateMember)
    }

    /// A code is its case, not its text: every case of every format has its own description, so
    /// the text still tells rules apart in logs.
    @Test("each format's codes have distinct, non-empty texts")
    func distinctTexts() {
        func distinct<C: DecodingFailureCode>(_: C.Type) -> Bool {
            let texts = C.allCases.map(\.description)
            return Set(texts).count == texts.count && !texts.contains("")
        }
        #expect(distinct(ProtobufWire.Code.self))
        #expect(distinct(DER.Code.self))
        #expect(distinct(CBOR.Code.self))
        #expect(distinct(StrictJSON.Code.self))
    }
}
