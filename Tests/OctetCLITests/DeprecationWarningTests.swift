import Foundation
import Testing

/// A caller who copies the seed's example is warned: its Swift text, as SeedExampleTests runs it,
/// type-checks against this build's `Octet` module with the deprecation warning of `requireVerdict`
/// and its note, and the production twin beside it type-checks with no warning (docs/checks.md,
/// "Production options"). `swiftc -typecheck`, as a user's build would compile them.
@Suite("The seed's Swift example warns that requireVerdict is deprecated")
struct DeprecationWarningTests {
    static let root = DocExamplesTests.root

    /// The lines between `// --- MARKER ---` and the next `// ---` in SeedExampleTests.swift.
    static func block(after marker: String) throws -> String {
        let text = try String(
            contentsOf: root.appendingPathComponent("Tests/OctetTests/SeedExampleTests.swift"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// --- \(marker) ---" })
        let end = try #require(lines[(start + 1)...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// ---" })
        return lines[(start + 1)..<end].joined(separator: "\n")
    }

    static func wrapped(_ block: String) -> String {
        """
        import Foundation
        import Octet
        struct OctetVerdictStandIn { let proof: LocationProof? }
        func example(
            verdict: OctetVerdictStandIn, nonce: Data, releaseSignerSHA256: Data,
            accept: (LocationProof) -> Void, log: (String) -> Void
        ) {
        \(block)
        }
        """
    }

    /// `swiftc -typecheck FILE` against the modules built beside `octet-verify`, with the module
    /// maps of the package's C targets (whichever exist); standard output and error together.
    static func typecheck(_ file: URL, build: URL) throws -> (status: Int32, output: String) {
        let fm = FileManager.default
        var arguments = ["swiftc", "-typecheck", "-I", build.appendingPathComponent("Modules").path]
        let sources = root.appendingPathComponent("Sources")
        for target in try fm.contentsOfDirectory(atPath: sources.path).sorted() {
            let map = sources.appendingPathComponent("\(target)/module.modulemap")
            if fm.fileExists(atPath: map.path) { arguments += ["-Xcc", "-fmodule-map-file=\(map.path)"] }
            let include = sources.appendingPathComponent("\(target)/include")
            if fm.fileExists(atPath: include.path) { arguments += ["-Xcc", "-I", "-Xcc", include.path] }
            let generated = build.appendingPathComponent("\(target).build/module.modulemap")
            if fm.fileExists(atPath: generated.path) { arguments += ["-Xcc", "-fmodule-map-file=\(generated.path)"] }
        }
        let log = file.deletingLastPathComponent().appendingPathComponent("typecheck.log")
        _ = fm.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments + [file.lastPathComponent]
        process.currentDirectoryURL = file.deletingLastPathComponent()
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: try Data(contentsOf: log), as: UTF8.self))
    }

    @Test(
        "the seed's example type-checks with the deprecation warning; its production twin with none",
        .enabled(if: Binary.isAvailable, "octet-verify not built"))
    func warning() throws {
        let build = try #require(Binary.url).deletingLastPathComponent()
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let seed = directory.appendingPathComponent("Seed.swift")
        try Data(Self.wrapped(try Self.block(after: "The page's example, unchanged")).utf8).write(to: seed)
        let twin = directory.appendingPathComponent("Twin.swift")
        try Data(Self.wrapped(try Self.block(after: "The production twin")).utf8).write(to: twin)

        let warned = try Self.typecheck(seed, build: build)
        #expect(warned.status == 0, "\(warned.output)")
        let warnings = warned.output.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(
            warnings.contains {
                $0.hasPrefix("Seed.swift:") && $0.contains("'requireVerdict' is deprecated: deprecated since 3.1")
                    && $0.contains("VerifyOptions.production(apps:sessionNonce:)")
            }, "\(warned.output)")
        let clean = try Self.typecheck(twin, build: build)
        #expect(clean.status == 0, "\(clean.output)")
        #expect(!clean.output.contains("warning:"), "\(clean.output)")
    }
}
