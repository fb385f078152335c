import CSQLite
import Foundation

/// Plain SQLite on a file, for the tests' own set-up and inspection.
public enum RawSQLite {
    public struct Failed: Error, CustomStringConvertible { public let description: String }

    /// Runs `sql` (several statements allowed) on a connection of its own; the first column of
    /// every row of the last statement, as text.
    @discardableResult
    public static func run(_ path: String, _ sql: String) throws -> [String] {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
            sqlite3_close_v2(db)
            throw Failed(description: "cannot open \(path)")
        }
        defer { sqlite3_close_v2(db) }
        var rows: [String] = []
        var rest = sql
        while !rest.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            var statement: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let prepared = rest.withCString { text -> Int32 in
                let code = sqlite3_prepare_v2(db, text, -1, &statement, &tail)
                rest = tail.map { String(cString: $0) } ?? ""
                return code
            }
            guard prepared == SQLITE_OK else { throw Failed(description: String(cString: sqlite3_errmsg(db))) }
            guard let statement else { continue }
            defer { sqlite3_finalize(statement) }
            rows = []
            while true {
                let step = sqlite3_step(statement)
                if step == SQLITE_DONE { break }
                guard step == SQLITE_ROW else { throw Failed(description: String(cString: sqlite3_errmsg(db))) }
                rows.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "NULL")
            }
        }
        return rows
    }

    /// An SQLite replay store's schema version 1, as that build created it (`SQLiteReplayStore.schema`
    /// at main 867d735).
    public static let versionOneReplaySchema = """
        CREATE TABLE IF NOT EXISTS octet_accepted_proofs (
            proof_id BLOB PRIMARY KEY NOT NULL, accepted_at_ms INTEGER NOT NULL) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS octet_accepted_nonces (
            session_nonce BLOB PRIMARY KEY NOT NULL, proof_id BLOB NOT NULL,
            accepted_at_ms INTEGER NOT NULL) WITHOUT ROWID;
        PRAGMA user_version = 1;
        """
}
