import Foundation
import Testing

/// The seam a second backend would plug into (docs/platforms.md): OpenSSL is imported by the
/// `*_openssl.swift` files and by nothing else in Sources/.
@Suite("The crypto seam: only *_openssl.swift files import COpenSSL")
struct CryptoSeamTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    static func swiftFiles() -> [URL] {
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    }

    static func importsOpenSSL(_ url: URL) throws -> Bool {
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n").contains { line in
            let words = line.split(separator: " ")
            return words.contains("import") && words.last == "COpenSSL"
        }
    }

    @Test("every file that imports COpenSSL is named *_openssl.swift, and every such file does")
    func onlyBackendFilesImportOpenSSL() throws {
        let files = Self.swiftFiles()
        #expect(files.count > 50)
        for file in files {
            let isBackend = file.lastPathComponent.hasSuffix("_openssl.swift")
            #expect(try Self.importsOpenSSL(file) == isBackend, "\(file.lastPathComponent)")
        }
    }

    @Test(
        "OctetCrypto's API files exist beside their backends",
        arguments: [
            "P256", "SHA256", "Certificate", "Random", "CertificateBuilder", "CryptoLibrary",
        ])
    func apiBesideBackend(name: String) {
        let folder = Self.sources.appendingPathComponent("OctetCrypto")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(name).swift").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(name)_openssl.swift").path))
    }
}
