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
///
/// Pieces shorter than `PendingBytes.capacity` are gathered and handed to swift-crypto together:
/// each call into its hasher costs a uniqueness and an exclusivity check on its context (~250
/// instructions), more than copying a few dozen bytes, and a proof's digests are made of small
/// pieces (a domain tag, a u32, a digest). The digest is the same: SHA-256 is of the bytes in order,
/// however they are split.
public struct SHA256Hasher: ~Copyable {
    /// swift-crypto's context (a heap object), made when bytes first go to it.
    private var backing: Crypto.SHA256?
    // Inlinable, with `update(_:)` below: the verifier feeds ~40 small pieces a proof from another
    // module, and a call through each layer cost about as much as the copy.
    @usableFromInline var pending = PendingBytes()
    /// Nothing fed since init or the last restart.
    @usableFromInline var fed = false

    public init() {}

    public mutating func update<B: ContiguousBytes>(_ bytes: B) {
        bytes.withUnsafeBytes { update($0) }
    }

    @inlinable
    public mutating func update(_ buffer: UnsafeRawBufferPointer) {
        guard !buffer.isEmpty else { return }
        fed = true
        if !pending.append(buffer) { updateOverflowing(buffer) }
    }

    /// `update(_:)` when `buffer` does not fit beside the pending bytes.
    @usableFromInline
    mutating func updateOverflowing(_ buffer: UnsafeRawBufferPointer) {
        flushPending()
        if !pending.append(buffer) { feedBacking(buffer) }
    }

    public consuming func finalize() -> [UInt8] {
        finalizeAndRestart().bytes
    }

    /// True when nothing was fed since the hasher was made or last restarted.
    package var isAtStart: Bool { !fed }

    /// `update(_:)` for the byte containers of the hot path, called without the generic
    /// `ContiguousBytes` dispatch.
    @inlinable
    package mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    @inlinable
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
        // Taken out first, so that the context is not shared when the pending bytes go in (a shared
        // one would be copied).
        var hasher = backing ?? Crypto.SHA256()
        backing = nil
        pending.move(into: &hasher)
        fed = false
        return SHA256Digest(hasher.finalize())
    }

    private mutating func flushPending() {
        var hasher = backing ?? Crypto.SHA256()
        backing = nil
        pending.move(into: &hasher)
        backing = hasher
    }

    private mutating func feedBacking(_ buffer: UnsafeRawBufferPointer) {
        if backing == nil { backing = Crypto.SHA256() }
        backing?.update(bufferPointer: buffer)
    }
}

/// Up to `capacity` bytes held inline, for `SHA256Hasher`.
@usableFromInline
struct PendingBytes {
    /// A stage input's fixed parts (103 bytes with a 16-byte proof id) and a short body.
    @inlinable static var capacity: Int { 256 }
    /// Words, not `SIMD64<UInt8>`: a 16-byte alignment would make every object holding a hasher
    /// (a verification's context) an aligned allocation, ~0.7 k instructions more.
    @usableFromInline var storage: (Eight, Eight, Eight, Eight) = (
        (0, 0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0)
    )
    @usableFromInline typealias Eight = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    @usableFromInline var count = 0

    @usableFromInline init() {}

    /// Appends `buffer` when it fits, and says whether it did.
    @inlinable
    mutating func append(_ buffer: UnsafeRawBufferPointer) -> Bool {
        let start = count
        guard buffer.count <= Self.capacity - start else { return false }
        Swift.withUnsafeMutableBytes(of: &storage) { out in
            UnsafeMutableRawBufferPointer(rebasing: out[start..<(start + buffer.count)]).copyMemory(from: buffer)
        }
        count = start + buffer.count
        return true
    }

    /// Feeds the bytes held to `hasher`, and empties.
    mutating func move(into hasher: inout Crypto.SHA256) {
        let count = self.count
        guard count > 0 else { return }
        Swift.withUnsafeBytes(of: &storage) {
            hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[..<count]))
        }
        erase()
    }

    /// Zeroes the bytes held and empties, as swift-crypto zeroes its contexts: a content digest's
    /// input starts with its salt. (A hasher dropped before its digest leaves them: a struct's
    /// `deinit` cannot write to it.)
    mutating func erase() {
        let count = self.count
        Swift.withUnsafeMutableBytes(of: &storage) {
            _ = UnsafeMutableRawBufferPointer(rebasing: $0[..<count]).initializeMemory(as: UInt8.self, repeating: 0)
        }
        self.count = 0
    }
}

/// A SHA-256 digest held inline: the verifier's hot path takes about ten per proof, none on the heap.
///
/// A `Crypto.Digest` too, so that a signature over a digest the caller holds goes to swift-crypto
/// as it is (`P256.Signing.PublicKey.isValidSignature(_:for:)` takes any `Digest`), and so that two
/// digests compare with swift-crypto's constant-time `==`.
package struct SHA256Digest: Sendable {
    @usableFromInline var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

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

    @inlinable
    package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try Swift.withUnsafeBytes(of: words, body)
    }

    /// The 32 bytes as an array, for APIs that keep one.
    package var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

    /// True when `bytes` are these 32 bytes, compared plainly: for a digest whose input and
    /// expected value are both public (a proof's binding hash against the hash of a claim in the
    /// same proof), where the time taken tells a caller nothing they do not hold, and
    /// `ConstantTime.equal` (~0.7 k instructions through swift-crypto's generic `==`) guards nothing.
    package func equals(publicBytes bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count == SHA256.digestLength else { return false }
        let other = bytes.withUnsafeBytes { SHA256Digest(copying: $0) }
        return words.0 == other.words.0 && words.1 == other.words.1 && words.2 == other.words.2
            && words.3 == other.words.3
    }
}

extension SHA256Digest: Crypto.Digest {
    package static var byteCount: Int { SHA256.digestLength }

    package func hash(into hasher: inout Hasher) {
        withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
