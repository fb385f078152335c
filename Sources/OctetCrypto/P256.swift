import Foundation

// The public P-256 API. What a backend provides is `P256PublicKeyBackend` and
// `P256PrivateKeyBackend` (today P256_openssl.swift; see docs/platforms.md).

/// A P-256 public key, verified on import to be a point on the curve.
public final class P256PublicKey: Sendable {
    let backing: P256PublicKeyBackend

    /// The 65-byte SEC1 uncompressed point, `04 || X || Y`.
    public var x963Representation: [UInt8] { backing.x963Representation }

    /// Imports `04 || X || Y`. Compressed points, the point at infinity and off-curve points are refused.
    public init(x963Representation bytes: [UInt8]) throws {
        guard bytes.count == 65, bytes[0] == 0x04 else { throw CryptoError(.invalidPublicKey) }
        backing = try P256PublicKeyBackend(point: bytes[...])
    }

    /// `init(x963Representation:)` over a slice of a larger buffer (a point inside a proof), which
    /// the key keeps instead of copying.
    package init(x963Point bytes: ArraySlice<UInt8>) throws {
        guard bytes.count == 65, bytes.first == 0x04 else { throw CryptoError(.invalidPublicKey) }
        backing = try P256PublicKeyBackend(point: bytes)
    }

    init(backing: P256PublicKeyBackend) {
        self.backing = backing
    }

    /// True when `derSignature` is a strict-DER ECDSA signature (see `ECDSASignatureDER`) over
    /// SHA-256(`message`) by this key. Never throws: every failure is `false`.
    public func isValidSignature<M: ContiguousBytes>(_ derSignature: [UInt8], for message: M) -> Bool {
        // The strict-DER rule is ours, whatever the backend accepts.
        guard ECDSASignatureDER.isStrictP256(derSignature[...]) else { return false }
        return backing.isValidSignature(derSignature[...], for: message)
    }

    /// `isValidSignature(_:for:)` for a message whose SHA-256 the caller already holds (the stage
    /// chain hashes every stage input anyway): the same check without hashing the message again,
    /// the signature read in place (a slice of a proof).
    package func isValidSignature(_ derSignature: ArraySlice<UInt8>, digest: SHA256Digest) -> Bool {
        guard ECDSASignatureDER.isStrictP256(derSignature) else { return false }
        return digest.withUnsafeBytes { backing.isValidSignature(derSignature, digest: $0) }
    }
}

/// A P-256 private key held in memory: the issuer's software device key and stage key.
public final class P256PrivateKey: Sendable {
    let backing: P256PrivateKeyBackend
    public let publicKey: P256PublicKey

    /// A fresh random key from the backend's DRBG.
    public init() {
        backing = P256PrivateKeyBackend()
        publicKey = P256PublicKey(backing: backing.publicKey)
    }

    /// A key from its 32-byte big-endian scalar (1..n-1), for reproducible test keys.
    public init(rawScalar: [UInt8]) throws {
        guard rawScalar.count == 32 else { throw CryptoError(.invalidPrivateKey) }
        backing = try P256PrivateKeyBackend(rawScalar: rawScalar)
        publicKey = P256PublicKey(backing: backing.publicKey)
    }

    /// A DER ECDSA signature over SHA-256(`message`), with a random nonce.
    public func signature<M: ContiguousBytes>(for message: M) -> [UInt8] {
        backing.signature(for: message)
    }
}
