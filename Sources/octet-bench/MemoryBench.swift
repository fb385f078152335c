import Foundation
import Octet
import OctetIssuer

/// `octet-bench memory [--verifications N]`: resident memory while `Octet.verify` runs N times
/// (default 10^6) on one proof: flat means nothing accumulates per verification.
enum MemoryBench {
    static func run(verifications: Int) {
        let issuer = ProofIssuer()
        var draft = ProofDraft()
        draft.assurance = .init(verdict: .verified, detector: "disc/2.4")
        let proof = issuer.issue(draft)
        let options = VerifyOptions(verificationTime: Date(timeIntervalSince1970: Double(draft.createdAtMs) / 1000 + 1))
        var checkpoints: [Int] = []
        var step = 1_000
        while step < verifications {
            checkpoints.append(step)
            step *= 10
        }
        checkpoints.append(verifications)
        var done = 0
        var valid = 0
        print("memory: \(verifications) verifications of one 3-stage software proof")
        for checkpoint in checkpoints {
            while done < checkpoint {
                if Octet.verify(proofBytes: proof, options: options).verdict == .valid { valid += 1 }
                done += 1
            }
            print("  rss-mib-after-\(done): \(Measure.format(Measure.statusMiB("VmRSS"), 1))")
        }
        print("  peak-rss-mib: \(Measure.format(Measure.statusMiB("VmHWM"), 1))  (valid: \(valid) of \(done))")
    }
}
