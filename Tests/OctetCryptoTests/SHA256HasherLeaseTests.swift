import Testing

@testable import OctetCrypto

/// Lent SHA-256 contexts carry nothing from one lease to the next.
@Suite("SHA-256 hasher lease")
struct SHA256HasherLeaseTests {
    /// A context given to a pool of its own after `body` ran on it, and whether the pool lends it again.
    static func lentAgain(after body: (inout SHA256Hasher) -> Void) -> Bool {
        let pool = SHA256ContextPool()
        let context = PooledSHA256Context()
        context.withHasher(body)
        pool.give(context)
        return pool.take() === context
    }

    @Test("a context left mid-digest is not lent again")
    func unfinishedDigestIsDropped() {
        #expect(!Self.lentAgain { $0.update([1, 2, 3] as [UInt8]) })
    }

    @Test("a context whose digests all finished is lent again")
    func finishedContextReturns() {
        #expect(
            Self.lentAgain { hasher in
                hasher.update([1, 2, 3] as [UInt8])
                _ = hasher.finalizeAndRestart()
            })
    }

    @Test("the pool keeps at most its capacity")
    func poolIsBounded() {
        let pool = SHA256ContextPool()
        let contexts = (0...SHA256ContextPool.capacity).map { _ in PooledSHA256Context() }
        for context in contexts { pool.give(context) }
        let taken = (0...SHA256ContextPool.capacity).map { _ in pool.take() }
        let kept = taken.filter { lent in contexts.contains { $0 === lent } }
        #expect(kept.count == SHA256ContextPool.capacity)
    }

    @Test("a context lent again digests as a fresh one")
    func reusedContextDigestsLikeFresh() {
        let message: [UInt8] = Array("octet/v1/claim\0 pool".utf8)
        let expected = SHA256.hash(message)
        for _ in 0..<3 {
            let lease = SHA256HasherLease()
            let digest = lease.withHasher { hasher in
                hasher.update(message)
                return hasher.finalizeAndRestart()
            }
            #expect(digest.bytes == expected)
        }
    }
}
