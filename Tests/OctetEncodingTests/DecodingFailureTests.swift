import OctetEncoding
import Testing

/// The one decoding-error shape: a typed code, the offset, a reason; equal (and hashed) by code.
@Suite("Decoding errors share one shape, equal by code")
struct DecodingFailureTests {
    static func sameShape<E: DecodingFailure>(_ make: (E.Code, Int, String) -> E, _ a: E.Code, _ b: E.Code) {
        let first = make(a, 3, "one reason")
        let moved = make(a, 99, "another reason")
        #expect(first == moved)
        #expect(first.hashValue == moved.hashValue)
        #expect(make(b, 3, "one reason") != first)
        #expect(first.offset == 3 && first.reason == "one reason" && first.code == a)
        #expect(first.description.contains(a.rawValue))
        #expect(first.description.contains("3"))
    }

    @Test("wire, DER, CBOR and JSON errors")
    func shapes() {
        Self.sameShape({ WireError($0, at: $1, $2) }, .truncated, .unknownField)
        Self.sameShape({ DERError($0, at: $1, $2) }, .truncated, .trailingData)
        Self.sameShape({ CBORError($0, at: $1, $2) }, .truncated, .duplicateMapKey)
        Self.sameShape({ JSONError($0, at: $1, $2) }, .unexpectedEnd, .duplicateMember)
    }
}
