import OctetTestSupport
import Testing

@testable import OctetEncoding

@Suite("CBOR encoder: canonical output")
struct CBOREncoderTests {
    @Test(
        "heads use the shortest argument at every boundary",
        arguments: [
            (UInt64(23), "17"), (24, "1818"), (255, "18ff"), (256, "190100"), (65535, "19ffff"),
            (65536, "1a00010000"), (0xFFFF_FFFF, "1affffffff"), (1 << 32, "1b0000000100000000"),
        ])
    func shortestHeads(_ argument: UInt64, _ expected: String) {
        #expect(CBOREncoder.head(major: 0, argument: argument) == hexBytes(expected))
    }

    @Test("map keys are written in bytewise order of their encodings")
    func sortsKeys() throws {
        let value = CBORValue.map([
            CBORMapEntry(key: .text("authData"), value: .bytes([1])),
            CBORMapEntry(key: .text("fmt"), value: .text("x")),
            CBORMapEntry(key: .text("attStmt"), value: .map([])),
        ])
        let bytes = CBOREncoder.encode(value)
        let decoded = try CBORDecoder.decode(bytes)
        #expect(decoded.mapEntries?.map { $0.key.textString } == ["fmt", "attStmt", "authData"])
    }

    @Test("preserving the given order makes input the decoder refuses")
    func preservingOrder() {
        let value = CBORValue.map([
            CBORMapEntry(key: .unsigned(3), value: .null), CBORMapEntry(key: .unsigned(1), value: .null),
        ])
        #expect(throws: CBORError(.mapKeysOutOfOrder, at: 0)) {
            try CBORDecoder.decode(CBOREncoder.encodePreservingOrder(value))
        }
        #expect(throws: Never.self) { try CBORDecoder.decode(CBOREncoder.encode(value)) }
    }

    @Test("whatever the decoder accepts re-encodes to the same bytes (random inputs)")
    func acceptedInputIsCanonical() {
        // A fixed-seed generator keeps the test deterministic; inputs lean on CBOR head bytes.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let heads: [UInt8] = [0x00, 0x18, 0x19, 0x20, 0x41, 0x42, 0x61, 0x62, 0x81, 0x82, 0xA1, 0xA2, 0xF5, 0xF8]
        var accepted = 0
        for _ in 0..<20_000 {
            let length = Int(next() % 12)
            let bytes = (0..<length).map { _ in
                next() % 2 == 0 ? heads[Int(next() % UInt64(heads.count))] : UInt8(truncatingIfNeeded: next())
            }
            guard let value = try? CBORDecoder.decode(bytes) else { continue }
            accepted += 1
            #expect(CBOREncoder.encode(value) == bytes, "accepted a non-canonical encoding")
        }
        #expect(accepted > 100, "the generator should produce some valid items")
    }
}
