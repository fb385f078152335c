/// Comparison whose time does not depend on where the inputs differ (digests, nonces, hashes
/// that an attacker may probe byte by byte). The only such comparison in the package.
public enum ConstantTime {
    /// True when `a` and `b` hold the same bytes. Lengths are public: a length mismatch returns at once.
    public static func equal<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Bool {
        guard a.count == b.count else { return false }
        // Arrays and slices compare in place; anything else is copied first.
        let inPlace = a.withContiguousStorageIfAvailable { x in
            b.withContiguousStorageIfAvailable { y in
                openSSLMemoryEqual(UnsafeRawBufferPointer(x), UnsafeRawBufferPointer(y))
            }
        }
        if let inPlace, let result = inPlace { return result }
        return Array(a).withUnsafeBytes { x in Array(b).withUnsafeBytes { y in openSSLMemoryEqual(x, y) } }
    }

    /// `equal(_:_:)` of a slice and an inline digest, without the generic path.
    package static func equal(_ a: ArraySlice<UInt8>, _ b: SHA256Digest) -> Bool {
        guard a.count == SHA256.digestLength else { return false }
        return a.withUnsafeBytes { x in b.withUnsafeBytes { y in openSSLMemoryEqual(x, y) } }
    }
}
