import CSQLite
import Foundation
import Octet

/// A `ReplayStore` in one SQLite file (`octet-verify --replay-db FILE`): the proof ids and session
/// nonces already accepted.
///
/// Safe when several `octet-verify` processes share one file: WAL journal, a busy timeout, and
/// each look-up-then-record in one `BEGIN IMMEDIATE` transaction (the write lock is taken before
/// the look-up, so two processes can never both see "first sighting" for one proof). Primary keys
/// on both tables are a second line of defence.
///
/// `@unchecked Sendable`: the connection is opened in serialized mode (SQLITE_OPEN_FULLMUTEX) and
/// every transaction runs under `lock`, so concurrent callers never interleave statements.
public final class SQLiteReplayStore: ReplayStore, @unchecked Sendable {
    private var db: OpaquePointer?
    private let lock = NSLock()
    private static let schema = """
        CREATE TABLE IF NOT EXISTS octet_accepted_proofs (
            proof_id BLOB PRIMARY KEY NOT NULL, accepted_at_ms INTEGER NOT NULL) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS octet_accepted_nonces (
            session_nonce BLOB PRIMARY KEY NOT NULL, proof_id BLOB NOT NULL,
            accepted_at_ms INTEGER NOT NULL) WITHOUT ROWID;
        """

    /// Opens (creating if needed) the store at `path`. A file that cannot be opened or is not an
    /// SQLite database is a `BackendError` (`octet-verify` exits 66).
    public init(path: String, busyTimeoutMilliseconds: Int32 = 60_000) throws(BackendError) {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
        guard sqlite3_open_v2(path, &handle, flags, nil) == SQLITE_OK, let handle else {
            if let handle { sqlite3_close_v2(handle) }
            throw BackendError(.replayStoreUnusable, "cannot open replay database \(path)")
        }
        db = handle
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        // journal_mode needs a brief exclusive lock; on a first concurrent open it may be busy once.
        var attempts = 0
        while true {
            let code = exec("PRAGMA journal_mode=WAL;")
            if code == SQLITE_OK { break }
            attempts += 1
            if (code & 0xFF) != SQLITE_BUSY || attempts > 50 {
                throw BackendError(.replayStoreUnusable, "replay database \(path) is not usable: \(message(code))")
            }
            usleep(20_000)
        }
        let created = transaction { () -> Int32 in exec(Self.schema) }
        guard created == SQLITE_OK else {
            throw BackendError(.replayStoreUnusable, "replay database \(path) is not usable: \(message(created))")
        }
    }

    deinit { sqlite3_close_v2(db) }

    /// Looks the proof id and the session nonce up and, when neither was accepted and `record` is
    /// true, accepts both, atomically.
    public func check(_ key: ReplayKey, record: Bool, atMilliseconds: Int64) -> ReplaySighting {
        let proofId = key.proofId
        let sessionNonce = key.sessionNonce
        lock.lock()
        defer { lock.unlock() }
        var sighting: ReplaySighting = .first(recorded: false)
        let code = transaction { () -> Int32 in
            switch exists("SELECT 1 FROM octet_accepted_proofs WHERE proof_id = ?1", proofId) {
            case .failure(let error): return error.code
            case .success(true):
                sighting = .replayedProofId
                return SQLITE_OK
            case .success(false): break
            }
            if let sessionNonce {
                switch exists("SELECT 1 FROM octet_accepted_nonces WHERE session_nonce = ?1", sessionNonce) {
                case .failure(let error): return error.code
                case .success(true):
                    sighting = .replayedSessionNonce
                    return SQLITE_OK
                case .success(false): break
                }
            }
            guard record else { return SQLITE_OK }
            var code = insert(
                "INSERT INTO octet_accepted_proofs (proof_id, accepted_at_ms) VALUES (?1, ?2)", [proofId],
                atMilliseconds)
            if code == SQLITE_OK, let sessionNonce {
                code = insert(
                    "INSERT INTO octet_accepted_nonces (session_nonce, proof_id, accepted_at_ms) VALUES (?1, ?2, ?3)",
                    [sessionNonce, proofId], atMilliseconds)
            }
            if code == SQLITE_OK { sighting = .first(recorded: true) }
            return code
        }
        if code == SQLITE_OK { return sighting }
        // A unique constraint means another writer got there first: a replay, whichever key it was.
        if (code & 0xFF) == SQLITE_CONSTRAINT { return .replayedProofId }
        return .unavailable(message(code))
    }

    // MARK: SQLite plumbing

    /// Runs `body` inside BEGIN IMMEDIATE … COMMIT, rolling back on any error.
    private func transaction(_ body: () -> Int32) -> Int32 {
        let begin = exec("BEGIN IMMEDIATE;")
        guard begin == SQLITE_OK else { return begin }
        let code = body()
        if code == SQLITE_OK {
            let commit = exec("COMMIT;")
            if commit == SQLITE_OK { return SQLITE_OK }
            _ = exec("ROLLBACK;")
            return commit
        }
        _ = exec("ROLLBACK;")
        return code
    }

    private func exec(_ sql: String) -> Int32 {
        sqlite3_exec(db, sql, nil, nil, nil)
    }

    private func exists(_ sql: String, _ key: [UInt8]) -> Result<Bool, SQLiteCode> {
        var statement: OpaquePointer?
        var code = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        guard code == SQLITE_OK else { return .failure(SQLiteCode(code)) }
        code = bind(statement, 1, key)
        guard code == SQLITE_OK else { return .failure(SQLiteCode(code)) }
        code = sqlite3_step(statement)
        switch code {
        case SQLITE_ROW: return .success(true)
        case SQLITE_DONE: return .success(false)
        default: return .failure(SQLiteCode(code))
        }
    }

    private func insert(_ sql: String, _ blobs: [[UInt8]], _ milliseconds: Int64) -> Int32 {
        var statement: OpaquePointer?
        var code = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        guard code == SQLITE_OK else { return code }
        for (index, blob) in blobs.enumerated() {
            code = bind(statement, Int32(index + 1), blob)
            guard code == SQLITE_OK else { return code }
        }
        code = sqlite3_bind_int64(statement, Int32(blobs.count + 1), milliseconds)
        guard code == SQLITE_OK else { return code }
        code = sqlite3_step(statement)
        return code == SQLITE_DONE ? SQLITE_OK : code
    }

    private func bind(_ statement: OpaquePointer?, _ index: Int32, _ blob: [UInt8]) -> Int32 {
        blob.withUnsafeBytes { buffer in
            sqlite3_bind_blob(statement, index, buffer.baseAddress, Int32(buffer.count), octet_sqlite_transient())
        }
    }

    private func message(_ code: Int32) -> String {
        String(cString: sqlite3_errstr(code))
    }
}

/// An SQLite result code, as an `Error` for `Result`.
struct SQLiteCode: Error {
    let code: Int32
    init(_ code: Int32) { self.code = code }
}

extension SQLiteReplayStore: ReplayPruning {
    /// Removes the records of both tables accepted before the horizon, in one transaction.
    public func prune(olderThanMilliseconds: Int64, atMilliseconds: Int64) throws(ReplayStoreError)
        -> ReplayPruneCount
    {
        let cutoff = ReplayPruneHorizon.cutoff(
            olderThanMilliseconds: olderThanMilliseconds, atMilliseconds: atMilliseconds)
        lock.lock()
        defer { lock.unlock() }
        var removed: [Int] = []
        let code = transaction { () -> Int32 in
            for table in ["octet_accepted_proofs", "octet_accepted_nonces"] {
                var statement: OpaquePointer?
                defer { sqlite3_finalize(statement) }
                var code = sqlite3_prepare_v2(
                    db, "DELETE FROM \(table) WHERE accepted_at_ms < ?1", -1, &statement, nil)
                guard code == SQLITE_OK else { return code }
                code = sqlite3_bind_int64(statement, 1, cutoff)
                guard code == SQLITE_OK else { return code }
                code = sqlite3_step(statement)
                guard code == SQLITE_DONE else { return code }
                removed.append(Int(sqlite3_changes(db)))
            }
            return SQLITE_OK
        }
        guard code == SQLITE_OK, removed.count == 2 else {
            throw ReplayStoreError(.statementFailed, "SQLite replay database: cannot prune: \(message(code))")
        }
        return ReplayPruneCount(proofIds: removed[0], sessionNonces: removed[1])
    }
}
