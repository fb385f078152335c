import Foundation
import Testing

@testable import OctetEncoding

@Suite("Base64: standard alphabet with padding, one text per byte string")
struct Base64Tests {
    @Test("encoding agrees with Foundation and decodes back, for every length up to 64", arguments: 0...64)
    func roundTrip(_ length: Int) throws {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let text = Base64.encode(bytes)
        #expect(text == Data(bytes).base64EncodedString())
        #expect(Base64.decode(text) == bytes)
    }

    @Test(
        "refuses what is not canonical padded base64",
        arguments: [
            "QQ", "Q", "QQ=", "====", "QU=D", "QR==", "QUI=QUI=", "Q Q==", "QQ==\n", "QUJD\u{0}", "QU-D", "QU_D",
        ])
    func refused(_ text: String) {
        #expect(Base64.decode(text) == nil)
    }

    @Test("the empty text is the empty byte string")
    func empty() {
        #expect(Base64.decode("") == [])
        #expect(Base64.encode([UInt8]()) == "")
    }
}
