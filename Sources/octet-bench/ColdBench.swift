import Foundation

/// `octet-bench cold`: what one fresh `octet-verify` process costs, for the dynamically linked
/// release build and for the packaged static binary: valgrind's callgrind instruction count (the
/// whole process, start-up and exit included; the same on any machine of this architecture) and
/// the median wall time of 21 runs (this machine, this load). Commands: README's example proof,
/// and `--version`.
enum ColdBench {
    static let exampleArguments = [
        "--at", "2026-11-29T12:00:30Z", "--region", "circle:48.8584,2.2945,250", "--session-nonce",
        "73657373696f6e2d6e6f6e63652d3031", "Examples/example.proof",
    ]

    static func run(dynamic: String, packaged: String) {
        print("cold start: one fresh process each (callgrind instructions; median wall time of 21 runs)")
        guard FileManager.default.fileExists(atPath: "Examples/example.proof") else {
            print("  skipped: run from the repository root (Examples/example.proof)")
            return
        }
        let valgrind = ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        if valgrind == nil { print("  valgrind not found: instruction counts left out (apt-get install valgrind)") }
        for (label, path, build) in [
            ("dynamic", dynamic, "swift build -c release --product octet-verify"),
            ("packaged", packaged, "scripts/package"),
        ] {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                print("  \(label): \(path) not built (\(build))")
                continue
            }
            for (name, arguments) in [("verify example", exampleArguments), ("--version", ["--version"])] {
                let instructions = valgrind.flatMap { callgrindInstructions(valgrind: $0, binary: path, arguments) }
                let wall = medianWallSeconds(path, arguments, runs: 21)
                let count =
                    instructions.map { String(format: "%6.2f M instructions", Double($0) / 1e6) } ?? "  (no count)"
                print(
                    "  \(label.padding(toLength: 9, withPad: " ", startingAt: 0))"
                        + "\(name.padding(toLength: 15, withPad: " ", startingAt: 0))\(count)"
                        + String(format: "   %6.2f ms", wall * 1000))
            }
        }
        print(
            "  (\(dynamic): \(sharedLibraryCount(dynamic)) shared libraries; \(packaged): \(sharedLibraryCount(packaged)))"
        )
        timerCheck()
    }

    /// Why the benches time a child with posix_spawn and waitpid: the same `/bin/true` through
    /// Foundation's `Process` (`run`, `waitUntilExit`), whose wait sees the exit up to one 50 ms
    /// run-loop slice late.
    static func timerCheck() {
        let program = URL(fileURLWithPath: "/bin/true")
        guard FileManager.default.isExecutableFile(atPath: program.path) else { return }
        var direct: [Double] = []
        var foundation: [Double] = []
        for _ in 0..<21 {
            direct.append(Measure.runProcess(program, []).seconds)
            let process = Process()
            process.executableURL = program
            foundation.append(
                Measure.time {
                    try? process.run()
                    process.waitUntilExit()
                })
        }
        print(
            String(
                format:
                    "  /bin/true, median of 21: %.2f ms by posix_spawn and waitpid, %.2f ms by Foundation's Process",
                Measure.median(direct) * 1000, Measure.median(foundation) * 1000))
    }

    /// callgrind's "Collected" total for one run. Valgrind 3.19 cannot read the DWARF 5 debug
    /// information of Swift 6 builds, so it runs a copy without debug sections (same code).
    static func callgrindInstructions(valgrind: String, binary: String, _ arguments: [String]) -> Int? {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("octet-cold-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: copy) }
        guard runQuietly("/usr/bin/objcopy", ["--strip-debug", binary, copy]).status == 0 else { return nil }
        let run = runQuietly(valgrind, ["--tool=callgrind", "--callgrind-out-file=/dev/null", copy] + arguments)
        for line in run.stderr.split(separator: "\n") where line.contains("Collected :") {
            return line.split(separator: " ").last.flatMap { Int($0) }
        }
        return nil
    }

    /// The median of `runs` wall times, each spawned and reaped directly (``Measure/runProcess``),
    /// output to /dev/null.
    static func medianWallSeconds(_ binary: String, _ arguments: [String], runs: Int) -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            times.append(Measure.runProcess(URL(fileURLWithPath: binary), arguments, discardErrors: true).seconds)
        }
        return times.sorted()[runs / 2]
    }

    static func sharedLibraryCount(_ binary: String) -> String {
        guard FileManager.default.isExecutableFile(atPath: binary) else { return "not built" }
        let run = runQuietly("/usr/bin/ldd", [binary])
        if (run.stdout + run.stderr).contains("not a dynamic executable") { return "none, static" }
        return "\(run.stdout.split(separator: "\n").filter { $0.contains("=>") }.count)"
    }

    /// Runs a program with its output captured; status -1 when it cannot start.
    static func runQuietly(_ program: String, _ arguments: [String]) -> (status: Int32, stdout: String, stderr: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do { try process.run() } catch { return (-1, "", "") }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self)
        )
    }
}
