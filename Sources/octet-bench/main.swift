import Foundation

// octet-bench: figures, not tests.
// `swift build -c release && .build/release/octet-bench [verify|geometry|hash|batch|all] [--hash-gib N]`.
let arguments = Array(CommandLine.arguments.dropFirst())
let section = arguments.first { !$0.hasPrefix("--") } ?? "all"
let gibibytes =
    arguments.firstIndex(of: "--hash-gib").flatMap { index in
        arguments.indices.contains(index + 1) ? Int(arguments[index + 1]) : nil
    } ?? 1

print("octet-bench on \(ProcessInfo.processInfo.activeProcessorCount) cores")
if section == "verify" || section == "all" { VerifyBench.run(iterations: 2_000) }
if section == "geometry" || section == "all" { GeometryBench.run(iterations: 200_000) }
if section == "hash" || section == "all" { HashBench.run(gibibytes: gibibytes) }
if section == "batch" || section == "all" { BatchBench.run(count: 10_000) }
// A fixed amount of work for profilers (valgrind --tool=callgrind): 500 verifications, nothing printed.
if section == "profile" { VerifyBench.profile(iterations: 500) }
