/// Comparison whose time does not depend on where the inputs differ (digests, nonces, hashes
/// that an attacker may probe byte by byte). The only such comparison in the package.
public enum ConstantTime {
    /// True when `a` and `b` hold the same bytes. Lengths are public: a length mismatch returns at once.
    public static func equal<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Bool {
        guard a.count == b.count else { return false }
        return openSSLMemoryEqual(Array(a), Array(b))
    }
}
