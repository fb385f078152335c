import CSQLite
import Foundation
import Octet
import OctetThreads

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A `ReplayStore` in one SQLite file (`octet-verify --replay-db FILE`): the proof identities and
/// session nonces already accepted.
///
/// Safe when several `octet-verify` processes share one file: WAL journal, a busy timeout, and
/// each look-up-then-record in one `BEGIN IMMEDIATE` transaction (the write lock is taken before
/// the look-up, so two processes can never both see "first sighting" for one proof). Primary keys
/// on both tables are a second line of defence.
///
/// Schema version 3 keeps a proof under its proof identity (`ReplayKey.proofIdentity`), and keeps
/// the store's prune horizon (`octet_prune_horizon`: the newest acceptance time any deletion
/// removed, advanced by triggers in the deleting transaction, whoever deletes). A look-up whose
/// window reaches back to the horizon answers `.windowPruned` and records nothing, in its
/// transaction. A file of version 1 (proofs kept under `proof_id`) or 2 (no horizon) is migrated at
/// the first look-up that can get the write lock, in one transaction: version 1's proof table is
/// renamed `octet_v1_accepted_proof_ids` and kept, read-only, so the ids it holds stay refused
/// until pruned; the horizon of a migrated file starts at the newest time an earlier prune can have
/// removed (``ReplayPruneHorizon/migratedHorizon(atMilliseconds:)``). The handler given to `init`
/// is told once. A version-1 process still holding the file open then finds its table gone and
/// answers `.unavailable`, never a double acceptance; a version-2 process does not know the
/// horizon, so every process sharing the file is upgraded together (docs/service.md).
///
/// The path means what it says (docs/cli.md, `--replay-db`):
/// - it is a file path, never an SQLite URI or the in-memory database: it is opened without
///   `SQLITE_OPEN_URI`, and a relative name is given to SQLite as `./NAME`, so `:memory:`,
///   `file::memory:`, `file:x?mode=memory` or `file:x?nolock=1` name files in the current directory
///   (SQLite reads a name as a URI or as memory only when it starts `file:` or is `:memory:`);
/// - it must be a regular file, or a new file in an existing directory;
/// - the database must have exactly one hard link: SQLite names its WAL after the name it was
///   opened by, so two names for one file get two WALs and lose the locking between them;
/// - it must not be on a file system where SQLite's locking is known not to hold
///   (``unreliableLockingFileSystem(magic:)``: NFS, SMB/CIFS, AFS, Coda, NCP, 9P, Ceph, FUSE).
///
/// Opening never waits on a busy database: the schema (created once, versioned by `PRAGMA
/// user_version`) is set up at the first look-up that can get the lock, and until then each
/// look-up answers `.unavailable` after the busy timeout, as a busy store does mid-batch.
///
/// `@unchecked Sendable`: the connection is opened in serialized mode (SQLITE_OPEN_FULLMUTEX) and
/// every transaction runs under `lock`, so concurrent callers never interleave statements.
public final class SQLiteReplayStore: ReplayStore, @unchecked Sendable {
    private var db: OpaquePointer?
    private let lock = Lock()
    /// The schema is in place (guarded by `lock`).
    private var ready = false
    /// The path as given, for messages.
    private let shownPath: String
    private let onMigration: ReplaySchemaMigrationHandler?
    /// This build's schema version, in `PRAGMA user_version`.
    public static let schemaVersion = 3
    /// Version 3, made at once in a new file. `octet_v1_accepted_proof_ids` holds the records of
    /// version 1 (by `proof_id`) in a migrated file; it is read and pruned, never written, and is
    /// empty in a file made at version 2 or later. A nonce's `proof_identity` is the proof id in a row of
    /// version 1; nothing reads it (the nonce alone is the key).
    private static let schema = """
        CREATE TABLE IF NOT EXISTS octet_accepted_identities (
            proof_identity BLOB PRIMARY KEY NOT NULL, accepted_at_ms INTEGER NOT NULL) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS octet_accepted_nonces (
            session_nonce BLOB PRIMARY KEY NOT NULL, proof_identity BLOB NOT NULL,
            accepted_at_ms INTEGER NOT NULL) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS octet_v1_accepted_proof_ids (
            proof_id BLOB PRIMARY KEY NOT NULL, accepted_at_ms INTEGER NOT NULL) WITHOUT ROWID;
        \(horizon(startingAt: nil))
        PRAGMA user_version = 3;
        """

    /// The prune horizon (version 3): one row, NULL until a record is deleted, and a trigger on each
    /// record table that moves it forward to the acceptance time of each deleted row, in the
    /// deleting transaction. Any deletion counts (`replay prune`, `--prune-every`, an operator's own
    /// `DELETE`): writers never delete, so only removals move it; it never moves back.
    private static func horizon(startingAt start: Int64?) -> String {
        var sql = """
            CREATE TABLE IF NOT EXISTS octet_prune_horizon (
                singleton INTEGER PRIMARY KEY NOT NULL CHECK (singleton = 1), horizon_ms INTEGER);
            INSERT OR IGNORE INTO octet_prune_horizon VALUES (1, \(start.map { String($0) } ?? "NULL"));

            """
        for table in ["octet_accepted_identities", "octet_v1_accepted_proof_ids", "octet_accepted_nonces"] {
            sql += """
                CREATE TRIGGER IF NOT EXISTS \(table)_pruned AFTER DELETE ON \(table) BEGIN
                    UPDATE octet_prune_horizon SET horizon_ms = OLD.accepted_at_ms
                        WHERE horizon_ms IS NULL OR horizon_ms < OLD.accepted_at_ms;
                END;

                """
        }
        return sql
    }
    /// Version 1 to 2, in the transaction that holds the write lock. The renames also make a
    /// version-1 process that still has the file open fail its next look-up (no such table)
    /// instead of recording by proof id where version 2 no longer looks.
    private static let fromVersionOne = """
        ALTER TABLE octet_accepted_proofs RENAME TO octet_v1_accepted_proof_ids;
        ALTER TABLE octet_accepted_nonces RENAME COLUMN proof_id TO proof_identity;
        CREATE TABLE octet_accepted_identities (
            proof_identity BLOB PRIMARY KEY NOT NULL, accepted_at_ms INTEGER NOT NULL) WITHOUT ROWID;

        """

    /// Version 1 or 2 to 3, in the transaction that holds the write lock, at `now` (this host's
    /// clock): the horizon starts where an earlier prune may have reached.
    private static func migration(from version: Int64, now: Int64) -> String {
        (version == 1 ? fromVersionOne : "")
            + horizon(startingAt: ReplayPruneHorizon.migratedHorizon(atMilliseconds: now))
            + "PRAGMA user_version = 3;"
    }

    /// How long a look-up waits for a store another process holds busy before `replay-uniqueness`
    /// is INCONCLUSIVE (REPLAY_STORE_UNAVAILABLE; `serve` answers 503): the one busy timeout of
    /// every front end, and of the recording probe.
    public static let defaultBusyTimeoutMilliseconds: Int32 = 2_000

    /// Opens (creating if needed) the store at `path`. A path that is not a file path SQLite will
    /// lock safely, or a file that is not an SQLite database of this schema, is a `BackendError`
    /// (`octet-verify` exits 66). `onMigration` is told once if this store migrates the file from
    /// schema version 1 (during `init`, or at the first look-up when the file was busy).
    public init(
        path: String, busyTimeoutMilliseconds: Int32 = defaultBusyTimeoutMilliseconds,
        onMigration: ReplaySchemaMigrationHandler? = nil
    ) throws(BackendError) {
        shownPath = path
        self.onMigration = onMigration
        let name = try Self.checkedPath(path)
        var handle: OpaquePointer?
        // No SQLITE_OPEN_URI: with the "./" or "/" prefix, no build option can make this a URI.
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
        guard sqlite3_open_v2(name, &handle, flags, nil) == SQLITE_OK, let handle else {
            if let handle { sqlite3_close_v2(handle) }
            throw BackendError(.replayStoreUnusable, "cannot open replay database \(path)")
        }
        db = handle
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        // Each commit synced to disk (in WAL, FULL syncs the WAL at every commit): a proof reported
        // `valid` stays recorded through a crash or a power loss. Some builds default to NORMAL.
        _ = exec("PRAGMA synchronous=FULL;")
        // Opening may have created it: the name must still be the file's only one.
        try Self.checkLinks(name, shownAs: path)
        switch setUp() {
        case .success, .failure(.busy): break
        case .failure(.unusable(let reason)):
            throw BackendError(.replayStoreUnusable, "replay database \(path) is not usable: \(reason)")
        }
    }

    /// True once the schema is in place; false while the database stayed busy (the look-ups then
    /// retry, each answering `.unavailable` until it succeeds).
    public var isReady: Bool { lock.withLock { ready } }

    /// The name to give SQLite for `path`, after the checks above; or why `path` is refused.
    static func checkedPath(_ path: String) throws(BackendError) -> String {
        guard !path.isEmpty, !path.utf8.contains(0) else {
            throw BackendError(.replayStoreUnusable, "replay database: expected a file path")
        }
        let name = path.hasPrefix("/") ? path : "./" + path
        var status = stat()
        if stat(name, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw BackendError(.replayStoreUnusable, "replay database \(path) is not a regular file")
            }
            try checkLinks(name, shownAs: path)
        } else {
            guard errno == ENOENT else {
                throw BackendError(.replayStoreUnusable, "replay database \(path) cannot be examined (errno \(errno))")
            }
            let directory = Self.parentDirectory(name)
            var folder = stat()
            guard stat(directory, &folder) == 0, folder.st_mode & S_IFMT == S_IFDIR else {
                throw BackendError(
                    .replayStoreUnusable, "replay database \(path): its directory does not exist")
            }
        }
        let examined = stat(name, &status) == 0 ? name : Self.parentDirectory(name)
        let magic = octet_filesystem_magic(examined)
        if magic >= 0, let kind = unreliableLockingFileSystem(magic: Int64(magic)) {
            throw BackendError(
                .replayStoreUnusable,
                "replay database \(path) is on \(kind), where SQLite's file locking does not hold: "
                    + "put it on a local file system")
        }
        return name
    }

    /// `NSString.deletingLastPathComponent` without swift-corelibs-foundation (see OctetThreads):
    /// the path before its last component, "/" for a file at the root, "" for a bare name.
    static func parentDirectory(_ path: String) -> String {
        if path.count > 1, path.allSatisfy({ $0 == "/" }) { return "" }  // NSString's answer for "//"
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        var parent = trimmed[..<slash]
        while parent.count > 1, parent.hasSuffix("/") { parent.removeLast() }
        return String(parent)
    }

    private static func checkLinks(_ name: String, shownAs path: String) throws(BackendError) {
        var status = stat()
        guard stat(name, &status) == 0 else { return }
        guard status.st_nlink <= 1 else {
            throw BackendError(
                .replayStoreUnusable,
                "replay database \(path) has \(status.st_nlink) hard links: SQLite keeps a journal per name, "
                    + "so two names would not lock each other out; use one name")
        }
    }

    /// The file systems (by `statfs` magic) where SQLite's POSIX advisory locks are known not to
    /// be reliable (sqlite.org, "How To Corrupt An SQLite Database File", 2.1), or not to be
    /// shared between clients: named for the message; nil for any other.
    public static func unreliableLockingFileSystem(magic: Int64) -> String? {
        switch magic & 0xFFFF_FFFF {
        case 0x6969: "NFS"
        case 0x517B: "SMB"
        case 0xFF53_4D42: "CIFS"
        case 0xFE53_4D42: "SMB2"
        case 0x5346_414F: "AFS"
        case 0x7375_7245: "Coda"
        case 0x564C: "NCP (NetWare)"
        case 0x0102_1997: "9P"
        case 0x00C3_6400: "Ceph"
        case 0x6573_5546: "FUSE"
        default: nil
        }
    }

    private enum SetUpFailure: Error {
        case busy
        case unusable(String)
    }

    /// WAL and the schema, once: nothing is written when `user_version` already says so; a file
    /// of version 1 is migrated.
    private func setUp() -> Result<Void, SetUpFailure> {
        if ready { return .success(()) }
        func failure(_ code: Int32) -> SetUpFailure {
            let primary = code & 0xFF
            return primary == SQLITE_BUSY || primary == SQLITE_LOCKED ? .busy : .unusable(message(code))
        }
        switch queryText("PRAGMA journal_mode;") {
        case .failure(let error): return .failure(failure(error.code))
        case .success(let mode) where mode?.lowercased() != "wal":
            switch queryText("PRAGMA journal_mode=WAL;") {
            case .failure(let error): return .failure(failure(error.code))
            case .success(let mode) where mode?.lowercased() != "wal":
                // SQLite answers with the mode it kept when it could not change it (a lock held).
                return .failure(.busy)
            case .success: break
            }
        case .success: break
        }
        switch queryInt("PRAGMA user_version;") {
        case .failure(let error): return .failure(failure(error.code))
        case .success(let version) where version == Int64(Self.schemaVersion):
            ready = true
            return .success(())
        case .success(let version) where version > Int64(Self.schemaVersion):
            return .failure(.unusable("its schema version \(version) is newer than this build's \(Self.schemaVersion)"))
        case .success: break
        }
        var migratedFrom: Int?
        let created = transaction { () -> Int32 in
            // Another process may have created or migrated it meanwhile: the write lock is ours now.
            switch queryInt("PRAGMA user_version;") {
            case .failure(let error): return error.code
            case .success(let version) where version == Int64(Self.schemaVersion): return SQLITE_OK
            case .success(let version) where version == 1 || version == 2:
                migratedFrom = Int(version)
                return exec(Self.migration(from: version, now: Int64(Date().timeIntervalSince1970 * 1000)))
            case .success(0): return exec(Self.schema)
            case .success: return SQLITE_ERROR  // Newer, or unknown: judged below, outside the transaction.
            }
        }
        guard created == SQLITE_OK else {
            if case .success(let version) = queryInt("PRAGMA user_version;"), !(0...2).contains(version),
                version != Int64(Self.schemaVersion)
            {
                return .failure(.unusable("its schema version \(version) is not one this build reads"))
            }
            return .failure(failure(created))
        }
        ready = true
        if let migratedFrom {
            onMigration?(
                ReplaySchemaMigration(fromVersion: migratedFrom, toVersion: Self.schemaVersion, store: shownPath))
        }
        return .success(())
    }

    deinit { sqlite3_close_v2(db) }

    /// A look-up that does not say how far back its window reaches: judged as if it reached back
    /// without bound, so once anything was pruned it is `.windowPruned` unless a record answers.
    public func check(_ key: ReplayKey, record: Bool, atMilliseconds: Int64) -> ReplaySighting {
        check(key, record: record, atMilliseconds: atMilliseconds, windowFromMilliseconds: Int64.min)
    }

    /// Looks the proof identity (and the proof id among version 1's records) and the session nonce
    /// up and, when neither was accepted, the window does not reach back to the prune horizon and
    /// `record` is true, accepts both, atomically.
    public func check(_ key: ReplayKey, record: Bool, atMilliseconds: Int64, windowFromMilliseconds: Int64)
        -> ReplaySighting
    {
        let identity = key.proofIdentity
        let proofId = key.proofId
        let sessionNonce = key.sessionNonce
        lock.lock()
        defer { lock.unlock() }
        switch setUp() {
        case .success: break
        case .failure(.busy): return .unavailable("replay database busy beyond the timeout (schema not set up)")
        case .failure(.unusable(let reason)): return .unavailable(reason)
        }
        var sighting: ReplaySighting = .first(recorded: false)
        let code = transaction { () -> Int32 in
            switch exists(
                """
                SELECT 1 WHERE EXISTS (SELECT 1 FROM octet_accepted_identities WHERE proof_identity = ?1)
                    OR EXISTS (SELECT 1 FROM octet_v1_accepted_proof_ids WHERE proof_id = ?2)
                """, identity, proofId)
            {
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
            // Under the write lock: no prune can come between this and the insert.
            switch reachesHorizon(windowFromMilliseconds) {
            case .failure(let error): return error.code
            case .success(true):
                sighting = .windowPruned
                return SQLITE_OK
            case .success(false): break
            }
            guard record else { return SQLITE_OK }
            var code = insert(
                "INSERT INTO octet_accepted_identities (proof_identity, accepted_at_ms) VALUES (?1, ?2)", [identity],
                atMilliseconds)
            if code == SQLITE_OK, let sessionNonce {
                code = insert(
                    """
                    INSERT INTO octet_accepted_nonces (session_nonce, proof_identity, accepted_at_ms)
                        VALUES (?1, ?2, ?3)
                    """, [sessionNonce, identity], atMilliseconds)
            }
            if code == SQLITE_OK { sighting = .first(recorded: true) }
            return code
        }
        if code == SQLITE_OK { return sighting }
        // A unique constraint means another writer got there first: already accepted, whichever key it was.
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

    /// The first column of the first row as text (nil when NULL or no row).
    private func queryText(_ sql: String) -> Result<String?, SQLiteCode> {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        guard code == SQLITE_OK else { return .failure(SQLiteCode(code)) }
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return .success(sqlite3_column_text(statement, 0).map { String(cString: $0) })
        case SQLITE_DONE: return .success(nil)
        case let other: return .failure(SQLiteCode(other))
        }
    }

    private func queryInt(_ sql: String) -> Result<Int64, SQLiteCode> {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        guard code == SQLITE_OK else { return .failure(SQLiteCode(code)) }
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return .success(sqlite3_column_int64(statement, 0))
        case SQLITE_DONE: return .success(0)
        case let other: return .failure(SQLiteCode(other))
        }
    }

    private func exists(_ sql: String, _ keys: [UInt8]...) -> Result<Bool, SQLiteCode> {
        rowExists(sql) { statement in
            for (index, key) in keys.enumerated() {
                let code = bind(statement, Int32(index + 1), key)
                guard code == SQLITE_OK else { return code }
            }
            return SQLITE_OK
        }
    }

    /// Whether a window from `windowFrom` reaches back to the prune horizon (NULL: never pruned).
    private func reachesHorizon(_ windowFrom: Int64) -> Result<Bool, SQLiteCode> {
        rowExists("SELECT 1 FROM octet_prune_horizon WHERE horizon_ms >= ?1") {
            sqlite3_bind_int64($0, 1, windowFrom)
        }
    }

    /// Whether `sql`, its parameters bound by `binding`, gives a row.
    private func rowExists(_ sql: String, binding: (OpaquePointer?) -> Int32) -> Result<Bool, SQLiteCode> {
        var statement: OpaquePointer?
        var code = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        guard code == SQLITE_OK else { return .failure(SQLiteCode(code)) }
        code = binding(statement)
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
    /// Removes the records accepted before the cutoff, by identity, by version 1's proof id and by
    /// nonce, in one transaction, in which the tables' triggers move the prune horizon forward to
    /// the newest acceptance time removed (never back: concurrent prunes take the write lock in turn).
    public func prune(olderThanMilliseconds: Int64, atMilliseconds: Int64) throws(ReplayStoreError)
        -> ReplayPruneCount
    {
        let cutoff = ReplayPruneHorizon.cutoff(
            olderThanMilliseconds: olderThanMilliseconds, atMilliseconds: atMilliseconds)
        lock.lock()
        defer { lock.unlock() }
        // The schema first: a file of an earlier version gets its horizon before anything is removed.
        switch setUp() {
        case .success: break
        case .failure(.busy):
            throw ReplayStoreError(.statementFailed, "SQLite replay database: cannot prune: busy beyond the timeout")
        case .failure(.unusable(let reason)):
            throw ReplayStoreError(.unusable, "SQLite replay database: cannot prune: \(reason)")
        }
        var removed: [Int] = []
        let code = transaction { () -> Int32 in
            for table in ["octet_accepted_identities", "octet_v1_accepted_proof_ids", "octet_accepted_nonces"] {
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
        guard code == SQLITE_OK, removed.count == 3 else {
            throw ReplayStoreError(.statementFailed, "SQLite replay database: cannot prune: \(message(code))")
        }
        return ReplayPruneCount(proofs: removed[0] + removed[1], sessionNonces: removed[2])
    }
}
