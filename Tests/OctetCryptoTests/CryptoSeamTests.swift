import Foundation
import OctetCrypto
import Testing

/// One crypto library, behind one module: swift-crypto's `Crypto` and `_CryptoExtras` are imported
/// by OctetCrypto (and by octet-bench, whose baseline calls swift-crypto directly) and by nothing
/// else under Sources/, and no file imports a C crypto library.
@Suite("The crypto seam: only OctetCrypto imports swift-crypto")
struct CryptoSeamTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let sources = repository.appendingPathComponent("Sources")

    static func swiftFiles() -> [URL] {
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    }

    /// The modules a file imports, whatever the access level written before `import`.
    static func imports(_ url: URL) throws -> Set<String> {
        let text = try String(contentsOf: url, encoding: .utf8)
        var found: Set<String> = []
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            if let index = words.firstIndex(of: "import"), index + 1 < words.count, index <= 1 {
                found.insert(words[index + 1])
            }
        }
        return found
    }

    @Test("Crypto and _CryptoExtras are imported under OctetCrypto and octet-bench only; COpenSSL nowhere")
    func onlyOctetCryptoImportsSwiftCrypto() throws {
        let files = Self.swiftFiles()
        #expect(files.count > 50)
        var importers: Set<String> = []
        for file in files {
            let imported = try Self.imports(file)
            #expect(!imported.contains("COpenSSL"), "\(file.lastPathComponent)")
            let module = file.deletingLastPathComponent().lastPathComponent
            if !imported.isDisjoint(with: ["Crypto", "_CryptoExtras"]) { importers.insert(module) }
        }
        #expect(importers == ["OctetCrypto", "octet-bench"])
    }

    @Test(
        "CryptoLibrary names the swift-crypto release that ../shared/deps mirrors",
        .enabled(if: FileManager.default.fileExists(atPath: CryptoSeamTests.packages.path), "no ../shared/deps here"))
    func testedReleaseIsMirrored() throws {
        let text = try String(contentsOf: Self.packages, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("swift-crypto ") })
        #expect(line.split(separator: " ")[1] == Substring(CryptoLibrary.testedRelease))
    }

    static let packages = repository.deletingLastPathComponent().appendingPathComponent("shared/deps/PACKAGES")
}
