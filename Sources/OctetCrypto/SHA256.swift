import Foundation

// The public SHA-256 API; the backend is `SHA256Backend` and `SHA256HasherBackend`
// (today SHA256_openssl.swift).

/// SHA-256, one-shot and streaming.
public enum SHA256 {
    public static let digestLength = 32

    /// The digest of `bytes`, in one call.
    public static func hash<B: ContiguousBytes>(_ bytes: B) -> [UInt8] {
        bytes.withUnsafeBytes { SHA256Backend.hash($0) }
    }

    /// `hash(_:)` held inline, without a heap allocation.
    package static func digest(_ bytes: UnsafeRawBufferPointer) -> SHA256Digest {
        SHA256Backend.hashInline(bytes)
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
    private var backing = SHA256HasherBackend()

    public init() {}

    public mutating func update<B: ContiguousBytes>(_ bytes: B) {
        bytes.withUnsafeBytes { backing.update($0) }
    }

    public mutating func update(_ buffer: UnsafeRawBufferPointer) {
        backing.update(buffer)
    }

    public consuming func finalize() -> [UInt8] {
        backing.finalize()
    }

    /// True when nothing was fed since the hasher was made or last restarted: a context lent
    /// again (`SHA256HasherLease`) goes back to its pool only then.
    package var isAtStart: Bool { backing.isAtStart }

    /// `update(_:)` for the byte containers of the hot path, called without the generic
    /// `ContiguousBytes` dispatch.
    package mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { backing.update($0) }
    }

    package mutating func update(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { backing.update($0) }
    }

    /// Feeds a digest (a chained input's `prev`, a key's hash) without copying it to the heap.
    package mutating func update(_ digest: SHA256Digest) {
        digest.withUnsafeBytes { backing.update($0) }
    }

    /// The digest of everything fed since the last one, and a fresh start on the same context: one
    /// context serves every digest of a verification (about ten).
    package mutating func finalizeAndRestart() -> SHA256Digest {
        var digest = SHA256Digest()
        digest.withUnsafeMutableBytes { backing.finalizeAndRestart(into: $0) }
        return digest
    }
}

/// A streaming SHA-256 lent from the backend's pool of contexts, for a caller that takes many
/// digests in turn (a verification takes about ten) and would otherwise make and free a context
/// each time. Noncopyable: it has one owner, and when the owner ends it the context goes back to
/// the pool, but only if every digest taken on it finished (`isAtStart`: no bytes of one
/// owner's digest can reach the next owner's); one left mid-digest is freed.
package struct SHA256HasherLease: ~Copyable {
    private let pooled: PooledSHA256Context
    /// Where `pooled` came from and goes back to, whichever thread ends the lease.
    private let pool: SHA256ContextPool

    /// A context from this thread's pool, or a new one when the pool is empty.
    package init() {
        pool = SHA256ContextPool.forThisThread
        pooled = pool.take()
    }

    deinit { pool.give(pooled) }

    /// Runs `digest` on the lent hasher; each digest it starts it finishes with
    /// `finalizeAndRestart`, or the context is not lent again.
    package borrowing func withHasher<R>(_ digest: (inout SHA256Hasher) -> R) -> R {
        pooled.withHasher(digest)
    }
}

/// A SHA-256 digest held inline: the verifier's hot path takes about ten per proof, none on the heap.
package struct SHA256Digest: Sendable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// 32 zero bytes (the chain's `prev_0`).
    package init() {}

    package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try Swift.withUnsafeBytes(of: words, body)
    }

    mutating func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        try Swift.withUnsafeMutableBytes(of: &words, body)
    }

    /// The 32 bytes as an array, for APIs that keep one.
    package var bytes: [UInt8] { withUnsafeBytes { Array($0) } }
}
