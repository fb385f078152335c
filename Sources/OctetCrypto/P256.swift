internal import Crypto
import Foundation

// P-256 ECDSA through swift-crypto (`Crypto.P256.Signing`: BoringSSL here, CryptoKit on Apple
// platforms). The strict-DER rule for signatures is ours (`ECDSASignatureDER`), applied before
// swift-crypto sees a signature.

/// A P-256 public key, verified on import to be a point on the curve.
public final class P256PublicKey: Sendable {
    let key: P256.Signing.PublicKey
    /// The 65-byte SEC1 uncompressed point, `04 || X || Y`, as it was imported (a slice of the
    /// caller's bytes: importing a point from a proof copies nothing).
    private let point: ArraySlice<UInt8>

    /// The 65-byte SEC1 uncompressed point, `04 || X || Y`.
    public var x963Representation: [UInt8] { Array(point) }

    /// Imports `04 || X || Y`. Compressed points, the point at infinity and off-curve points are refused.
    public convenience init(x963Representation bytes: [UInt8]) throws {
        try self.init(x963Point: bytes[...])
    }

    /// `init(x963Representation:)` over a slice of a larger buffer (a point inside a proof), which
    /// the key keeps instead of copying.
    package init(x963Point bytes: ArraySlice<UInt8>) throws {
        guard bytes.count == 65, bytes.first == 0x04 else { throw CryptoError(.invalidPublicKey) }
        // swift-crypto decodes the point, which checks that it lies on the curve; for P-256
        // (cofactor 1) that is the whole validation, as the point at infinity has no 65-byte form.
        guard let key = try? P256.Signing.PublicKey(x963Representation: bytes) else {
            throw CryptoError(.invalidPublicKey)
        }
        self.key = key
        self.point = bytes
    }

    /// A key swift-crypto already holds (a private key's, a certificate's).
    init(_ key: P256.Signing.PublicKey) {
        self.key = key
        self.point = [UInt8](key.x963Representation)[...]
    }

    /// True when `derSignature` is a strict-DER ECDSA signature (see `ECDSASignatureDER`) over
    /// SHA-256(`message`) by this key. Never throws: every failure is `false`.
    public func isValidSignature<M: ContiguousBytes>(_ derSignature: [UInt8], for message: M) -> Bool {
        isValidSignature(derSignature[...], digest: message.withUnsafeBytes { SHA256.digest($0) })
    }

    /// `isValidSignature(_:for:)` for a message whose SHA-256 the caller already holds (the stage
    /// chain hashes every stage input anyway): the same check without hashing the message again,
    /// the signature read in place (a slice of a proof).
    package func isValidSignature(_ derSignature: ArraySlice<UInt8>, digest: SHA256Digest) -> Bool {
        // The strict-DER rule is ours, whatever swift-crypto accepts; the raw form skips its DER parser.
        guard let raw = ECDSASignatureDER.rawRepresentation(derSignature, .p256) else { return false }
        var signature = Self.signatureTemplate
        signature.rawRepresentation = raw  // r || s, 64 bytes: the length `init(rawRepresentation:)` checks
        return key.isValidSignature(signature, for: digest)
    }

    /// A signature to copy and fill per verification: `ECDSASignature(rawRepresentation:)` is generic
    /// over `DataProtocol`, and called from outside swift-crypto it copies its argument through a
    /// dynamic cast (~2 k instructions a signature); the stored property takes our `Data` as it is.
    private static let signatureTemplate: P256.Signing.ECDSASignature = {
        guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: Data(repeating: 1, count: 64)) else {
            preconditionFailure("64 bytes are a P-256 signature's raw form")
        }
        return signature
    }()
}

/// A P-256 private key held in memory: the issuer's software device key and stage key.
public final class P256PrivateKey: Sendable {
    let key: P256.Signing.PrivateKey
    public let publicKey: P256PublicKey

    /// A fresh random key from the system's CSPRNG (swift-crypto's key generation).
    public init() {
        key = P256.Signing.PrivateKey()
        publicKey = P256PublicKey(key.publicKey)
    }

    /// A key from its 32-byte big-endian scalar (1..n-1), for reproducible test keys.
    public init(rawScalar: [UInt8]) throws {
        guard rawScalar.count == 32, let key = try? P256.Signing.PrivateKey(rawRepresentation: rawScalar) else {
            throw CryptoError(.invalidPrivateKey)
        }
        self.key = key
        publicKey = P256PublicKey(key.publicKey)
    }

    /// A DER ECDSA signature over SHA-256(`message`), with a random nonce.
    public func signature<M: ContiguousBytes>(for message: M) -> [UInt8] {
        signature(digest: message.withUnsafeBytes { SHA256.digest($0) })
    }

    /// A DER ECDSA signature over a SHA-256 digest the caller holds (a certificate's TBS).
    func signature(digest: SHA256Digest) -> [UInt8] {
        // Signing with a key swift-crypto made or checked fails only if the library itself does.
        guard let signature = try? key.signature(for: digest) else {
            preconditionFailure("ECDSA signing with a valid P-256 key cannot fail")
        }
        return [UInt8](signature.derRepresentation)
    }
}
