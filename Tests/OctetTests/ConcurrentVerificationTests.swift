import Dispatch
import Foundation
import OctetCrypto
import Synchronization
import Testing

@testable import Octet

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
