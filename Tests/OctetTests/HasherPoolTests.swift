import Dispatch
import Foundation
import OctetCrypto
import Synchronization
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

/// Verifications running at once share the pools (SHA-256 contexts, P-256 keys) and never each
/// other's state: each gives what it gives alone. Run under ThreadSanitizer by `.ci/sanitize thread`.
@Suite("Concurrent verifications")
struct ConcurrentVerificationTests {
    @Test("proofs verified on four threads at once give the results they give one at a time")
    func concurrentResultsMatchSerial() {
        var built: [Foundation.Data] = []
        for index in 0..<8 {
            var draft = Fixture.draft()
            draft.proofId = Array(repeating: UInt8(index), count: 16)
            if index % 2 == 1 { draft.sessionNonce = Array(repeating: 7, count: 16) }
            // Every third proof is broken, so FAIL paths run beside PASS ones.
            built.append(Fixture.issuer.issue(draft, mutations: index % 3 == 2 ? [.corruptStageSignature(0)] : []))
        }
        let proofs = built
        let options = Fixture.options()
        let serial = proofs.map { Octet.verify(proofBytes: $0, options: options) }
        let results = Mutex<[Int: ProofVerification]>([:])
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for round in 0..<25 {
                let index = (thread + round) % proofs.count
                let result = Octet.verify(proofBytes: proofs[index], options: options)
                results.withLock { all in
                    if let earlier = all[index] { precondition(earlier == result) } else { all[index] = result }
                }
            }
        }
        let concurrent = results.withLock { $0 }
        #expect(concurrent.count == proofs.count)
        for (index, result) in concurrent { #expect(result == serial[index], "proof \(index)") }
        #expect(serial.contains { $0.verdict == .valid } && serial.contains { $0.verdict == .invalid })
    }
}
