import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// docs/schemas/ (and docs/openapi.json) applied by a real JSON Schema implementation: Debian's
/// python3-jsonschema, through `scripts/validate-json`, run by `/usr/bin/python3` (the Python the
/// Debian package is installed for). One process validates a whole batch: starting Python and
/// importing jsonschema costs far more than validating.
enum SchemaValidator {
    static let python = "/usr/bin/python3"
    static let script = Repository.root.appendingPathComponent("scripts/validate-json").path

    /// Whether `/usr/bin/python3` can import jsonschema (`scripts/install-deps` installs it).
    static let isAvailable: Bool = {
        guard FileManager.default.isExecutableFile(atPath: python) else { return false }
        return (try? run([python, "-c", "import jsonschema"], input: nil).status) == 0
    }()

    /// Skip without the validator, except under CI (`CI=true`), where its absence is a failure:
    /// `scripts/install-deps` installs it, so a missing one is a broken machine, not an option.
    static let shouldRun = isAvailable || ProcessInfo.processInfo.environment["CI"] == "true"
    static let missing = "python3-jsonschema is not installed for /usr/bin/python3 (scripts/install-deps installs it)"

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The problems found validating each of `documents` (one JSON text each, without a raw
    /// newline, as every output of ours is) against `schema`, a path relative to the repository
    /// with an optional JSON pointer (`docs/schemas/octet-verify-1.schema.json#/$defs/Answer`):
    /// index in `documents` → the validator's lines for it (every problem, each failing branch of
    /// a oneOf included). Empty: every one is valid.
    static func problems(_ schema: String, lines: [String]) throws -> [Int: [String]] {
        // Line numbers must be the documents' indexes: one line each, none empty (it would be skipped).
        let documents = lines.map { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 }
        for (index, document) in documents.enumerated()
        where document.contains("\n") || document.trimmingCharacters(in: .whitespaces).isEmpty {
            throw Failure(description: "document \(index) is not one non-empty line: \(document.prefix(200))")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "octet-schema-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data((documents.joined(separator: "\n") + "\n").utf8).write(to: file)
        let outcome = try run([python, script, schema, "--lines", "--all", file.path], input: nil)
        return try parse(outcome, names: [file.path]) { name, line in name == file.path ? line - 1 : nil }
    }

    /// ``problems(_:lines:)`` for whole files (a conformance vector is pretty-printed JSON):
    /// index in `files` → the validator's lines for it.
    static func problems(_ schema: String, files: [String]) throws -> [Int: [String]] {
        let outcome = try run([python, script, schema, "--all"] + files, input: nil)
        return try parse(outcome, names: files) { name, _ in files.firstIndex(of: name) }
    }

    private static func parse(
        _ outcome: (status: Int32, output: String, error: String), names: [String],
        index: (String, Int) -> Int?
    ) throws -> [Int: [String]] {
        // 0: all valid; 1: some invalid. Anything else (not JSON, a broken schema, a missing
        // validator, a usage error) is a failure of the test's own making, not a finding.
        guard outcome.status == 0 || outcome.status == 1 else {
            throw Failure(description: "validate-json exited \(outcome.status): \(outcome.error)\(outcome.output)")
        }
        var found: [Int: [String]] = [:]
        for line in outcome.output.split(separator: "\n").map(String.init) {
            // FILE:LINE: $.path: keyword: message
            let parts = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let number = Int(parts[1]), let at = index(String(parts[0]), number) else {
                throw Failure(description: "unexpected validate-json output: \(line)")
            }
            found[at, default: []].append(parts[2].trimmingCharacters(in: .whitespaces))
        }
        if outcome.status == 1, found.isEmpty { throw Failure(description: "exit 1 without a problem line") }
        return found
    }

    /// Runs `arguments` (the first is the executable), the repository as its directory; its status,
    /// standard output and standard error. Output goes to files, so a large one cannot block it.
    /// Bounded: killed after `timeoutSeconds` (generous: the machine may be loaded), which throws.
    static func run(
        _ arguments: [String], input: Data?, environment: [String: String]? = nil, timeoutSeconds: Double = 600
    ) throws -> (status: Int32, output: String, error: String) {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("octet-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("stdout")
        let err = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.currentDirectoryURL = Repository.root
        if let environment { process.environment = environment }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        let stdin = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        try process.run()
        if let input {
            stdin.fileHandleForWriting.write(input)
            try stdin.fileHandleForWriting.close()
        }
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.interrupt()
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw Failure(
                description: "\(arguments.joined(separator: " ")) did not finish within \(Int(timeoutSeconds)) s")
        }
        process.waitUntilExit()
        return (
            process.terminationStatus, (try? String(contentsOf: out, encoding: .utf8)) ?? "",
            (try? String(contentsOf: err, encoding: .utf8)) ?? ""
        )
    }
}
