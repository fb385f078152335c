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
