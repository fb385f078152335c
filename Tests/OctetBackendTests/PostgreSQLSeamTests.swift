import Foundation
import Testing

/// libpq stays behind the PostgreSQL store: only Sources/OctetBackend/PostgreSQL/ imports
/// CPostgreSQL, and always as `internal import`, so no libpq type reaches OctetBackend's API.
@Suite("libpq's seam: only OctetBackend/PostgreSQL imports CPostgreSQL, internally")
struct PostgreSQLSeamTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    @Test("every import of CPostgreSQL in Sources is an internal import in OctetBackend/PostgreSQL")
    func onlyTheStoreImportsLibpq() throws {
        let enumerator = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)
        let files = (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
        #expect(files.count > 50)
        var importers: [String] = []
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
            for line in lines where line.split(separator: " ").last == "CPostgreSQL" && line.contains("import") {
                importers.append(file.lastPathComponent)
                #expect(file.deletingLastPathComponent().lastPathComponent == "PostgreSQL", "\(file.path)")
                // Indented inside `#if canImport(CPostgreSQL)`, as swift format lays it out.
                #expect(line.drop { $0 == " " }.hasPrefix("internal import "), "\(file.lastPathComponent): \(line)")
            }
        }
        #expect(importers.contains("PostgreSQLConnection.swift"))
    }
}
