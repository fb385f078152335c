internal import COpenSSL
import OctetThreads

// The OpenSSL backend of SHA256.swift (an Apple backend: CryptoKit's SHA256).

/// One-shot SHA-256 over OpenSSL's EVP interface.
enum SHA256Backend {
    static func hash(_ input: UnsafeRawBufferPointer) -> [UInt8] {
        hashInline(input).bytes
    }

    /// The digest without a heap allocation.
    static func hashInline(_ input: UnsafeRawBufferPointer) -> SHA256Digest {
        var digest = SHA256Digest()
        digest.withUnsafeMutableBytes { output in
            var length: UInt32 = 0
            let ok = EVP_Digest(
                input.baseAddress, input.count, output.baseAddress?.assumingMemoryBound(to: UInt8.self), &length,
                FetchedDigest.sha256.md, nil)
            precondition(ok == 1 && length == 32, "EVP_Digest(SHA-256) cannot fail on valid arguments")
        }
        return digest
    }
}

/// A streaming SHA-256 context, owned: freed in `deinit`.
struct SHA256HasherBackend: ~Copyable {
    private let context: OpaquePointer
    private var finished = false
    /// Nothing fed since init or the last restart.
    private(set) var isAtStart = true

    init() {
        guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, FetchedDigest.sha256.md, nil) == 1 else {
            // Allocation failure: nothing sensible can continue.
            fatalError("OpenSSL could not allocate a SHA-256 context")
        }
        self.context = context
    }

    deinit { EVP_MD_CTX_free(context) }

    mutating func update(_ buffer: UnsafeRawBufferPointer) {
        precondition(!finished, "SHA256Hasher used after finalize()")
        guard buffer.count > 0 else { return }
        isAtStart = false
        let ok = EVP_DigestUpdate(context, buffer.baseAddress, buffer.count)
        precondition(ok == 1, "EVP_DigestUpdate cannot fail on an initialised context")
    }

    consuming func finalize() -> [UInt8] {
        var digest = SHA256Digest()
        digest.withUnsafeMutableBytes { finish(into: $0) }
        finished = true
        return digest.bytes
    }

    /// Writes the digest to `out` (32 bytes) and initialises the context again for the next one.
    mutating func finalizeAndRestart(into out: UnsafeMutableRawBufferPointer) {
        finish(into: out)
        let again = EVP_DigestInit_ex(context, FetchedDigest.sha256.md, nil)
        precondition(again == 1, "EVP_DigestInit_ex cannot fail on a context it initialised before")
        isAtStart = true
    }

    private func finish(into out: UnsafeMutableRawBufferPointer) {
        precondition(!finished && out.count == SHA256.digestLength, "SHA256Hasher used after finalize()")
        var length: UInt32 = 0
        let ok = EVP_DigestFinal_ex(context, out.baseAddress?.assumingMemoryBound(to: UInt8.self), &length)
        precondition(ok == 1 && length == 32, "EVP_DigestFinal_ex cannot fail on an initialised context")
    }
}

/// A SHA-256 context kept by `SHA256ContextPool`, used by one `SHA256HasherLease` at a time.
///
/// `@unchecked Sendable`: `hasher` is read and written only by the lease that holds this
/// context, and the pool hands it to one lease at a time.
final class PooledSHA256Context: @unchecked Sendable {
    var hasher = SHA256Hasher()

    func withHasher<R>(_ digest: (inout SHA256Hasher) -> R) -> R { digest(&hasher) }
}

/// SHA-256 contexts kept between leases, one pool a lane, at most `capacity` each (memory stays
/// flat): making and freeing an OpenSSL digest context for each verification costs more than its
/// digests spend in it outside the hashing.
///
/// `@unchecked Sendable`: `free` is read and written under `lock` only. A pthread mutex
/// (`OctetThreads.Lock`, as `P256KeyPool` uses), not `Synchronization.Mutex`, whose futex
/// ThreadSanitizer cannot see.
final class SHA256ContextPool: @unchecked Sendable {
    static let capacity = 64

    /// The pool of this thread's lane (`OpenSSLLane`): threads on different lanes take and give
    /// without writing a lock in common.
    static var forThisThread: SHA256ContextPool { OpenSSLLane.current.sha256Contexts }

    /// Unchecked for exclusivity at run time: `lock` already makes every access exclusive.
    @exclusivity(unchecked) private var free: [PooledSHA256Context] = []
    private let lock = Lock()

    func take() -> PooledSHA256Context {
        lock.lock()
        let pooled = free.popLast()
        lock.unlock()
        return pooled ?? PooledSHA256Context()
    }

    /// Keeps `pooled` for the next lease unless it is mid-digest or the pool is full.
    func give(_ pooled: PooledSHA256Context) {
        guard pooled.hasher.isAtStart else { return }
        lock.lock()
        if free.count < Self.capacity { free.append(pooled) }
        lock.unlock()
    }
}
