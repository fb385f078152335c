internal import Crypto
import Foundation

// SHA-256 through swift-crypto (`Crypto.SHA256`: BoringSSL here, CryptoKit on Apple platforms).

/// SHA-256, one-shot and streaming.
public enum SHA256 {
    public static let digestLength = 32

    /// The digest of `bytes`, in one call.
    public static func hash<B: ContiguousBytes>(_ bytes: B) -> [UInt8] {
        bytes.withUnsafeBytes { digest($0).bytes }
    }

    /// `hash(_:)` held inline, without a heap allocation for the digest.
    package static func digest(_ bytes: UnsafeRawBufferPointer) -> SHA256Digest {
        var hasher = Crypto.SHA256()
        hasher.update(bufferPointer: bytes)
        return SHA256Digest(hasher.finalize())
    }

    /// The digest of several byte strings concatenated, without building the concatenation.
    public static func hash(parts: [[UInt8]]) -> [UInt8] {
        var hasher = SHA256Hasher()
        for part in parts { hasher.update(part) }
        return hasher.finalize()
    }
}

/// A streaming SHA-256: feed it bytes in pieces, then take the digest once.
public struct SHA256Hasher: ~Copyable {
    private var backing = Crypto.SHA256()
    /// Nothing fed since init or the last restart.
    private var fed = false

    public init() {}

    public mutating func update<B: ContiguousBytes>(_ bytes: B) {
        bytes.withUnsafeBytes { update($0) }
    }

    public mutating func update(_ buffer: UnsafeRawBufferPointer) {
        guard !buffer.isEmpty else { return }
        fed = true
        backing.update(bufferPointer: buffer)
    }

    public consuming func finalize() -> [UInt8] {
        SHA256Digest(backing.finalize()).bytes
    }

    /// True when nothing was fed since the hasher was made or last restarted.
    package var isAtStart: Bool { !fed }

    /// `update(_:)` for the byte containers of the hot path, called without the generic
    /// `ContiguousBytes` dispatch.
    package mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    package mutating func update(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Feeds a digest (a chained input's `prev`, a key's hash) without copying it to the heap.
    package mutating func update(_ digest: SHA256Digest) {
        digest.withUnsafeBytes { update($0) }
    }

    /// The digest of everything fed since the last one, and a fresh start: one hasher serves every
    /// digest of a verification (about ten).
    package mutating func finalizeAndRestart() -> SHA256Digest {
        let digest = SHA256Digest(backing.finalize())
        backing = Crypto.SHA256()
        fed = false
        return digest
    }
}

/// A SHA-256 digest held inline: the verifier's hot path takes about ten per proof, none on the heap.
///
/// A `Crypto.Digest` too, so that a signature over a digest the caller holds goes to swift-crypto
/// as it is (`P256.Signing.PublicKey.isValidSignature(_:for:)` takes any `Digest`), and so that two
/// digests compare with swift-crypto's constant-time `==`.
package struct SHA256Digest: Sendable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// 32 zero bytes (the chain's `prev_0`).
    package init() {}

    /// Swift-crypto's digest, copied inline.
    init(_ digest: Crypto.SHA256Digest) {
        Swift.withUnsafeMutableBytes(of: &words) { out in
            digest.withUnsafeBytes { out.copyMemory(from: $0) }
        }
    }

    /// The 32 bytes of `bytes`, which holds exactly that many.
    init(copying bytes: UnsafeRawBufferPointer) {
        precondition(bytes.count == SHA256.digestLength)
        Swift.withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: bytes) }
    }

    package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try Swift.withUnsafeBytes(of: words, body)
    }

    /// The 32 bytes as an array, for APIs that keep one.
    package var bytes: [UInt8] { withUnsafeBytes { Array($0) } }
}

extension SHA256Digest: Crypto.Digest {
    package static var byteCount: Int { SHA256.digestLength }

    package func hash(into hasher: inout Hasher) {
        withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
