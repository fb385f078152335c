import Foundation
import Testing

@testable import OctetCLI

/// One version scheme (docs/install.md, "Versions"): `Release.version` is the number; the packages
/// take it from the binary (scripts/package), the CHANGELOG's newest release says it (FlagTableTests),
/// and the Kotlin artifact's pom and the jar the docs name must say the same.
@Suite("One version: the CLI and packages, the Kotlin artifact and its docs")
struct VersionSchemeTests {
    static let root = DocExamplesTests.root

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("kotlin/pom.xml's project version is Release.version")
    func pom() throws {
        let pom = try Self.text("kotlin/pom.xml")
        let line = pom.split(separator: "\n").first { $0.hasPrefix("  <version>") }
        #expect(line == "  <version>\(Release.version)</version>", "\(line ?? "no <version>")")
    }

    @Test("every version of Octet the README and docs/kotlin.md tell a user to depend on is Release.version")
    func dependencyLines() throws {
        for path in ["README.md", "docs/kotlin.md"] {
            let text = try Self.text(path)
            // Gradle's and a coordinate's dev.octet:octet:V, Maven's <artifactId>octet</artifactId> then
            // <version>V</version>, SwiftPM's .package(url: …, from: "V").
            let named =
                text.matches(of: /dev\.octet:octet:(\d+\.\d+\.\d+)/).map { String($0.1) }
                + text.matches(of: /<artifactId>octet<\/artifactId>\s*<version>([^<]+)<\/version>/).map { String($0.1) }
                + text.matches(of: /\.package\(url: [^)]*from: "([^"]+)"/).map { String($0.1) }
            #expect(!named.isEmpty, "\(path) names no version to depend on")
            #expect(named.allSatisfy { $0 == Release.version }, "\(path): \(named), not \(Release.version)")
        }
    }

    @Test("scripts/release reads the version where Release.version is written, and refuses another")
    func releaseScript() throws {
        let folder = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Binary.Running(
            [Self.root.appendingPathComponent("scripts/release").path, "0.0.1", folder.path + "/set", "--unsigned"],
            stdin: nil, in: folder, executable: URL(fileURLWithPath: "/bin/bash")
        ).wait()
        #expect(run.status == 1)
        #expect(
            run.stderr.contains("0.0.1 is not Release.version (\(Release.version), Sources/OctetCLI/Version.swift)"),
            "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/set"))
    }

    @Test("every octet-N.N.N.jar the docs name is this version's")
    func jarNames() throws {
        for path in ["README.md", "docs/kotlin.md"] {
            let text = try Self.text(path)
            let named = text.matches(of: /octet-(\d+\.\d+\.\d+)(-sources)?\.jar/).map { String($0.1) }
            #expect(!named.isEmpty || path == "README.md", "\(path) names no jar")
            #expect(named.allSatisfy { $0 == Release.version }, "\(path): \(named)")
        }
    }
}
