import CCallgrind
import Foundation

// octet-bench: figures, not tests.
// `swift build -c release && .build/release/octet-bench [verify|geometry|hash|batch|all] [--hash-gib N]`.
let usage = """
    usage: octet-bench [SECTION] [--hash-gib N] [--replay-store URL] [--count N]
      SECTION: verify | geometry | hash | batch | all (default) | profile | requests | serve | cold
               | instructions (callgrind counts, under valgrind) | memory (RSS over 10^6 verifications)
               | serve-instructions | requests-instructions (callgrind: the front end's instructions
                 per request ÷ the library's per verify; --count requests, default 1000 here)
               | threads (the library's CPU per verify on two threads at once ÷ on one; --count proofs)
      --hash-gib N          gibibytes hashed by the hash section (default 1)
      --replay-store URL    requests, serve: with this replay store (sqlite:PATH, postgresql://…)
      --count N             requests, serve: how many requests (default 20000)
      --threads N           serve: its --threads (default: serve's own); requests: its --jobs (default: its own);
                            verify --proof: threads verifying at once in this process (default 1)
      --proof FILE --at T   instructions: also count Octet.verify of FILE, a software proof, at RFC 3339 time T;
                            verify: only the rate of Octet.verify of FILE at T (thread CPU time; scripts/kotlin-bench)
    cold: fresh octet-verify processes (.build/release/octet-verify and dist/octet-verify), from the
    repository root; instruction counts need valgrind. batch and requests (without a store) also
    measure dist/octet-verify, the static package, when run from the root after scripts/package.
    Build with -c release; figures are ratios within one run (see README).

    """
let sections: Set<String> = [
    "verify", "geometry", "hash", "batch", "all", "profile", "requests", "serve", "cold", "instructions", "memory",
    "serve-instructions", "requests-instructions", "threads",
]

/// Why the arguments are wrong: one line.
struct BenchUsageError: Error { let reason: String }

/// The section to run and the hash size; nil for help.
nonisolated(unsafe) var replayStore: String?
nonisolated(unsafe) var serviceCount: Int?
nonisolated(unsafe) var serviceThreads: Int?
/// `instructions --proof FILE --at T`: a proof of the caller's own, counted beside the bench's.
nonisolated(unsafe) var instructionProof: String?
nonisolated(unsafe) var instructionAt: String?

func parseArguments(_ arguments: [String]) -> Result<(section: String, gibibytes: Int)?, BenchUsageError> {
    var section: String?
    var gibibytes = 1
    var index = 0
    while index < arguments.count {
        let argument = arguments[index]
        switch argument {
        case "--help", "-h", "help": return .success(Optional.none)
        case "--hash-gib":
            guard index + 1 < arguments.count, let value = Int(arguments[index + 1]), (1...64).contains(value) else {
                return .failure(BenchUsageError(reason: "--hash-gib: expected a whole number of GiB from 1 to 64"))
            }
            gibibytes = value
            index += 1
        case "--replay-store":
            guard index + 1 < arguments.count else { return .failure(BenchUsageError(reason: "--replay-store: a URL")) }
            replayStore = arguments[index + 1]
            index += 1
        case "--threads":
            guard index + 1 < arguments.count, let value = Int(arguments[index + 1]), (1...64).contains(value)
            else { return .failure(BenchUsageError(reason: "--threads: expected 1 to 64")) }
            serviceThreads = value
            index += 1
        case "--proof", "--at":
            guard index + 1 < arguments.count else { return .failure(BenchUsageError(reason: "\(argument): a value")) }
            if argument == "--proof" {
                instructionProof = arguments[index + 1]
            } else {
                instructionAt = arguments[index + 1]
            }
            index += 1
        case "--count":
            guard index + 1 < arguments.count, let value = Int(arguments[index + 1]), (100...1_000_000).contains(value)
            else { return .failure(BenchUsageError(reason: "--count: expected 100 to 1000000")) }
            serviceCount = value
            index += 1
        default:
            guard sections.contains(argument) else {
                return .failure(BenchUsageError(reason: "unknown section or option '\(argument)'"))
            }
            guard section == nil else { return .failure(BenchUsageError(reason: "one SECTION at most")) }
            section = argument
        }
        index += 1
    }
    guard (instructionProof == nil) == (instructionAt == nil) else {
        return .failure(BenchUsageError(reason: "--proof and --at go together"))
    }
    if instructionProof != nil, section != "instructions", section != "verify" {
        return .failure(BenchUsageError(reason: "--proof: only with the instructions or verify section"))
    }
    return .success((section ?? "all", gibibytes))
}

let section: String
let gibibytes: Int
switch parseArguments(Array(CommandLine.arguments.dropFirst())) {
case .success(nil):
    print(usage, terminator: "")
    exit(0)
case .success(let parsed?):
    (section, gibibytes) = parsed
case .failure(let error):
    // write(2), not FileHandle.write: a closed or full standard error must not trap.
    let message = Array("octet-bench: \(error.reason)\n\(usage)".utf8)
    _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(64)
}

// Under valgrind (the child of `instructions`) nothing else may run or print.
if section == "instructions", octet_running_on_valgrind() != 0 {
    InstructionBench.run()
    exit(0)
}
if section == "serve-instructions", octet_running_on_valgrind() != 0 {
    ServiceInstructionBench.libraryChild()
    exit(0)
}
print("octet-bench on \(ProcessInfo.processInfo.activeProcessorCount) cores")
if section == "verify", let proof = instructionProof, let at = instructionAt {
    VerifyBench.runFile(path: proof, at: at, threads: serviceThreads ?? 1)
} else if section == "verify" || section == "all" {
    VerifyBench.run(iterations: 2_000)
}
if section == "geometry" || section == "all" { GeometryBench.run(iterations: 200_000) }
if section == "hash" || section == "all" { HashBench.run(gibibytes: gibibytes) }
if section == "batch" || section == "all" { BatchBench.run(count: 10_000) }
// A fixed amount of work for profilers (valgrind --tool=callgrind): 500 verifications, nothing printed.
if section == "profile" { VerifyBench.profile(iterations: 500) }
if section == "instructions" { InstructionBench.run() }
if section == "memory" { MemoryBench.run(verifications: 1_000_000) }
// The front ends of docs/service.md, as built binaries (not part of `all`: they take a while).
if section == "requests" {
    ServiceBench.requests(count: serviceCount ?? 20_000, replayStore: replayStore, jobs: serviceThreads)
}
if section == "serve" {
    ServiceBench.serve(count: serviceCount ?? 20_000, replayStore: replayStore, threads: serviceThreads)
}
if section == "threads" { ThreadsBench.run(count: serviceCount ?? 20_000) }
if section == "serve-instructions" { ServiceInstructionBench.serve(count: serviceCount ?? 1_000) }
if section == "requests-instructions" { ServiceInstructionBench.requests(count: serviceCount ?? 1_000) }
// Not part of "all": it needs the packaged binary and runs valgrind.
if section == "cold" { ColdBench.run(dynamic: ".build/release/octet-verify", packaged: "dist/octet-verify") }
