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
        let all = proofs
        let half = proofs.count / 2

        func library() -> Double {
            Double(count) / Measure.time { for proof in all { _ = Octet.verify(proofBytes: proof, options: options) } }
        }
        // The library alone on two threads: the ceiling of what --jobs 2 can reach here.
        func libraryTwoThreads() -> Double {
            Double(half * 2)
                / Measure.time {
                    DispatchQueue.concurrentPerform(iterations: 2) { part in
                        for proof in all[(part * half)..<((part + 1) * half)] {
                            _ = Octet.verify(proofBytes: proof, options: options)
                        }
                    }
                }
        }
        var failures: [String] = []
        func runTool(jobs: Int) -> Double {
            let process = Process()
            process.executableURL = tool
            process.arguments =
                ["--format", "json", "--jobs", "\(jobs)", "--at", ISO8601DateFormatter().string(from: at)] + paths
            process.standardOutput = FileHandle.nullDevice
            let seconds = Measure.time {
                try? process.run()
                process.waitUntilExit()
            }
            if process.terminationStatus != 0 { failures.append("--jobs \(jobs) exit \(process.terminationStatus)") }
            return Double(count) / seconds
        }

        // A wall-time ratio on a shared machine: one library run against one tool run moved by
        // 0.75-0.96 from one invocation to the next (2026-12-01), as other work came and went.
        // So the runs are made side by side in each of `rounds` rounds, each round gives its own
        // ratio, and the median round is the figure (every round's ratio is printed).
        let rounds = 5
        var rows: [(library: Double, libraryTwo: Double, one: Double, two: Double)] = []
        for round in 0..<rounds {
            // Every other round the tool goes first, so that a drift in the machine's speed
            // favours neither side.
            let single: Double
            let two: Double
            if round.isMultiple(of: 2) {
                single = library()
                two = runTool(jobs: 2)
            } else {
                two = runTool(jobs: 2)
                single = library()
            }
            rows.append((single, libraryTwoThreads(), runTool(jobs: 1), two))
        }
        let cores = min(Double(ProcessInfo.processInfo.activeProcessorCount), 2)
        let efficiencies = rows.map { $0.two / ($0.library * cores) }
        let jobsOneShares = rows.map { $0.one / $0.library }
        let efficiency = Measure.median(efficiencies)
        let middle = rows[efficiencies.firstIndex(of: efficiency)!]
        print("batch: \(count) proof files, octet-verify --format json --jobs 2, \(rounds) rounds, median round:")
        print("library-single-thread-proofs-per-second: \(Measure.format(middle.library))")
        print("library-two-threads-proofs-per-second: \(Measure.format(middle.libraryTwo))")
        print("batch-jobs-1-proofs-per-second: \(Measure.format(middle.one))")
        print("batch-proofs-per-second: \(Measure.format(middle.two))")
        print(
            "batch-efficiency: \(Measure.format(efficiency, 3)) (1.0 = the library rate × 2 jobs; median of "
                + "\(efficiencies.map { Measure.format($0, 3) }.joined(separator: " ")))")
        print(
            "batch-jobs-1-share: \(Measure.format(Measure.median(jobsOneShares), 3)) (--jobs 1 ÷ the library; median of "
                + "\(jobsOneShares.map { Measure.format($0, 3) }.joined(separator: " ")))")
        if !failures.isEmpty { print("batch: octet-verify failed: \(failures.joined(separator: ", "))") }
    }
}
