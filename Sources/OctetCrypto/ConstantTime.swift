internal import Crypto
import Foundation

/// Comparison whose time does not depend on where the inputs differ (digests, nonces, hashes
/// that an attacker may probe byte by byte). The only such comparison in the package, and not our
/// own: swift-crypto's constant-time comparison (`CRYPTO_memcmp` under BoringSSL, CryptoKit's own
/// on Apple platforms), reached through the two public types it guards with it. A SHA-256 digest
/// compares as a `Crypto.Digest` (`==`); any other length as a `SymmetricKey`, whose `==` is the
/// same comparison (swift-crypto has no public comparison of bare bytes).
public enum ConstantTime {
    /// True when `a` and `b` hold the same bytes. Lengths are public: a length mismatch returns at once.
    public static func equal<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Bool {
        guard a.count == b.count else { return false }
        // Arrays and slices compare in place; anything else is copied first.
        let inPlace = a.withContiguousStorageIfAvailable { x in
            b.withContiguousStorageIfAvailable { y in equal(UnsafeRawBufferPointer(x), UnsafeRawBufferPointer(y)) }
        }
        if let inPlace, let result = inPlace { return result }
        return Array(a).withUnsafeBytes { x in Array(b).withUnsafeBytes { y in equal(x, y) } }
    }

    /// `x` and `y` have the same length.
    private static func equal(_ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer) -> Bool {
        if x.count == SHA256.digestLength { return SHA256Digest(copying: x) == SHA256Digest(copying: y) }
        return SymmetricKey(data: x) == SymmetricKey(data: y)
    }

    /// `equal(_:_:)` of a slice and an inline digest, without the generic path. Both sides as
    /// digests: `Digest`'s `==` between two digests is the same comparison as its `==` with
    /// `DataProtocol` bytes, without reading the bytes' `regions` through run-time generics (~1.5 k
    /// instructions a call).
    package static func equal(_ a: ArraySlice<UInt8>, _ b: SHA256Digest) -> Bool {
        guard a.count == SHA256.digestLength else { return false }
        return b == a.withUnsafeBytes { SHA256Digest(copying: $0) }
    }
}
