import Foundation
import Testing

@testable import OctetEncoding

@Suite("Hex: lower case out, from any collection of bytes")
struct HexTests {
    static func reference(_ bytes: [UInt8]) -> String {
        bytes.map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    @Test("arrays, Data, slices and non-contiguous collections encode alike", arguments: [0, 1, 2, 31, 32, 33, 256])
    func collections(_ length: Int) {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }
        let expected = Self.reference(bytes)
        #expect(Hex.encode(bytes) == expected)
        #expect(Hex.encode(Data(bytes)) == expected)
        #expect(Hex.encode(([0xAA] + bytes + [0xBB])[1..<(length + 1)]) == expected)
        #expect(Hex.encode(AnyCollection(bytes)) == expected)
        #expect(Hex.encode(bytes.lazy.map { $0 }) == expected)
        #expect(Hex.decode(expected) == bytes)
    }
}
