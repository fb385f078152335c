import Foundation
import Testing

/// Every ```console block of docs/*.md is run and its output compared, so an example can never
/// drift from the code (docs/README.md, "Examples that run"). README.md's blocks are run by
/// `ReadmeTests`, as a user would type them after the README's install.
///
/// The convention: a line starting `$ ` is a command (a trailing `\` continues it on the next
/// line); the lines after it, up to the next command or the end of the block, are exactly what it
/// prints on standard output and standard error together; a line that is just `...` stands for
/// any number of lines. `swift run octet-verify` and `octet-verify`, `octet-issue` are the built
/// executables (they come first on `PATH`). Each block runs in its own scratch directory, in
/// which `Examples/` is the repository's, so a command may write files without touching the checkout;
/// the commands of one block share that directory, in order.
@Suite("The docs' console examples run, and print what the docs say")
struct DocExamplesTests {
    struct Example: Sendable, CustomTestStringConvertible {
        let file: String
        /// The line of the `$ ` command in the file (1-based).
        let line: Int
        let command: String
        let expected: [String]
        var testDescription: String { "\(file):\(line): \(command.prefix(60))" }
    }

    struct Block: Sendable, CustomTestStringConvertible {
        let file: String
        let line: Int
        let examples: [Example]
        var testDescription: String { "\(file):\(line)" }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func documents() -> [URL] {
        let docs = root.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
    }

    /// The console blocks of one Markdown text.
    static func blocks(in text: String, file: String) -> [Block] {
        var blocks: [Block] = []
        var inBlock = false
        var blockLine = 0
        var examples: [Example] = []
        var command: (line: Int, text: String)?
        var continuing = false
        var expected: [String] = []
        func flush() {
            if let command {
                examples.append(Example(file: file, line: command.line, command: command.text, expected: expected))
            }
            command = nil
            expected = []
        }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated()
        {
            if !inBlock {
                if line == "```console" {
                    inBlock = true
                    blockLine = index + 1
                    examples = []
                }
                continue
            }
            if line == "```" {
                flush()
                blocks.append(Block(file: file, line: blockLine, examples: examples))
                inBlock = false
                continue
            }
            if continuing, var current = command {
                current.text += "\n" + line
                command = current
                continuing = line.hasSuffix("\\")
            } else if line.hasPrefix("$ ") {
                flush()
                command = (index + 1, String(line.dropFirst(2)))
                continuing = line.hasSuffix("\\")
            } else {
                expected.append(line)
            }
        }
        return blocks
    }

    static let allBlocks: [Block] = documents().flatMap { url in
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return blocks(in: text, file: url.path.replacingOccurrences(of: root.path + "/", with: ""))
    }

    /// True when `actual` is `expected`, a `...` line standing for any run of lines.
    static func matches(_ actual: ArraySlice<String>, _ expected: ArraySlice<String>) -> Bool {
        guard let first = expected.first else { return actual.isEmpty }
        if first == "..." {
            let rest = expected.dropFirst()
            return (actual.startIndex...actual.endIndex).contains { matches(actual[$0...], rest) }
        }
        guard let line = actual.first, line == first else { return false }
        return matches(actual.dropFirst(), expected.dropFirst())
    }

    @Test("the convention: $ starts a command, ... skips lines, \\ continues a command")
    func convention() {
        let text = "x\n```console\n$ echo a \\\n  b\na b\n...\n$ true\n```\n```\n$ not a console block\n```\n"
        let blocks = Self.blocks(in: text, file: "t.md")
        #expect(blocks.count == 1)
        #expect(blocks.first?.examples.map(\.command) == ["echo a \\\n  b", "true"])
        #expect(blocks.first?.examples.first?.expected == ["a b", "..."])
        #expect(Self.matches(["a", "b", "c"], ["a", "...", "c"]))
        #expect(Self.matches(["a", "c"], ["a", "...", "c"]))
        #expect(!Self.matches(["a", "b"], ["a", "...", "c"]))
        #expect(!Self.matches(["a", "b"], ["a"]))
    }

    @Test("docs hold console examples (the search itself works)")
    func found() {
        #expect(Self.allBlocks.count >= 5, "\(Self.allBlocks.map(\.testDescription))")
        #expect(Self.allBlocks.contains { $0.file == "docs/cli.md" })
        #expect(!Self.allBlocks.contains { $0.file == "README.md" }, "README.md is ReadmeTests'")
    }

    @Test(
        "each console block prints what it shows", .enabled(if: Binary.isAvailable, "octet-verify not built"),
        arguments: allBlocks)
    func runs(_ block: Block) throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createSymbolicLink(
            at: directory.appendingPathComponent("Examples"),
            withDestinationURL: Self.root.appendingPathComponent("Examples"))
        let binaries = try #require(Binary.url).deletingLastPathComponent().path
        for example in block.examples {
            var command = example.command
            if command.hasPrefix("swift run ") { command.removeFirst("swift run ".count) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            // Grouped, so every command of a `;` list sends standard error into the same pipe.
            process.arguments = ["-c", "{ " + command + "\n} 2>&1"]
            process.currentDirectoryURL = directory
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = binaries + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            environment["NO_COLOR"] = "1"
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            process.standardInput = FileHandle.nullDevice
            let watchdog = Watchdog()
            try process.run()
            watchdog.arm(process, after: Shell.watchdogSeconds)
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(!watchdog.fired, "\(example.file):\(example.line) hung")
            var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .map(String.init)
            if lines.last == "" { lines.removeLast() }
            #expect(
                Self.matches(lines[...], example.expected[...]),
                "\(example.file):\(example.line): `\(example.command)` printed:\n\(lines.joined(separator: "\n"))")
        }
    }
}
