import Dispatch
import Foundation
import Octet
import OctetIssuer

/// `octet-verify --format json --jobs 2` over many proof files, run as the built binary, against
/// the single-thread library rate of the same proofs × cores.
enum BatchBench {
    static func run(count: Int) {
        let tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("octet-verify")
        guard FileManager.default.isExecutableFile(atPath: tool.path) else {
            print("batch: skipped: no octet-verify beside octet-bench (run `swift build -c release` first)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("octet-batch-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let issuer = ProofIssuer()
        let draft = ProofDraft()
        var proofs: [Data] = []
        var paths: [String] = []
        for index in 0..<count {
            var copy = draft
            copy.proofId = ProofIssuer.randomBytes(16)
            let proof = issuer.issue(copy)
            let path = folder.appendingPathComponent("p\(index).proof").path
            _ = FileManager.default.createFile(atPath: path, contents: proof)
            proofs.append(proof)
            paths.append(path)
        }
        let at = Date(timeIntervalSince1970: Double(draft.createdAtMs) / 1000 + 1)
        let options = VerifyOptions(verificationTime: at)
        let library =
            Double(count)
            / Measure.time {
                for proof in proofs { _ = Octet.verify(proofBytes: proof, options: options) }
            }

        func runTool(jobs: Int) -> (seconds: Double, status: Int32) {
            let process = Process()
            process.executableURL = tool
            process.arguments =
                ["--format", "json", "--jobs", "\(jobs)", "--at", ISO8601DateFormatter().string(from: at)] + paths
            process.standardOutput = FileHandle.nullDevice
            let seconds = Measure.time {
                try? process.run()
                process.waitUntilExit()
            }
            return (seconds, process.terminationStatus)
        }
        let one = runTool(jobs: 1)
        let two = runTool(jobs: 2)
        // The library alone on two threads: the ceiling of what --jobs 2 can reach here.
        let half = proofs.count / 2
        let all = proofs
        let threaded = Double(half * 2) / Measure.time {
            DispatchQueue.concurrentPerform(iterations: 2) { part in
                for proof in all[(part * half)..<((part + 1) * half)] { _ = Octet.verify(proofBytes: proof, options: options) }
            }
        }
        print("library-two-threads-proofs-per-second: \(Measure.format(threaded))")
        let process = (terminationStatus: two.status, ())
        let seconds = two.seconds
        print("batch-jobs-1-proofs-per-second: \(Measure.format(Double(count) / one.seconds))")
        let cores = Double(ProcessInfo.processInfo.activeProcessorCount)
        let batch = Double(count) / seconds
        print("batch: \(count) proof files, octet-verify --format json --jobs 2, exit \(process.terminationStatus)")
        print("batch-proofs-per-second: \(Measure.format(batch))")
        print("library-single-thread-proofs-per-second: \(Measure.format(library))")
        print(
            "batch-efficiency: \(Measure.format(batch / (library * min(cores, 2)), 3)) (1.0 = the library rate × 2 jobs)"
        )
    }
}
