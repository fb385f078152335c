import Foundation
import Testing

/// `scripts/release --verify` on a small release set made here (artifacts of a few bytes, the SBOM
/// from `scripts/sbom spdx`, SHA256SUMS, a minisign signature by a key made for the test): the
/// whole set passes, and each way of tampering with it fails at the check that should catch it.
/// The real set's build is shown by `scripts/release --reproduce` (docs/install.md).
@Suite("scripts/release --verify: a signed set passes, and every tampering with it fails")
struct ReleaseSetTests {
    static let root = DocExamplesTests.root
    static let version = "9.9.9"
    static let spdxTools: String = {
        let environment = ProcessInfo.processInfo.environment
        if let override = environment["OCTET_SPDX_TOOLS"] { return override }
        let cache = environment["XDG_CACHE_HOME"] ?? (NSHomeDirectory() + "/.cache")
        return cache + "/octet/spdx-tools"
    }()
    /// minisign and spdx-tools come from `scripts/install-deps`: without them the suite is skipped,
    /// except under CI (`CI=true`), where their absence is a failure.
    static let toolsPresent =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/minisign")
        && FileManager.default.isExecutableFile(atPath: spdxTools + "/bin/pyspdxtools")
    static let shouldRun = toolsPresent || ProcessInfo.processInfo.environment["CI"] == "true"

    static let artifacts = [
        "octet-\(version).tar.gz", "octet-verify-\(version)-linux-x86_64",
        "octet-verify-\(version)-linux-x86_64.tar.gz", "octet-verify_\(version)_amd64.deb",
        "octet-verify-server_\(version)_amd64.deb", "octet-\(version).jar", "octet-\(version)-sources.jar",
        "octet-\(version).pom",
    ]
    static let sbomName = "octet-\(version).spdx.json"

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// A scratch folder holding `set/` (the release set), `key` and `key.pub` (its signing key), and
    /// `other.pub` (a key that did not sign it).
    struct Fixture {
        let folder: URL
        var set: URL { folder.appendingPathComponent("set") }
        var publicKey: String { folder.appendingPathComponent("key.pub").path }
        var otherKey: String { folder.appendingPathComponent("other.pub").path }

        init() throws {
            folder = try CLIFixture.scratch()
            try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
            for name in ReleaseSetTests.artifacts {
                try Data("the bytes of \(name)\n".utf8).write(to: set.appendingPathComponent(name))
            }
            for key in ["key", "other"] {
                try ReleaseSetTests.require(
                    ["minisign", "-G", "-W", "-p", "\(key).pub", "-s", key], in: folder)
            }
            try writeSBOM()
            try sign()
        }

        func path(_ name: String) -> String { set.appendingPathComponent(name).path }

        /// The SBOM of the artifacts as they are now, from facts shaped as `scripts/sbom facts` gives them;
        /// `digest` may replace an artifact's SHA-256.
        func writeSBOM(digest: (String, String) -> String = { _, digest in digest }) throws {
            let artifacts = try ReleaseSetTests.artifacts.map { name in
                ["file": name, "sha256": digest(name, try ReleaseSetTests.sha256(path(name)))]
            }
            let facts: [String: Any] = [
                "version": ReleaseSetTests.version, "commit": String(repeating: "0123456789", count: 4),
                "created": "2026-01-01T00:00:00Z", "artifacts": artifacts, "swiftToolchain": "6.3.1",
                "swiftPackages": [
                    [
                        "name": "swift-crypto", "version": "4.5.0", "licence": "Apache-2.0",
                        "url": "https://github.com/apple/swift-crypto.git", "dependencyOf": NSNull(),
                    ],
                    [
                        "name": "swift-asn1", "version": "1.7.0", "licence": "Apache-2.0",
                        "url": "https://github.com/apple/swift-asn1.git", "dependencyOf": "swift-crypto",
                    ],
                ],
                "serverLinks": [
                    [
                        "name": "libpq5", "version": "15.14-0+deb12u1", "source": "postgresql-15",
                        "licence": "PostgreSQL",
                    ]
                ],
                "staticLinks": [
                    [
                        "name": "libsqlite3-dev", "version": "3.40.1-2", "source": "sqlite3",
                        "licence": "LicenseRef-public-domain",
                    ]
                ],
                "maven": [
                    [
                        "group": "org.jetbrains.kotlin", "artifact": "kotlin-stdlib", "version": "1.3.31",
                        "scope": "compile", "licence": "Apache-2.0",
                    ]
                ],
            ]
            let factsFile = folder.appendingPathComponent("facts.json")
            try JSONSerialization.data(withJSONObject: facts).write(to: factsFile)
            let run = try ReleaseSetTests.require(
                [ReleaseSetTests.root.appendingPathComponent("scripts/sbom").path, "spdx", factsFile.path],
                in: folder)
            try run.stdoutData.write(to: set.appendingPathComponent(ReleaseSetTests.sbomName))
        }

        /// SHA256SUMS of the set as it is now, and its signature by `key`.
        func sign() throws {
            let names = (ReleaseSetTests.artifacts + [ReleaseSetTests.sbomName]).sorted()
            let sums = try names.map { "\(try ReleaseSetTests.sha256(path($0)))  \($0)\n" }.joined()
            try Data(sums.utf8).write(to: set.appendingPathComponent("SHA256SUMS"))
            try ReleaseSetTests.require(
                [
                    "minisign", "-S", "-s", "key", "-m", path("SHA256SUMS"), "-x", path("SHA256SUMS.minisig"),
                    "-t", "octet \(ReleaseSetTests.version) (a test's set)",
                ], in: folder)
        }

        func verify(_ extra: [String] = []) throws -> Binary.Run {
            try Binary.Running(
                [ReleaseSetTests.root.appendingPathComponent("scripts/release").path, "--verify", set.path]
                    + (extra.isEmpty ? ["--pubkey", publicKey] : extra),
                stdin: nil, in: folder, executable: URL(fileURLWithPath: "/bin/bash")
            ).wait()
        }
    }

    static func sha256(_ path: String) throws -> String {
        OctetCLITestsSHA.hash(try Data(contentsOf: URL(fileURLWithPath: path))).map { String(format: "%02x", $0) }
            .joined()
    }

    @discardableResult
    static func require(_ arguments: [String], in folder: URL) throws -> Binary.Run {
        let run = try Binary.Running(
            arguments, stdin: nil, in: folder, executable: URL(fileURLWithPath: "/usr/bin/env")
        ).wait()
        guard run.status == 0 else { throw Failure(description: "\(arguments.joined(separator: " ")): \(run.stderr)") }
        return run
    }

    /// `--verify`'s refusal: exit 1, and the reason on standard error.
    func expectRefused(_ run: Binary.Run, saying reason: String) {
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains(reason), "\(run.stderr)")
    }

    @Test("the whole set, signed by the key and with a valid SBOM, passes every check", .enabled(if: shouldRun))
    func wholeSetPasses() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.folder) }
        let run = try fixture.verify()
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let checks = run.stdout.split(separator: "\n").map { $0.split(separator: ":")[0] }
        #expect(checks == ["ok    set", "ok    checksums", "ok    signature", "ok    SBOM"], "\(run.stdout)")
    }

    @Test("a changed artifact fails the checksums", .enabled(if: shouldRun))
    func changedArtifact() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.folder) }
        try Data("another binary\n".utf8).write(to: URL(fileURLWithPath: fixture.path(Self.artifacts[1])))
        expectRefused(try fixture.verify(), saying: "checksums: \(Self.artifacts[1]): FAILED")
    }

    @Test("SHA256SUMS rewritten for a changed artifact fails the signature", .enabled(if: shouldRun))
    func rewrittenSums() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.folder) }
        let signature = try Data(contentsOf: URL(fileURLWithPath: fixture.path("SHA256SUMS.minisig")))
        try Data("another jar\n".utf8).write(to: URL(fileURLWithPath: fixture.path("octet-\(Self.version).jar")))
        try fixture.writeSBOM()
        try fixture.sign()
        try signature.write(to: URL(fileURLWithPath: fixture.path("SHA256SUMS.minisig")))
        expectRefused(try fixture.verify(), saying: "signature: Signature verification failed")
    }

    @Test("a public key that did not sign the set fails the signature", .enabled(if: shouldRun))
    func otherKey() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.folder) }
        expectRefused(try fixture.verify(["--pubkey", fixture.otherKey]), saying: "signature: ")
    }

    @Test(
        "a missing signature, artifact or listed name fails, and so does a file the sums do not list",
        .enabled(if: shouldRun))
    func incompleteSet() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.folder) }
        let fm = FileManager.default
        try fm.moveItem(atPath: fixture.path("SHA256SUMS.minisig"), toPath: fixture.folder.path + "/minisig")
        expectRefused(try fixture.verify(), saying: "no SHA256SUMS.minisig")
        try fm.moveItem(atPath: fixture.folder.path + "/minisig", toPath: fixture.path("SHA256SUMS.minisig"))

        try fm.moveItem(atPath: fixture.path("octet-\(Self.version).pom"), toPath: fixture.folder.path + "/pom")
        expectRefused(try fixture.verify(), saying: "checksums: ")
        try fm.moveItem(atPath: fixture.folder.path + "/pom", toPath: fixture.path("octet-\(Self.version).pom"))

        try Data("extra\n".utf8).write(to: URL(fileURLWithPath: fixture.path("README")))
        expectRefused(try fixture.verify(), saying: "README is in \(fixture.set.path) but not in SHA256SUMS")
        try fm.removeItem(atPath: fixture.path("README"))

        // The sums and signature of a set with the source archive left out entirely.
        try fm.removeItem(atPath: fixture.path("octet-\(Self.version).tar.gz"))
        let sums = try String(contentsOfFile: fixture.path("SHA256SUMS"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasSuffix("octet-\(Self.version).tar.gz") }
            .map { $0 + "\n" }.joined()
        try Data(sums.utf8).write(to: URL(fileURLWithPath: fixture.path("SHA256SUMS")))
        try Self.require(
            [
                "minisign", "-S", "-s", "key", "-m", fixture.path("SHA256SUMS"), "-x",
                fixture.path("SHA256SUMS.minisig"),
            ],
            in: fixture.folder)
        expectRefused(try fixture.verify(), saying: "does not list exactly the set of \(Self.version)")
    }

    @Test("an SBOM that is not valid SPDX fails, though summed and signed", .enabled(if: shouldRun))
    func invalidSBOM() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.folder) }
        let url = URL(fileURLWithPath: fixture.path(Self.sbomName))
        let sbom = try String(contentsOf: url, encoding: .utf8)
        // A licence expression SPDX does not define.
        try Data(sbom.replacingOccurrences(of: "\"PostgreSQL\"", with: "\"PostgreSQL OR\"").utf8).write(to: url)
        try fixture.sign()
        expectRefused(try fixture.verify(), saying: "SBOM: spdx-tools: ")
    }

    @Test(
        "an SBOM whose SHA-256 for an artifact is not the artifact's fails, though valid and signed",
        .enabled(if: shouldRun))
    func sbomDigestMismatch() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.folder) }
        let jar = "octet-\(Self.version).jar"
        try fixture.writeSBOM { name, digest in name == jar ? String(repeating: "ab", count: 32) : digest }
        try fixture.sign()
        expectRefused(try fixture.verify(), saying: "SBOM: \(jar): SBOM \(String(repeating: "ab", count: 32))")
    }
}
