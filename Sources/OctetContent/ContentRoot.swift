import OctetCrypto

/// The commitment a CONTENT stage signs over `Claims.content` (proof-format.md, "Content"):
///
///     content_root = H("octet/v1/content\0" || u32be(count) ||
///                      for each entry, in order: lp(key) || lp(content_type) || u64be(size) || sha256 || lp(locator))
///
/// with `lp(s) = u32be(len(s)) || s` over UTF-8 bytes, and an absent locator hashed as the empty string.
public enum ContentRoot {
    static let domainTag: [UInt8] = Array("octet/v1/content\0".utf8)

    /// The `content_root` of `items`, in their order.
    ///
    /// Lengths are 32-bit: every list the wire decoder accepts (a proof is at most 1 MiB) fits; a
    /// longer string or list is a programming error of the caller.
    public static func compute(_ items: [CommittedContent]) -> [UInt8] {
        var hasher = SHA256Hasher()
        hasher.update(domainTag)
        hasher.update(u32be(items.count))
        for item in items {
            lengthPrefixed(Array(item.key.utf8), into: &hasher)
            lengthPrefixed(Array(item.contentType.utf8), into: &hasher)
            hasher.update(u64be(item.size))
            hasher.update(item.sha256)
            lengthPrefixed(Array((item.locator ?? "").utf8), into: &hasher)
        }
        return hasher.finalize()
    }

    private static func lengthPrefixed(_ bytes: [UInt8], into hasher: inout SHA256Hasher) {
        hasher.update(u32be(bytes.count))
        hasher.update(bytes)
    }

    private static func u32be(_ value: Int) -> [UInt8] {
        precondition(value >= 0 && value <= Int(UInt32.max), "content_root length does not fit in 32 bits")
        let v = UInt32(value)
        return [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    private static func u64be(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * UInt64($0))) }
    }
}
