import OctetCrypto
import Testing

@testable import Octet

/// Pooled SHA-256 contexts carry nothing from one verification to the next.
@Suite("Hasher pool")
struct HasherPoolTests {
    @Test("a hasher whose digest did not finish is not taken back")
    func unfinishedHasherIsDropped() {
        let pooled = HasherPool.take()
        pooled.inUse = true
        HasherPool.give(pooled)
        // Any hasher the pool hands out now is another one.
        var taken: [PooledHasher] = []
        for _ in 0..<HasherPool.capacity + 1 { taken.append(HasherPool.take()) }
        #expect(!taken.contains { $0 === pooled })
        for hasher in taken { HasherPool.give(hasher) }
    }

    @Test("a hasher given back and taken again digests as a fresh one")
    func reusedHasherDigestsLikeFresh() {
        let message: [UInt8] = Array("octet/v1/claim\0 pool".utf8)
        let expected = SHA256.hash(message)
        for _ in 0..<3 {
            let pooled = HasherPool.take()
            let digest = pooled.withHasher { hasher in
                hasher.update(message)
                return hasher.finalizeAndRestart()
            }
            #expect(digest.bytes == expected)
            HasherPool.give(pooled)
        }
    }
}
