import Foundation
import Testing

/// docs/architecture.md's table says what each module may import; Package.swift's dependencies and
/// the `import` lines under Sources/ must keep to it.
@Suite("The layering: every module imports only what docs/architecture.md allows")
struct ArchitectureTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// What `platform` stands for in the table.
    static let platform: Set<String> = ["Glibc", "Darwin", "Musl", "Dispatch", "Synchronization"]

    /// The table: module → what it may import (with `platform` expanded).
    static func allowed() throws -> [String: Set<String>] {
        let text = try String(
            contentsOf: repository.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        var table: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 3 else { continue }
            let module = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            var imports = Set(backticked(cells[2]))
            if imports.remove("platform") != nil { imports.formUnion(platform) }
            table[module] = imports
        }
        return table
    }

    static func backticked(_ text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map {
            String($0.element)
        }
    }

    /// Package.swift's targets (source targets, not tests) and the modules each depends on.
    static func packageDependencies() throws -> [String: Set<String>] {
        let text = try String(contentsOf: repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        var result: [String: Set<String>] = [:]
        var rest = Substring(text)
        let openers = [".target(", ".executableTarget(", ".systemLibrary("]
        while let start = openers.compactMap({ rest.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) {
            // The call's text, up to its balanced closing parenthesis.
            var depth = 0
            var end = start.upperBound
            var index = rest.index(before: start.upperBound)
            while index < rest.endIndex {
                if rest[index] == "(" { depth += 1 }
                if rest[index] == ")" {
                    depth -= 1
                    if depth == 0 {
                        end = rest.index(after: index)
                        break
                    }
                }
                index = rest.index(after: index)
            }
            let call = String(rest[start.lowerBound..<end])
            rest = rest[end...]
            guard let nameRange = call.range(of: #"name: ""#) else { continue }
            let afterName = call[nameRange.upperBound...]
            let name = String(afterName.prefix { $0 != "\"" })
            // A dependency inside a target's dependency list is `.target(name: …)` too: only
            // calls that are targets themselves (a quoted name right after the opener) count.
            let compact = String(call.filter { !$0.isWhitespace })
            guard
                compact.hasPrefix(".target(name:") || compact.hasPrefix(".executableTarget(name:")
                    || compact.hasPrefix(".systemLibrary(name:")
            else { continue }
            var dependencies: Set<String> = []
            if let list = call.range(of: "dependencies: [") {
                var body = String(call[list.upperBound...])
                // Trait conditions name traits, not modules.
                while let traits = body.range(of: "traits: [") {
                    let close = body[traits.upperBound...].firstIndex(of: "]") ?? body.endIndex
                    body.removeSubrange(traits.lowerBound..<close)
                }
                // A product's `package:` names a package (swift-crypto), not a module.
                while let package = body.range(of: #"package: ""#),
                    let close = body[package.upperBound...].firstIndex(of: "\"")
                {
                    body.removeSubrange(package.lowerBound...close)
                }
                let closing = body.firstIndex(of: "]") ?? body.endIndex
                let quoted = body[..<closing].split(separator: "\"", omittingEmptySubsequences: false)
                for (offset, piece) in quoted.enumerated() where offset % 2 == 1 { dependencies.insert(String(piece)) }
            }
            result[name] = dependencies
        }
        return result
    }

    /// Every module imported by the Swift files of `Sources/<module>`.
    static func imports(of module: String) throws -> Set<String> {
        let folder = repository.appendingPathComponent("Sources/\(module)")
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var found: Set<String> = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ").map(String.init).filter {
                    !["@testable", "@_implementationOnly", "public", "package", "internal", "@preconcurrency"].contains(
                        $0)
                }
                if words.count == 2, words[0] == "import" { found.insert(words[1]) }
                if words.count == 3, words[0] == "import", ["struct", "enum", "class", "func"].contains(words[1]) {
                    found.insert(String(words[2].prefix { $0 != "." }))
                }
            }
        }
        return found
    }

    @Test("the table lists every source module of Package.swift, and nothing else")
    func tableCoversPackage() throws {
        let table = try Self.allowed()
        let package = try Self.packageDependencies()
        // Test-only targets live outside Sources/ and are not part of the layering.
        let sourceModules = Set(package.keys).filter {
            FileManager.default.fileExists(atPath: Self.repository.appendingPathComponent("Sources/\($0)").path)
        }
        #expect(sourceModules.count > 20, "Package.swift's targets were read")
        #expect(Set(table.keys) == sourceModules)
    }

    @Test("Package.swift gives each module only the dependencies the table allows")
    func packageKeepsTheLayers() throws {
        let table = try Self.allowed()
        for (module, dependencies) in try Self.packageDependencies() {
            guard let allowed = table[module] else { continue }
            let forbidden = dependencies.subtracting(allowed)
            #expect(forbidden.isEmpty, "\(module) depends on \(forbidden.sorted()) (docs/architecture.md)")
        }
    }

    @Test("no file under Sources/ imports a module its module may not")
    func importsKeepTheLayers() throws {
        let table = try Self.allowed()
        #expect(table["OctetEncoding"] == [], "the table was read")
        for (module, allowed) in table {
            let forbidden = try Self.imports(of: module).subtracting(allowed)
            #expect(forbidden.isEmpty, "\(module) imports \(forbidden.sorted()) (docs/architecture.md)")
        }
    }

    @Test("the checker itself sees a forbidden import: OctetBackend importing OctetCLI would be refused")
    func checkerCanFail() throws {
        let table = try Self.allowed()
        #expect(table["OctetBackend"]?.contains("OctetCLI") == false)
        #expect(table["Octet"]?.contains("CSQLite") == false)
        #expect(table["OctetCLI"]?.contains("OctetServe") == false)
        #expect(try Self.imports(of: "OctetServe").contains("OctetCLI"), "imports are read")
        #expect(try Self.packageDependencies()["OctetBackend"]?.contains("CPostgreSQL") == true, "conditional ones too")
    }
}
