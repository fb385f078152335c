import OctetCrypto
import OctetThreads

/// SHA-256 contexts kept between verifications: making and freeing OpenSSL's context cost more
/// than a proof's digests spend in it outside the hashing itself. A context goes back only clean
/// (`inUse` false: every digest taken on it was finished and the context restarted), at most
/// `capacity` are kept (memory stays flat), and each is used by one verification at a time.
final class PooledHasher: @unchecked Sendable {
    /// Read and written only by the verification that took this hasher from the pool.
    var hasher = SHA256Hasher()
    /// True between the first update of a digest and its `finalizeAndRestart`.
    var inUse = false

    /// Runs `digest` on the hasher; the context is marked dirty until `digest` returns, so a
    /// digest left unfinished (it never is) would keep the hasher out of the pool.
    func withHasher<R>(_ digest: (inout SHA256Hasher) -> R) -> R {
        inUse = true
        let result = digest(&hasher)
        inUse = false
        return result
    }
}

/// `@unchecked Sendable`: `free` is read and written under `lock` only. A pthread mutex
/// (`OctetThreads.Lock`, as `P256KeyPool` uses), not `Synchronization.Mutex`, whose futex
/// ThreadSanitizer cannot see: it reported the pool's guarded accesses as races.
final class HasherPool: @unchecked Sendable {
    static let capacity = 64
    private static let shared = HasherPool()

    /// Unchecked for exclusivity at run time: `lock` already makes every access exclusive.
    @exclusivity(unchecked) private var free: [PooledHasher] = []
    private let lock = Lock()

    static func take() -> PooledHasher {
        let pool = shared
        pool.lock.lock()
        let pooled = pool.free.popLast()
        pool.lock.unlock()
        return pooled ?? PooledHasher()
    }

    static func give(_ pooled: PooledHasher) {
        guard !pooled.inUse else { return }
        let pool = shared
        pool.lock.lock()
        if pool.free.count < capacity { pool.free.append(pooled) }
        pool.lock.unlock()
    }
}
