import Foundation
import Octet
import OctetBackend
import OctetTestSupport
import Testing

/// Issue 42, item 6: docs/service.md names the replay stores' tables as a store of this build has
/// them. The documented PostgreSQL schema is the live one, table for table and function for
/// function; the runbook names only tables and functions a live store has (the metrics it names
/// are `/metrics`' own); the SQL it gives runs on a live store of each kind.
enum RunbookSchemaNames {
    static let serviceDoc = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/service.md")

    static func text() throws -> String { try String(contentsOf: serviceDoc, encoding: .utf8) }

    /// The text of `## title` or `### title` up to the next heading of that level or above.
    static func section(_ title: String, in text: String) throws -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("#") && $0.hasSuffix(" " + title) }, "no \(title)")
        let level = lines[start].prefix { $0 == "#" }.count
        var body: [Substring] = []
        var inFence = false
        for line in lines[(start + 1)...] {
            if line.hasPrefix("```") { inFence.toggle() }
            if !inFence, line.hasPrefix("#"), line.prefix(while: { $0 == "#" }).count <= level { break }
            body.append(line)
        }
        return body.joined(separator: "\n")
    }

    /// Every `octet_…` identifier in `text`.
    static func identifiers(_ text: String) -> Set<String> {
        var found = Set<String>()
        var rest = Substring(text)
        while let range = rest.range(of: "octet_") {
            let name = rest[range.lowerBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            found.insert(String(name))
            rest = rest[range.upperBound...]
        }
        return found
    }

    /// The metrics `/metrics` exposes, from their table (a histogram's series add `_bucket`).
    static func metrics(_ text: String) throws -> Set<String> {
        let table = try section("What `/metrics` exposes", in: text)
        let names = table.split(separator: "\n").filter { $0.hasPrefix("| `octet_") }.map {
            String($0.dropFirst(3).prefix { $0 != "`" })
        }
        return Set(names + names.map { $0 + "_bucket" })
    }

    /// The tables the documented PostgreSQL schema creates, and the functions and triggers its
    /// comment names.
    static func documentedPostgreSQL(_ text: String) throws -> (tables: Set<String>, routines: Set<String>) {
        let schema = try section(
            "The PostgreSQL schema (version \(PostgreSQLReplayStore.supportedSchemaVersion))", in: text)
        let block = try #require(
            schema.components(separatedBy: "```sql").dropFirst().first?.components(
                separatedBy: "```"
            ).first)
        let tables = Set(
            block.components(separatedBy: "CREATE TABLE ").dropFirst().map {
                String($0.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            })
        return (tables, identifiers(block).subtracting(tables))
    }

    /// The runbook's names that are not metrics, and the `SELECT …` statements it gives.
    static func runbook(_ text: String) throws -> (names: Set<String>, statements: [String]) {
        let runbook = try section("Runbook", in: text)
        let names = identifiers(runbook).subtracting(try metrics(text))
        let statements = runbook.components(separatedBy: "`SELECT ").dropFirst().map {
            "SELECT " + $0.prefix { $0 != "`" }.replacingOccurrences(of: "\n", with: " ")
        }
        return (names, statements)
    }
}

@Suite("docs/service.md names the replay stores' tables as a live store has them")
struct RunbookSchemaNamesTests {
    @Test("SQLite: the runbook's tables exist in a new store, whose tables are the documented ones but octet_schema")
    func sqlite() throws {
        let text = try RunbookSchemaNames.text()
        let (names, statements) = try RunbookSchemaNames.runbook(text)
        let documented = try RunbookSchemaNames.documentedPostgreSQL(text)
        let directory = try SQLiteReplayStoreTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("replay.db").path
        _ = try SQLiteReplayStore(path: path)
        let tables = Set(try RawSQLite.run(path, "SELECT name FROM sqlite_master WHERE type = 'table';"))
        // SQLite keeps its version in PRAGMA user_version, not a table.
        #expect(tables == documented.tables.subtracting(["octet_schema"]))
        let routines = Set(["octet_accept", "octet_schema"]).union(documented.routines)
        for name in names.subtracting(routines) {
            #expect(tables.contains(name), "the runbook names \(name), which a store of this build does not have")
        }
        #expect(!statements.isEmpty)
        for statement in statements {
            #expect(throws: Never.self, "\(statement)") { try RawSQLite.run(path, statement + ";") }
        }
    }

    @Test(
        "PostgreSQL: the documented tables and functions are a new store's; the runbook's names and SQL are its own",
        .enabled(if: PostgresTestEnvironment.enabled, "\(PostgresTestEnvironment.missing)"))
    func postgreSQL() throws {
        let text = try RunbookSchemaNames.text()
        let (names, statements) = try RunbookSchemaNames.runbook(text)
        let documented = try RunbookSchemaNames.documentedPostgreSQL(text)
        let (store, url) = try PostgreSQLReplayStoreTests.freshStore()
        try store.connect()
        func catalog(_ sql: String) throws -> Set<String> {
            Set(try PostgresAdmin.run(url, sql).compactMap { $0.first ?? nil })
        }
        let tables = try catalog("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
        let functions = try catalog(
            "SELECT proname FROM pg_proc WHERE pronamespace = current_schema()::regnamespace")
        #expect(tables == documented.tables)
        #expect(functions == documented.routines)
        for name in names {
            #expect(
                tables.contains(name) || functions.contains(name),
                "the runbook names \(name), which a store of this build does not have")
        }
        for statement in statements {
            #expect(throws: Never.self, "\(statement)") { try PostgresAdmin.run(url, statement) }
        }
    }
}
