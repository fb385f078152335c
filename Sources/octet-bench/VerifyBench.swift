import Foundation
import Octet
import OctetCrypto
import OctetIssuer

/// `Octet.verify` on a typical proof (CAPTURE, FIX, VERDICT; software device key) against the raw
/// swift-crypto verify rate measured in the same run.
enum VerifyBench {
    static func profile(iterations: Int) {
        let issuer = ProofIssuer()
        var draft = ProofDraft()
        draft.assurance = .init(verdict: .verified, detector: "disc/2.4")
        let proof = issuer.issue(draft)
        let options = VerifyOptions(verificationTime: Date(timeIntervalSince1970: Double(draft.createdAtMs) / 1000 + 1))
        for _ in 0..<iterations { _ = Octet.verify(proofBytes: proof, options: options) }
    }

    static func run(iterations: Int) {
        let issuer = ProofIssuer()
        var draft = ProofDraft()
        draft.assurance = .init(verdict: .verified, detector: "disc/2.4")
        draft.sessionNonce = Array(repeating: 7, count: 16)
        let proof = issuer.issue(draft)
        let options = VerifyOptions(verificationTime: Date(timeIntervalSince1970: Double(draft.createdAtMs) / 1000 + 1))
        guard Octet.verify(proofBytes: proof, options: options).verdict == .valid else {
            fatalError("benchmark proof does not verify")
        }
        let signaturesPerProof = 4  // three stages and the device signature

        // The baseline: swift-crypto's verify over a stage-sized message, with the key and signature parsed once.
        let key = P256PrivateKey()
        let message = [UInt8](repeating: 0x5A, count: 200)
        let signature = key.signature(for: message)
        let raw = RawCrypto.publicKey(key.publicKey.x963Representation)
        let parsed = RawCrypto.signature(signature)

        // Warm up both, then alternate so that both see the same machine state.
        _ = Measure.rate(iterations: 200) { _ = RawCrypto.verify(key: raw, signature: parsed, message: message) }
        _ = Measure.rate(iterations: 50) { _ = Octet.verify(proofBytes: proof, options: options) }
        var proofRates: [Double] = []
        var rawRates: [Double] = []
        for _ in 0..<3 {
            rawRates.append(
                Measure.rate(iterations: iterations * signaturesPerProof) {
                    _ = RawCrypto.verify(key: raw, signature: parsed, message: message)
                })
            proofRates.append(
                Measure.rate(iterations: iterations) { _ = Octet.verify(proofBytes: proof, options: options) })
        }
        let proofsPerSecond = proofRates.sorted()[1]
        let rawPerSecond = rawRates.sorted()[1]
        print(
            "proof: \(proof.count) bytes, \(signaturesPerProof) signatures (CAPTURE, FIX, VERDICT, software device key)"
        )
        print("proofs-per-second: \(Measure.format(proofsPerSecond))")
        print("raw-swift-crypto-p256-verifies-per-second: \(Measure.format(rawPerSecond))")
        let point = key.publicKey.x963Representation
        let imports = Measure.rate(iterations: iterations * 4) { _ = try? P256PublicKey(x963Representation: point) }
        print("p256-key-imports-per-second: \(Measure.format(imports))")
        let ours = Measure.rate(iterations: iterations * 4) {
            _ = key.publicKey.isValidSignature(signature, for: message)
        }
        print("octet-p256-verifies-per-second: \(Measure.format(ours))")
        print("verify-ratio: \(Measure.format(proofsPerSecond * Double(signaturesPerProof) / rawPerSecond, 3))")

        // Memory: resident size after 1,000 and after 10,000 more verifications.
        for _ in 0..<1_000 { _ = Octet.verify(proofBytes: proof, options: options) }
        let after1k = Measure.statusMiB("VmRSS")
        for _ in 0..<10_000 { _ = Octet.verify(proofBytes: proof, options: options) }
        let after11k = Measure.statusMiB("VmRSS")
        print("rss-mib-after-1000: \(Measure.format(after1k, 1))")
        print("rss-mib-after-11000: \(Measure.format(after11k, 1))")
        print("peak-rss-mib: \(Measure.format(Measure.statusMiB("VmHWM"), 1))")
    }

    /// `verify --proof FILE --at T [--threads N]`: Octet.verify of the caller's proof (the one
    /// scripts/kotlin-bench verifies in Kotlin), warmed, then five rounds of at least one second of
    /// this thread's CPU time each (CPU time, not wall time: the machine may be shared); the median
    /// rate is printed. With N threads, each verifies at once in this process and its own rate is
    /// printed: set beside N processes run at once, it shows what threads of one process cost each
    /// other (shared state), apart from what busy cores cost each other.
    static func runFile(path: String, at: String, threads: Int) {
        guard let proof = FileManager.default.contents(atPath: path), let date = ISO8601DateFormatter().date(from: at)
        else {
            print("verify: --proof must be a readable file and --at an RFC 3339 time (2026-11-29T12:00:30Z)")
            return
        }
        let options = VerifyOptions(verificationTime: date)
        let verdict = Octet.verify(proofBytes: proof, options: options).verdict
        let rates = ThreadRates()
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<500 { _ = Octet.verify(proofBytes: proof, options: options) }
            var own: [Double] = []
            for _ in 0..<5 {
                let start = threadCPUSeconds()
                var count = 0
                repeat {
                    for _ in 0..<100 { _ = Octet.verify(proofBytes: proof, options: options) }
                    count += 100
                } while threadCPUSeconds() - start < 1
                own.append(Double(count) / (threadCPUSeconds() - start))
            }
            rates.add(own)
        }
        print("file-proof: \(proof.count) bytes, verdict \(verdict) at \(at)")
        for (thread, own) in rates.all.enumerated() {
            let label = threads == 1 ? "" : " (thread \(thread + 1) of \(threads), all verifying at once)"
            print(
                "file-proofs-per-cpu-second: \(Measure.format(Measure.median(own)))  (rounds: \(own.map { Measure.format($0) }.joined(separator: " ")))\(label)"
            )
        }
    }

    /// This thread's CPU time in seconds (CLOCK_THREAD_CPUTIME_ID).
    static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}

/// Each thread's rounds, added once it is done.
private final class ThreadRates: @unchecked Sendable {
    private let lock = NSLock()
    private var rates: [[Double]] = []

    func add(_ own: [Double]) { lock.withLock { rates.append(own) } }

    var all: [[Double]] { lock.withLock { rates } }
}
