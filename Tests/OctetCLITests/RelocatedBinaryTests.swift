import Foundation
import Testing

/// The verifier carries everything it needs: the roots are compiled in, so a binary copied
/// alone to an empty directory, far from the build folder, behaves byte for byte the same.
@Suite(
    "octet-verify copied alone to an empty directory",
    .enabled(if: Binary.isAvailable, "build octet-verify first (swift build), or set OCTET_VERIFY_BINARY"))
struct RelocatedBinaryTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let example = repository.appendingPathComponent("Examples/example.proof").path
    /// README's example command.
    static let exampleArguments = [
        "--at", "2026-11-29T12:00:30Z", "--region", "circle:48.8584,2.2945,250", "--session-nonce",
        "73657373696f6e2d6e6f6e63652d3031",
    ]

    static func runCopy(_ arguments: [String], in directory: URL) throws -> (
        Int32, Data, String
    ) {
        let copy = directory.appendingPathComponent("octet-verify")
        let process = Process()
        process.executableURL = copy
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, stdout, String(decoding: stderr, as: UTF8.self))
    }

    @Test(
        "the example verifies the same, byte for byte, from a lone copy of the binary",
        arguments: [["--format", "text"], ["--format", "json"]])
    func sameOutput(format: [String]) throws {
        let binary = try #require(Binary.url)
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(at: binary, to: directory.appendingPathComponent("octet-verify"))
        let arguments = Self.exampleArguments + format + [Self.example]
        let elsewhere = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let original = try Binary.run(arguments, in: elsewhere)
        let (status, stdout, stderr) = try Self.runCopy(arguments, in: directory)
        #expect(original.status == 0)
        #expect(status == 0)
        #expect(stderr.isEmpty)
        #expect(stdout == original.stdoutData)
        #expect(String(decoding: stdout, as: UTF8.self).contains("valid"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["octet-verify"])
    }

    @Test("the binary needs no system crypto library: swift-crypto's BoringSSL is compiled into it")
    func noSystemCryptoLibrary() throws {
        let binary = try #require(Binary.url)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/readelf")
        process.arguments = ["-d", binary.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let listing = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // The binary's own needs (libpq, a backend-only library, brings libcrypto for its TLS; that
        // is libpq's). A static binary has no dynamic section at all.
        let needed = listing.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(!needed.contains { $0.contains("libcrypto") || $0.contains("libssl") }, "\(needed)")
        #expect(process.terminationStatus == 0, "readelf ran")
    }

    @Test("--trust-anchors Roots (the PEM files) is the compiled-in set: the same fingerprint in the JSON")
    func rootsFolderIsTheBundledSet() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = Self.exampleArguments + ["--format", "json", Self.example]
        let bundled = try Binary.run(arguments, in: directory)
        let fromPEM = try Binary.run(
            ["--trust-anchors", Self.repository.appendingPathComponent("Roots").path] + arguments, in: directory)
        #expect(bundled.status == 0 && fromPEM.status == 0)
        #expect(bundled.stdout.contains("\"trustAnchors\":"))
        #expect(fromPEM.stdout == bundled.stdout)
    }
}
