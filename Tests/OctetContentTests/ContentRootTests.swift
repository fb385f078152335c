import Foundation
import OctetContent
import OctetCrypto
import Testing

@Suite("content_root")
struct ContentRootTests {
    static let noteDigest = SHA256.hash(Array(0..<16) + Array("hello".utf8))
    static let items = [
        CommittedContent(key: "note", contentType: "text/plain", size: 5, sha256: noteDigest),
        CommittedContent(
            key: "video", contentType: "video/mp4", size: 1_048_576,
            sha256: [UInt8](repeating: 0xAB, count: 32), locator: "https://cdn.example/v/1"),
    ]

    /// The formula written out by hand, byte by byte, independently of `ContentRoot`.
    static func byHand(_ items: [CommittedContent]) -> [UInt8] {
        func u32(_ n: Int) -> [UInt8] {
            [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
        }
        func u64(_ n: UInt64) -> [UInt8] { (0..<8).reversed().map { UInt8(n >> (8 * UInt64($0)) & 0xFF) } }
        func lp(_ s: String) -> [UInt8] { u32(s.utf8.count) + Array(s.utf8) }
        var message = Array("octet/v1/content".utf8) + [0] + u32(items.count)
        for item in items {
            message += lp(item.key) + lp(item.contentType) + u64(item.size) + item.sha256 + lp(item.locator ?? "")
        }
        return SHA256.hash(message)
    }

    @Test(
        "content_root is H(tag || u32be(count) || lp(key) || lp(type) || u64be(size) || sha256 || lp(locator)) per item"
    )
    func formulaByHand() {
        #expect(ContentRoot.compute(Self.items) == Self.byHand(Self.items))
    }

    @Test("content_root matches a known answer computed outside Swift")
    func knownAnswer() {
        // Python: hashlib over the same message.
        #expect(Self.noteDigest.hex == "7c9f5b9e4cc36c703715bb6eedcbb8bd80840fd48d135a07af861d1a027be360")
        #expect(
            ContentRoot.compute(Self.items).hex == "eff32594c043730c493af0e0debf357d1c2dd086aa4f0a6a3e83cbf1845a84aa")
        #expect(ContentRoot.compute([]).hex == "6035b7bb2124a5813d6b9a2041d44038100938947476eb7e6f5229ad3f754e81")
    }

    @Test("an absent locator is hashed as the empty string, and order matters")
    func locatorAndOrder() {
        var withEmpty = Self.items
        withEmpty[0].locator = ""
        #expect(ContentRoot.compute(withEmpty) == ContentRoot.compute(Self.items))
        var changed = Self.items
        changed[1].locator = "https://cdn.example/v/2"
        #expect(ContentRoot.compute(changed) != ContentRoot.compute(Self.items))
        #expect(ContentRoot.compute(Self.items.reversed()) != ContentRoot.compute(Self.items))
        var resized = Self.items
        resized[0].size = 6
        #expect(ContentRoot.compute(resized) != ContentRoot.compute(Self.items))
    }
}
