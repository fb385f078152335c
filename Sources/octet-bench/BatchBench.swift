import Dispatch
import Foundation
import Octet
import OctetCLI
import OctetIssuer

/// `octet-verify --format json --jobs 2` over many proof files, run as built binaries (the one
/// beside octet-bench and, when `scripts/package` made it, the installed static `dist/octet-verify`),
/// against the single-thread library rate of the same proofs × cores.
enum BatchBench {
    /// A binary measured, by the name the figures carry.
    struct Tool {
        let name: String
        let url: URL
    }

    /// What one round measured: rates in proofs per second, CPU in microseconds per proof.
    struct Round {
        var library = 0.0, libraryCPU = 0.0, libraryTwo = 0.0
        var two: [Double] = [], twoCPU: [Double] = [], one = 0.0
        /// Microseconds to read one proof file as the tool does (open, fstat, read, close), one thread.
        var read = 0.0
    }

    static func tools() -> [Tool] {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("octet-verify")
        let packaged = URL(fileURLWithPath: "dist/octet-verify")
        return [Tool(name: "octet-verify", url: beside), Tool(name: "dist-octet-verify", url: packaged)]
            .filter { FileManager.default.isExecutableFile(atPath: $0.url.path) }
    }

    static func run(count: Int) {
        let tools = tools()
        guard tools.first?.name == "octet-verify" else {
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

        /// The rate over `proofs`, and the CPU microseconds per proof of this process (one thread works).
        func library(_ proofs: ArraySlice<Data>) -> (rate: Double, cpu: Double) {
            let cpuBefore = Measure.ownCPUSeconds()
            let seconds = Measure.time { for proof in proofs { _ = Octet.verify(proofBytes: proof, options: options) } }
            let cpu = Measure.ownCPUSeconds() - cpuBefore
            return (Double(proofs.count) / seconds, cpu * 1e6 / Double(proofs.count))
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
        // What the tool does per proof that the library does not, and that no instruction count
        // sees: the system calls that read a file, through the tool's own reader.
        func readFiles() -> Double {
            var bytes = 0
            let seconds = Measure.time {
                for path in paths {
                    if case .success(let data) = BatchRunner.readFile(InputPath(path)) { bytes &+= data.count }
                }
            }
            precondition(bytes > 0, "the batch's proof files could not be read")
            return seconds * 1e6 / Double(paths.count)
        }
        var failures: [String] = []
        /// The rate, and the CPU microseconds per proof the tool was charged (every thread, the kernel's part too).
        func runTool(_ tool: Tool, jobs: Int, _ files: ArraySlice<String>) -> (rate: Double, cpu: Double) {
            let cpuBefore = Measure.childrenCPUSeconds()
            let (seconds, status) = Measure.runProcess(
                tool.url,
                ["--format", "json", "--jobs", "\(jobs)", "--at", ISO8601DateFormatter().string(from: at)] + files)
            if status != 0 { failures.append("\(tool.name) --jobs \(jobs) exit \(status)") }
            let cpu = Measure.childrenCPUSeconds() - cpuBefore
            return (Double(files.count) / seconds, cpu * 1e6 / Double(files.count))
        }

        // A wall-time ratio on a shared machine: the cores' speed drifts by a tenth or more within
        // seconds (`--jobs 1` over the same 10,100 files took 2.19 to 2.79 s back to back,
        // 2026-12-02, with no steal time: the host's other guests slow the cores themselves). So
        // each round brackets its tool runs between two library runs of half the proofs each (a
        // drift during the round moves both sides alike) and gives its own ratio; the median of
        // `rounds` rounds is the figure, printed with its quartiles and every round's ratio.
        let rounds = 15
        var rows: [Round] = []
        for _ in 0..<rounds {
            var round = Round()
            round.two = Array(repeating: 0, count: tools.count)
            round.twoCPU = round.two
            let before = library(all[..<half])
            for tool in tools.indices {
                (round.two[tool], round.twoCPU[tool]) = runTool(tools[tool], jobs: 2, paths[...])
            }
            let after = library(all[half...])
            // Proofs over seconds for both halves together: a rate's mean that weights each run by its time.
            round.library = 2 / (1 / before.rate + 1 / after.rate)
            round.libraryCPU = (before.cpu + after.cpu) / 2
            round.libraryTwo = libraryTwoThreads()
            round.one = runTool(tools[0], jobs: 1, paths[..<half]).rate
            round.read = readFiles()
            rows.append(round)
        }
        let cores = min(Double(ProcessInfo.processInfo.activeProcessorCount), 2)
        let efficiencies = rows.map { $0.two[0] / ($0.library * cores) }
        let efficiency = Measure.median(efficiencies)
        let middle = rows[efficiencies.firstIndex(of: efficiency)!]
        print("batch: \(count) proof files, --format json --jobs 2, \(rounds) rounds, median round:")
        print("library-single-thread-proofs-per-second: \(Measure.format(middle.library))")
        print("library-two-threads-proofs-per-second: \(Measure.format(middle.libraryTwo))")
        print("batch-jobs-1-proofs-per-second: \(Measure.format(middle.one))")
        print("batch-proofs-per-second: \(Measure.format(middle.two[0]))")
        print(
            "batch-efficiency: \(Measure.format(efficiency, 3)) (1.0 = the library rate × 2 jobs; "
                + "\(Measure.spread(efficiencies)))")
        let jobsOneShares = rows.map { $0.one / $0.library }
        print(
            "batch-jobs-1-share: \(Measure.format(Measure.median(jobsOneShares), 3)) (--jobs 1 ÷ the library; \(Measure.spread(jobsOneShares)))"
        )
        let twoThreadShares = rows.map { $0.libraryTwo / ($0.library * cores) }
        print(
            "library-two-threads-share: \(Measure.format(Measure.median(twoThreadShares), 3)) (\(Measure.spread(twoThreadShares)))"
        )
        let readShares = rows.map { $0.read * $0.library / 1e6 }
        print(
            "file-read-us-per-proof: \(Measure.format(Measure.median(rows.map(\.read)), 2)) (open, fstat, read, close "
                + "through the tool's reader; ÷ the library's time per proof: \(Measure.format(Measure.median(readShares), 3)))"
        )
        for (index, tool) in tools.enumerated() {
            // CPU per proof, not time: how much more work the tool does than the library, apart
            // from how busy it kept the cores.
            let cpuShares = rows.map { $0.libraryCPU / $0.twoCPU[index] }
            let middleCPU = rows[cpuShares.firstIndex(of: Measure.median(cpuShares))!]
            print(
                "\(tool.name)-cpu-us-per-proof: \(Measure.format(middleCPU.twoCPU[index], 1)) (library "
                    + "\(Measure.format(middleCPU.libraryCPU, 1)); library ÷ tool, median of \(Measure.listed(cpuShares)))"
            )
            guard index > 0 else { continue }
            let packaged = rows.map { $0.two[index] / ($0.library * cores) }
            print(
                "\(tool.name)-batch-efficiency: \(Measure.format(Measure.median(packaged), 3)) (\(Measure.spread(packaged)))"
            )
        }
        if !failures.isEmpty { print("batch: octet-verify failed: \(failures.joined(separator: ", "))") }
    }
}
