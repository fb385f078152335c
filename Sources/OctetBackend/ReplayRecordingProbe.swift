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

/// Whether a replay store could record an acceptance now, asked without recording anything: for a
/// service's readiness (`octet-verify serve`'s `/healthz`). A store that answers look-ups may still
/// refuse writes (a read-only database file, a PostgreSQL role without INSERT, a read-only
/// transaction default): a look-up alone would call it healthy while every acceptance fails.
///
/// Kept apart from `ReplayStore` (and from the stores' own types): a probe has its own connection,
/// so asking never waits behind verifications, and a store a backend brings needs none.
public protocol ReplayRecordingProbe: AnyObject, Sendable {
    /// nil when a write would be accepted now; otherwise a log-safe reason. The probe writes in a
    /// transaction it rolls back: nothing is ever recorded.
    func cannotRecord() -> String?
}

/// The recording probe for an SQLite replay store (`sqlite:PATH`): a connection of its own to the
/// same file, opened read-write like the store's (never created: the store made it), which takes
/// the write lock (`BEGIN IMMEDIATE`), writes (`CREATE TABLE` of a scratch table under a random name) and rolls back.
/// That fails while another process holds the write lock (after the busy timeout), and while
/// SQLite can only read the file (a read-only or immutable file, a read-only mount), which a
/// look-up does not notice. It cannot see a disk that is full: nothing reaches the disk before a
/// commit, and the probe never commits.
///
/// The connection is opened at the first probe and kept, so that it is opened in the mode the
/// store's own connection was (a file made read-only later still takes the store's writes, through
/// its open descriptor, and the probe's).
///
/// `@unchecked Sendable`: the connection is used under `lock` only.
public final class SQLiteRecordingProbe: ReplayRecordingProbe, @unchecked Sendable {
    private let name: String
    private let busyTimeoutMilliseconds: Int32
    private let lock = Lock()
    private var db: OpaquePointer?

    /// `path` as given to `SQLiteReplayStore(path:)`.
    public init(path: String, busyTimeoutMilliseconds: Int32 = SQLiteReplayStore.defaultBusyTimeoutMilliseconds) {
        // As the store names it: never a URI, never the in-memory database.
        name = path.hasPrefix("/") ? path : "./" + path
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
    }

    deinit { sqlite3_close_v2(db) }

    public func cannotRecord() -> String? {
        lock.withLock {
            if db == nil {
                var handle: OpaquePointer?
                let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX
                guard sqlite3_open_v2(name, &handle, flags, nil) == SQLITE_OK, let handle else {
                    if let handle { sqlite3_close_v2(handle) }
                    return "the replay database cannot be opened for writing"
                }
                sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
                db = handle
            }
            let begin = sqlite3_exec(db, "BEGIN IMMEDIATE;", nil, nil, nil)
            guard begin == SQLITE_OK else { return Self.reason(begin) }
            // A name no table has (it is never committed), so the statement always writes.
            let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 16)
            let write = sqlite3_exec(db, "CREATE TABLE octet_recording_probe_\(suffix) (x);", nil, nil, nil)
            _ = sqlite3_exec(db, "ROLLBACK;", nil, nil, nil)
            return write == SQLITE_OK ? nil : Self.reason(write)
        }
    }

    private static func reason(_ code: Int32) -> String {
        switch code & 0xFF {
        case SQLITE_READONLY: "the replay database is read-only: \(String(cString: sqlite3_errstr(code)))"
        case SQLITE_BUSY, SQLITE_LOCKED: "the replay database's write lock is held by another connection"
        default: "the replay database refuses writes: \(String(cString: sqlite3_errstr(code)))"
        }
    }
}
