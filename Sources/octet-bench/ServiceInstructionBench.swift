import CCallgrind
import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// `octet-bench serve-instructions` and `octet-bench requests-instructions`: the deterministic
/// second figure beside the CPU ratios of `serve` and `requests` — instructions (callgrind) the
/// front end executes per request, divided by the instructions of one `Octet.verify` of the same
/// proofs. Instructions are the same on a quiet machine and a loaded one; they leave out the
/// kernel's work (system calls, wake-ups), which the CPU ratio includes.
///
/// Both sides see the same mix (`ServiceBench.mix`): `warm` requests first (first-use tables, the
/// allocator's pools), then `count` counted.
///
/// - The library: this program under callgrind, verifying the mix's proofs in a loop, counters
///   zeroed after the warm-up and dumped after the rest (client requests).
/// - `serve`: `octet-verify serve` under callgrind, driven over loopback with 8 keep-alive
///   connections; `callgrind_control` zeroes its counters after the warm-up requests and dumps them
///   after the counted ones (every thread of the server).
/// - `--requests`: `octet-verify --requests` under callgrind twice, over the warm-up lines alone and
///   over the warm-up and counted lines; the difference of the two totals ÷ `count` (the
///   process's start-up and exit cancel out).
enum ServiceInstructionBench {
    static let warm = 200

    /// A folder for the dumps, the stripped copies and the inputs; `OCTET_BENCH_CALLGRIND_DIR`
    /// keeps them (for `callgrind_annotate`).
    struct Workspace {
        let folder: URL
        let kept: Bool

        init() {
            if let path = ProcessInfo.processInfo.environment["OCTET_BENCH_CALLGRIND_DIR"] {
                folder = URL(fileURLWithPath: path)
                kept = true
            } else {
                folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "octet-bench-\(UUID().uuidString)")
                kept = false
            }
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }

        func file(_ name: String) -> URL { folder.appendingPathComponent(name) }

        func remove() { if !kept { try? FileManager.default.removeItem(at: folder) } }
    }

    /// A copy of `binary` without debug sections (valgrind 3.19 cannot read a Swift build's DWARF 5;
    /// the symbol table stays, so a profile still names functions).
    static func stripped(_ binary: URL, into workspace: Workspace) -> URL? {
        let copy = workspace.file(binary.lastPathComponent)
        try? FileManager.default.removeItem(at: copy)
        let status = Measure.runProcess(
            URL(fileURLWithPath: "/usr/bin/objcopy"), ["--strip-debug", binary.path, copy.path]
        ).status
        return status == 0 ? copy : nil
    }

    /// The library's instructions per `Octet.verify` of `mix.proofs[warm...]`, from a child of this
    /// program under callgrind; nil when valgrind could not run it.
    static func libraryInstructions(_ mix: ServiceBench.Mix, workspace: Workspace) -> Double? {
        guard let bench = stripped(URL(fileURLWithPath: CommandLine.arguments[0]), into: workspace) else { return nil }
        let proofs = workspace.file("proofs.txt")
        try? (mix.proofs.map { $0.base64EncodedString() }.joined(separator: "\n") + "\n")
            .write(to: proofs, atomically: true, encoding: .utf8)
        setenv("OCTET_BENCH_PROOFS", proofs.path, 1)
        setenv("OCTET_BENCH_AT_MS", String(mix.atMilliseconds), 1)
        defer {
            unsetenv("OCTET_BENCH_PROOFS")
            unsetenv("OCTET_BENCH_AT_MS")
        }
        _ = Measure.runProcess(
            URL(fileURLWithPath: "/usr/bin/valgrind"),
            [
                "--tool=callgrind", "--callgrind-out-file=\(workspace.file("library.out").path)", "--dump-instr=no",
                bench.path, "serve-instructions",
            ], discardErrors: true)
        let counted = mix.proofs.count - warm
        return InstructionBench.dumps(in: workspace.folder)["library-verify"].map { $0 / Double(counted) }
    }

    /// The child under callgrind: verifies the proofs of `OCTET_BENCH_PROOFS`, the first `warm`
    /// uncounted.
    static func libraryChild() {
        let environment = ProcessInfo.processInfo.environment
        guard let path = environment["OCTET_BENCH_PROOFS"],
            let at = environment["OCTET_BENCH_AT_MS"].flatMap(Int64.init),
            let text = try? String(contentsOfFile: path, encoding: .utf8)
        else { return }
        let proofs = text.split(separator: "\n").compactMap { Data(base64Encoded: String($0)) }
        ServiceBench.verifyAll(proofs[..<warm], atMilliseconds: at)
        octet_callgrind_zero()
        ServiceBench.verifyAll(proofs[warm...], atMilliseconds: at)
        octet_callgrind_dump("library-verify")
    }

    static func valgrind(_ workspace: Workspace, _ out: String) -> [String] {
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=\(workspace.file(out).path)", "--dump-instr=no"]
    }

    /// The total of callgrind's dump at `url` (its `summary:` line).
    static func total(_ url: URL) -> Double? {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix("summary: ") }
            .flatMap { Double($0.dropFirst("summary: ".count)) }
    }

    static func serve(count: Int) {
        guard let tool = ServiceBench.tool else {
            return print(
                "serve-instructions: skipped: no octet-verify beside octet-bench (run `swift build -c release` first)")
        }
        let workspace = Workspace()
        defer { workspace.remove() }
        guard let copy = stripped(tool, into: workspace) else { return print("serve-instructions: objcopy failed") }
        let mix = ServiceBench.mix(count: warm + count)
        guard let library = libraryInstructions(mix, workspace: workspace) else {
            return print("serve-instructions: valgrind gave no library figure (apt-get install valgrind)")
        }
        guard
            let server = ServiceBench.Server(
                tool: copy, threads: nil, replayStore: nil, wrapper: valgrind(workspace, "serve.out")),
            server.port != 0
        else { return print("serve-instructions: octet-verify serve did not start under valgrind") }
        defer { server.stop() }
        let control = URL(fileURLWithPath: "/usr/bin/callgrind_control")
        let warmUp = LoadRun.run(
            port: server.port, requests: Array(mix.requests[..<warm]), connections: 8, ratePerSecond: nil)
        _ = Measure.runProcess(control, ["--zero", String(server.pid)], discardErrors: true)
        let counted = LoadRun.run(
            port: server.port, requests: Array(mix.requests[warm...]), connections: 8, ratePerSecond: nil)
        _ = Measure.runProcess(control, ["--dump=serve-requests", String(server.pid)], discardErrors: true)
        // The dump is written by the server's next instrumented instructions: wait for the file.
        var serverTotal: Double?
        for _ in 0..<500 where serverTotal == nil {
            usleep(20_000)
            serverTotal = dumpNamed("serve-requests", in: workspace)
        }
        let statuses = (warmUp.statuses.merging(counted.statuses, uniquingKeysWith: +)).sorted { $0.key < $1.key }
            .map { "\($0.key)×\($0.value)" }.joined(separator: " ")
        guard let serverTotal else { return print("serve-instructions: callgrind_control gave no dump") }
        let perRequest = serverTotal / Double(counted.latencies.count)
        print(
            "serve-instructions: \(count) requests counted after \(warm) (3/4 valid), 8 keep-alive connections, statuses \(statuses):"
        )
        print(
            "serve-instructions-ratio-to-library: \(Measure.format(perRequest / library, 3))"
                + " (server instructions per request ÷ library instructions per verify; callgrind, user space only)")
        print("serve-instructions-per-request: server \(Int(perRequest)) library-per-verify \(Int(library))")
        if workspace.kept { print("serve-instructions: dumps kept in \(workspace.folder.path)") }
    }

    /// A dump made by `callgrind_control --dump=NAME` (its trigger line names it without "Client Request").
    static func dumpNamed(_ name: String, in workspace: Workspace) -> Double? {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: workspace.folder.path)) ?? []
        for file in files where file.hasPrefix("serve.out") {
            let url = workspace.file(file)
            guard let text = try? String(contentsOf: url, encoding: .utf8),
                text.split(separator: "\n").contains(where: { $0.hasPrefix("desc: Trigger:") && $0.hasSuffix(name) })
            else { continue }
            return total(url)
        }
        return nil
    }

    static func requests(count: Int) {
        guard let tool = ServiceBench.tool else {
            return print(
                "requests-instructions: skipped: no octet-verify beside octet-bench (run `swift build -c release` first)"
            )
        }
        let workspace = Workspace()
        defer { workspace.remove() }
        guard let copy = stripped(tool, into: workspace) else { return print("requests-instructions: objcopy failed") }
        let mix = ServiceBench.mix(count: warm + count)
        guard let library = libraryInstructions(mix, workspace: workspace) else {
            return print("requests-instructions: valgrind gave no library figure (apt-get install valgrind)")
        }
        var totals: [Double] = []
        for (name, lines) in [("short", mix.requests[..<warm]), ("long", mix.requests[...])] {
            let input = workspace.file("requests-\(name).jsonl")
            try? (lines.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
            let out = "requests-\(name).out"
            let arguments = Array(valgrind(workspace, out).dropFirst()) + [copy.path, "--requests", input.path]
            let status = Measure.runProcess(URL(fileURLWithPath: "/usr/bin/valgrind"), arguments, discardErrors: true)
                .status
            guard status == 0, let total = total(workspace.file(out)) else {
                return print("requests-instructions: octet-verify --requests under valgrind: exit \(status)")
            }
            totals.append(total)
        }
        let perRequest = (totals[1] - totals[0]) / Double(count)
        print(
            "requests-instructions: \(count) requests counted (the difference of runs over \(warm + count) and \(warm) lines; 3/4 valid), --jobs default:"
        )
        print(
            "requests-instructions-ratio-to-library: \(Measure.format(perRequest / library, 3))"
                + " (octet-verify instructions per request ÷ library instructions per verify; callgrind, user space only)"
        )
        print("requests-instructions-per-request: octet-verify \(Int(perRequest)) library-per-verify \(Int(library))")
        if workspace.kept { print("requests-instructions: dumps kept in \(workspace.folder.path)") }
    }
}
