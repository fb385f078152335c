import Foundation
import Testing

/// Every command in README.md is run as a user would type it, after the install the README
/// documents (docs/README.md, "The README's commands"):
///
/// - Each block runs in a fresh scratch directory holding the repository's `Examples/` and
///   `scripts/` (the README's commands run from the repository root), with `HOME` a fresh
///   directory into which `scripts/install` — the README's install, exactly as typed — has put
///   `octet-verify` and `octet-issue`, and `PATH` that `$HOME/.local/bin` before the system's
///   directories (less any that holds another `octet-verify` or `octet-issue`). So a bare
///   `octet-issue` is the installed one, and a README that forgot the install would fail here.
/// - `scripts/install` installs the build under test (`OCTET_INSTALL_FROM`) rather than making a
///   second, release build; `swift run octet-verify` is run as `octet-verify` (a `swift run`
///   inside `swift test` would wait for the build folder's lock).
/// - ```` ```console ```` blocks: as in docs/ (DocExamplesTests), and each command must exit 0 (a
///   command that shows its status with `; echo "exit $?"` does).
/// - ```` ```sh ```` blocks: each command must exit 0; its output is not compared.
/// - A ```` ```sh ```` block right after a line `<!-- not run: REASON -->` is not run (a system
///   install, a server that runs until stopped, a benchmark, a Maven build, the suite itself); it must still parse
///   (`sh -n`), every `scripts/NAME` it names must exist, and every `octet-bench SECTION` must be a
///   section octet-bench has.
/// - Any other fence must say what it holds (`swift`, `kotlin`, `json`, …): a block of commands is
///   `sh` or `console`, never bare, and there are no indented code blocks.
@Suite("README.md's commands run as typed, after the README's install")
struct ReadmeTests {
    static let root = DocExamplesTests.root
    static let readmeText = (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    struct Fence: Sendable, CustomTestStringConvertible {
        /// The line of the opening fence (1-based).
        let line: Int
        let info: String
        let text: String
        /// The reason of a `<!-- not run: REASON -->` line right before the fence.
        let notRun: String?
        var testDescription: String { "README.md:\(line) (\(info))" }
    }

    static let notRunPrefix = "<!-- not run: "

    /// Every fenced block, with the lines outside fences that look like an indented code block.
    static func fences(in text: String) -> (fences: [Fence], indented: [Int]) {
        var fences: [Fence] = []
        var indented: [Int] = []
        var open: (line: Int, info: String, notRun: String?)?
        var body: [String] = []
        var previous = ""
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated()
        {
            if let current = open {
                if line == "```" {
                    fences.append(
                        Fence(
                            line: current.line, info: current.info, text: body.joined(separator: "\n"),
                            notRun: current.notRun))
                    open = nil
                    body = []
                } else {
                    body.append(line)
                }
            } else if line.hasPrefix("```") {
                var notRun: String?
                if previous.hasPrefix(notRunPrefix), previous.hasSuffix(" -->") {
                    notRun = String(previous.dropFirst(notRunPrefix.count).dropLast(4))
                }
                open = (index + 1, String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), notRun)
            } else if line.hasPrefix("    "), previous.trimmingCharacters(in: .whitespaces).isEmpty {
                indented.append(index + 1)
            }
            previous = line
        }
        return (fences, indented)
    }

    static let allFences = fences(in: readmeText).fences
    static let runnable = allFences.filter { ($0.info == "console" || $0.info == "sh") && $0.notRun == nil }
    static let notRun = allFences.filter { $0.notRun != nil }

    /// The commands of an `sh` block: its lines, a trailing `\` joining the next; blank lines and
    /// whole-line comments are not commands.
    static func commands(of text: String) -> [(line: Int, text: String)] {
        var result: [(Int, String)] = []
        var current: (Int, String)?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated()
        {
            if var open = current {
                open.1 += "\n" + line
                current = open
            } else {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
                current = (index, line)
            }
            if !line.hasSuffix("\\"), let done = current {
                result.append(done)
                current = nil
            }
        }
        if let current { result.append(current) }
        return result
    }

    /// What the test runs for a README command: `swift run octet-verify` is the installed `octet-verify`.
    static func asRun(_ command: String) -> String {
        command.replacingOccurrences(of: "swift run octet-verify", with: "octet-verify")
    }

    /// The system's PATH without any directory that holds an `octet-verify` or `octet-issue`.
    static var systemPath: String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map(String.init).filter { directory in
            !["octet-verify", "octet-issue"].contains {
                FileManager.default.isExecutableFile(atPath: directory + "/" + $0)
            }
        }.joined(separator: ":")
    }

    struct Ran {
        var status: Int32
        var output: String
        var timedOut: Bool
    }

    /// Runs `script` with `/bin/sh` in `directory`, standard output and error together.
    static func sh(_ script: String, in directory: URL, environment: [String: String], seconds: Double) throws -> Ran {
        let log = directory.appendingPathComponent(".doc-test-output-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "{ " + script + "\n} 2>&1"]
        process.currentDirectoryURL = directory
        process.environment = environment
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        let watchdog = Watchdog()
        try process.run()
        watchdog.arm(process, after: seconds)
        process.waitUntilExit()
        return Ran(
            status: process.terminationStatus, output: String(decoding: try Data(contentsOf: log), as: UTF8.self),
            timedOut: watchdog.fired)
    }

    /// A user's shell after the README's install: a fresh `HOME` with `scripts/install` run in it,
    /// and a scratch working directory laid out like the repository root.
    struct UserShell {
        let home: URL
        let directory: URL
        let environment: [String: String]

        init() throws {
            home = try CLIFixture.scratch()
            directory = try CLIFixture.scratch()
            for name in ["Examples", "scripts"] {
                try FileManager.default.createSymbolicLink(
                    at: directory.appendingPathComponent(name),
                    withDestinationURL: ReadmeTests.root.appendingPathComponent(name))
            }
            let built = try #require(Binary.url).deletingLastPathComponent().path
            var environment = ProcessInfo.processInfo.environment
            environment["HOME"] = home.path
            environment["PATH"] = home.path + "/.local/bin:" + ReadmeTests.systemPath
            environment["OCTET_INSTALL_FROM"] = built
            environment["NO_COLOR"] = "1"
            environment.removeValue(forKey: "OCTET_VERIFY_BINARY")
            self.environment = environment
            // The README's install, as typed.
            let install = try ReadmeTests.sh("scripts/install", in: directory, environment: environment, seconds: 120)
            #expect(install.status == 0 && !install.timedOut, "scripts/install: \(install.output)")
        }

        func run(_ command: String, seconds: Double = 900) throws -> Ran {
            try ReadmeTests.sh(ReadmeTests.asRun(command), in: directory, environment: environment, seconds: seconds)
        }

        func remove() {
            try? FileManager.default.removeItem(at: home)
            try? FileManager.default.removeItem(at: directory)
        }
    }

    @Test("the README's blocks are found, and the not-run marker and sh commands are read as documented")
    func convention() {
        let text = """
            ```sh
            a
            ```
            <!-- not run: needs root -->
            ```sh
            sudo b \\
              --flag   # c
            # only a comment

            d
            ```
            ```swift
            let x = 1
            ```

                indented
            """
        let (fences, indented) = Self.fences(in: text)
        #expect(fences.map(\.info) == ["sh", "sh", "swift"])
        #expect(fences.map(\.notRun) == [nil, "needs root", nil])
        #expect(indented == [16])
        #expect(Self.commands(of: fences[1].text).map(\.text) == ["sudo b \\\n  --flag   # c", "d"])
        #expect(Self.asRun("scripts/x && swift run octet-verify --at T p") == "scripts/x && octet-verify --at T p")
        // The README itself: commands to run, and the blocks it cannot run.
        #expect(Self.runnable.count >= 5, "\(Self.allFences.map(\.testDescription))")
        #expect(Self.runnable.contains { $0.text.contains("scripts/install") })
        #expect(Self.runnable.contains { $0.text.contains("octet-issue ") })
    }

    @Test("every block of commands in README.md is run, or marked not run with a reason")
    func everyCommandIsRunOrMarked() {
        let (fences, indented) = Self.fences(in: Self.readmeText)
        #expect(indented.isEmpty, "indented code blocks at README.md lines \(indented): fence them as sh or console")
        let code: Set<String> = ["swift", "kotlin", "json", "xml"]
        for fence in fences {
            if let reason = fence.notRun {
                #expect(fence.info == "sh", "\(fence.testDescription): only sh blocks may be marked not run")
                #expect(reason.count >= 20, "\(fence.testDescription): say why it cannot run here")
            } else {
                #expect(
                    ["console", "sh"].contains(fence.info) || code.contains(fence.info),
                    "\(fence.testDescription): a block of commands is sh or console; code says its language")
            }
        }
    }

    @Test("the README's install puts octet-verify and octet-issue on PATH", .enabled(if: Binary.isAvailable))
    func install() throws {
        let shell = try UserShell()
        defer { shell.remove() }
        let local = shell.home.appendingPathComponent(".local")
        for file in [
            "bin/octet-verify", "bin/octet-issue", "share/man/man1/octet-verify.1",
            "share/bash-completion/completions/octet-verify", "share/zsh/site-functions/_octet-verify",
        ] {
            #expect(
                FileManager.default.fileExists(atPath: local.appendingPathComponent(file).path), "\(file) not installed"
            )
        }
        let found = try shell.run("command -v octet-verify; command -v octet-issue")
        #expect(found.output == local.path + "/bin/octet-verify\n" + local.path + "/bin/octet-issue\n")
        let help = try shell.run("octet-issue --help")
        #expect(help.status == 0 && help.output.hasPrefix("octet-issue "), "\(help.output)")
        // Without the install, the bare names are not found: the PATH above is the install's doing.
        var bare = shell.environment
        bare["PATH"] = Self.systemPath
        let missing = try Self.sh("octet-issue --help", in: shell.directory, environment: bare, seconds: 60)
        #expect(missing.status == 127, "\(missing.output)")
        // --prefix DIR installs there instead.
        let prefix = shell.home.appendingPathComponent("opt")
        let other = try shell.run("scripts/install --prefix \(prefix.path)")
        #expect(other.status == 0, "\(other.output)")
        #expect(FileManager.default.isExecutableFile(atPath: prefix.appendingPathComponent("bin/octet-issue").path))
        let wrong = try shell.run("scripts/install --prefx /tmp")
        #expect(wrong.status == 64 && wrong.output.contains("usage: scripts/install"), "\(wrong.output)")
    }

    @Test(
        "each README block runs as typed", .enabled(if: Binary.isAvailable, "octet-verify not built"),
        arguments: runnable)
    func runs(_ fence: Fence) throws {
        let shell = try UserShell()
        defer { shell.remove() }
        if fence.info == "console" {
            let examples = DocExamplesTests.blocks(in: "```console\n" + fence.text + "\n```\n", file: "README.md")
                .flatMap(\.examples)
            #expect(!examples.isEmpty)
            for example in examples {
                let line = fence.line + example.line - 1
                let ran = try shell.run(example.command)
                var lines = ran.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                if lines.last == "" { lines.removeLast() }
                #expect(!ran.timedOut, "README.md:\(line) hung")
                #expect(ran.status == 0, "README.md:\(line): `\(example.command)` exited \(ran.status):\n\(ran.output)")
                #expect(
                    DocExamplesTests.matches(lines[...], example.expected[...]),
                    "README.md:\(line): `\(example.command)` printed:\n\(ran.output)")
            }
        } else {
            let commands = Self.commands(of: fence.text)
            #expect(!commands.isEmpty)
            for command in commands {
                let ran = try shell.run(command.text)
                let line = fence.line + command.line + 1
                #expect(!ran.timedOut, "README.md:\(line) hung")
                #expect(ran.status == 0, "README.md:\(line): `\(command.text)` exited \(ran.status):\n\(ran.output)")
            }
        }
    }

    @Test("each block marked not run parses, and names scripts and bench sections that exist", arguments: notRun)
    func notRunBlocksAreReal(_ fence: Fence) throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let parsed = try Self.sh(
            "sh -n <<'OCTET_README_BLOCK'\n\(fence.text)\nOCTET_README_BLOCK", in: directory,
            environment: ProcessInfo.processInfo.environment, seconds: 60)
        #expect(parsed.status == 0, "\(fence.testDescription) does not parse: \(parsed.output)")
        let words = fence.text.split(whereSeparator: { " \n\t&;|()".contains($0) }).map(String.init)
        for (index, word) in words.enumerated() {
            if word.hasPrefix("scripts/") {
                #expect(
                    FileManager.default.isExecutableFile(atPath: Self.root.appendingPathComponent(word).path),
                    "\(fence.testDescription): \(word) is not a script of the repository")
            }
            if word.hasSuffix("octet-bench"), index + 1 < words.count, !words[index + 1].hasPrefix("-"),
                !words[index + 1].hasPrefix("#")
            {
                let bench = try #require(Binary.url).deletingLastPathComponent().appendingPathComponent("octet-bench")
                let usage = try Self.sh(
                    "'\(bench.path)' --help", in: directory, environment: ProcessInfo.processInfo.environment,
                    seconds: 60)
                #expect(
                    usage.output.contains(" \(words[index + 1]) ") || usage.output.contains(" \(words[index + 1])\n"),
                    "\(fence.testDescription): octet-bench has no section \(words[index + 1])")
            }
        }
    }

    @Test("the README's Package.swift resolves against this checkout, with the traits it names")
    func manifestResolves() throws {
        let manifest = try #require(
            Self.allFences.first { $0.info == "swift" && $0.text.hasPrefix("// swift-tools-version") })
        let work = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: work) }
        let package = work.appendingPathComponent("MyBackend")
        let sources = package.appendingPathComponent("Sources/MyBackend")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: work.appendingPathComponent("octet"), withDestinationURL: Self.root)
        try Data(manifest.text.utf8).write(to: package.appendingPathComponent("Package.swift"))
        try Data("import Octet\nimport OctetBackend\n".utf8).write(to: sources.appendingPathComponent("main.swift"))
        // Offline, swift-crypto resolves through mirrors of this root's own (scripts/install-deps).
        let mirrors = Self.root.deletingLastPathComponent().appendingPathComponent("shared/deps/use-mirrors")
        if FileManager.default.isExecutableFile(atPath: mirrors.path) {
            let mirrored = try Self.sh(
                "'\(mirrors.path)' .", in: package, environment: ProcessInfo.processInfo.environment, seconds: 120)
            #expect(mirrored.status == 0, "\(mirrored.output)")
        }
        let ran = try Self.sh(
            "swift package show-dependencies", in: package, environment: ProcessInfo.processInfo.environment,
            seconds: 600)
        #expect(ran.status == 0 && !ran.output.contains("error:"), "\(ran.output)")
        #expect(ran.output.contains("octet<") && ran.output.contains("traits: PostgreSQL"), "\(ran.output)")
    }

    @Test("the README's Swift examples are the code ReadmeSwiftExamples.swift compiles")
    func swiftExamplesCompile() throws {
        let examples = Self.allFences.filter { $0.info == "swift" && !$0.text.hasPrefix("// swift-tools-version") }
        #expect(examples.count >= 2)
        let compiled = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/OctetCLITests/ReadmeSwiftExamples.swift"),
            encoding: .utf8)
        let normalized = compiled.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: "\n")
        for example in examples {
            let code = example.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.hasPrefix("import ") }.joined(separator: "\n")
            #expect(normalized.contains(code), "\(example.testDescription) is not in ReadmeSwiftExamples.swift")
        }
    }
}
