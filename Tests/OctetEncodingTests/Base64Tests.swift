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

    /// The decoder as first written (a scalar loop over each group), kept as the reference the
    /// one-pass decoder must agree with on every text.
    static func reference(_ text: String) -> [UInt8]? {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        let utf8 = Array(text.utf8)
        guard utf8.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        var index = 0
        while index < utf8.count {
            let last = index + 4 == utf8.count
            let padding = last && utf8[index + 3] == 0x3D ? (utf8[index + 2] == 0x3D ? 2 : 1) : 0
            var group: UInt32 = 0
            for offset in 0..<4 {
                if offset >= 4 - padding {
                    group <<= 6
                    continue
                }
                guard let value = alphabet.firstIndex(of: utf8[index + offset]) else { return nil }
                group = group << 6 | UInt32(value)
            }
            switch padding {
            case 0: out += [UInt8(group >> 16), UInt8((group >> 8) & 0xFF), UInt8(group & 0xFF)]
            case 1:
                guard group & 0xFF == 0 else { return nil }
                out += [UInt8(group >> 16), UInt8((group >> 8) & 0xFF)]
            default:
                guard group & 0xFFFF == 0 else { return nil }
                out.append(UInt8(group >> 16))
            }
            index += 4
        }
        return out
    }

    @Test(
        "one character changed anywhere, to anything, decodes as the reference decoder says",
        arguments: [[UInt8](), [0x00], [0xFF, 0x01], [0x10, 0x20, 0x30], Array(0..<7), Array(250...255)])
    func everySubstitution(_ bytes: [UInt8]) {
        let text = Array(Base64.encode(bytes).utf8) + Array("QUJD".utf8)
        let replacements = Array("AQgw/+=-_ .\u{0}".utf8) + [0x7F, 0xC3, 0xFF, 0x0A]
        for position in text.indices {
            for replacement in replacements {
                var changed = text
                changed[position] = replacement
                let candidate = String(decoding: changed, as: UTF8.self)
                #expect(Base64.decode(candidate) == Self.reference(candidate), "\(candidate)")
            }
        }
        // Moved to the end, the padding is still read the same way.
        let tail = String(decoding: Array("QUJD".utf8) + Array(Base64.encode(bytes).utf8), as: UTF8.self)
        #expect(Base64.decode(tail) == Self.reference(tail))
        #expect(Base64.decode(tail) == Array("ABC".utf8) + bytes)
    }
}
