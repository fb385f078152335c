import Foundation
import Octet
import OctetBackend
import OctetTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Holds an SQLite lock from another process (the `sqlite3` shell) until `release()`.
final class SQLiteLockHolder {
    let process = Process()
    let input = Pipe()
    let output = Pipe()

    /// Runs `sql` (e.g. `BEGIN EXCLUSIVE;`) on `path` and returns once it holds.
    init(_ path: String, _ sql: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("\(sql)\nSELECT 'held';\n".utf8))
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("held") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += chunk
        }
    }

    func release() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

@Suite("SQLiteReplayStore: the path is a file SQLite locks safely; opening never waits on a busy store")
struct ReplayStorePathTests {
    static let sqlite3 = FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")

    static func key(_ id: UInt8) -> ReplayKey {
        ReplayKey.testing(proofId: [UInt8](repeating: id, count: 16), sessionNonce: nil)
    }

    static func refused(_ path: String, says: String) {
        #expect {
            _ = try SQLiteReplayStore(path: path, busyTimeoutMilliseconds: 100)
        } throws: { error in
            guard let error = error as? BackendError else { return false }
            return error.code == .replayStoreUnusable && error.message.contains(says)
        }
    }

    @Test("a second hard link to the database is refused, by either name")
    func hardLinks() throws {
        let directory = try SQLiteReplayStoreTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("r.db").path
        _ = try SQLiteReplayStore(path: path)
        let other = directory.appendingPathComponent("other.db").path
        #expect(link(path, other) == 0)
        Self.refused(path, says: "2 hard links")
        Self.refused(other, says: "2 hard links")
    }

    @Test("a directory, a FIFO, a missing directory and an empty path are refused")
    func notAFile() throws {
        let directory = try SQLiteReplayStoreTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        Self.refused(directory.path, says: "not a regular file")
        let fifo = directory.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        Self.refused(fifo, says: "not a regular file")
        Self.refused(directory.appendingPathComponent("no/such/r.db").path, says: "directory does not exist")
        Self.refused("", says: "expected a file path")
    }

    @Test(
        "network and FUSE file systems are refused by their statfs magic; local ones are not",
        arguments: [
            (Int64(0x6969), "NFS"), (0x517B, "SMB"), (0xFF53_4D42, "CIFS"), (0xFE53_4D42, "SMB2"),
            (0x6573_5546, "FUSE"), (0x0102_1997, "9P"), (0x00C3_6400, "Ceph"), (0xEF53, nil), (0x0102_1994, nil),
            (0x5846_5342, nil), (0x794C_7630, nil),
        ] as [(Int64, String?)])
    func fileSystems(_ magic: Int64, _ name: String?) {
        #expect(SQLiteReplayStore.unreliableLockingFileSystem(magic: magic) == name)
    }

    @Test(
        "a store busy at start opens at once; look-ups are unavailable until the lock goes, then it works",
        .enabled(if: sqlite3, "needs the sqlite3 shell"))
    func busyAtStart() throws {
        let directory = try SQLiteReplayStoreTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("r.db").path
        // A database in rollback mode, exclusively locked: nothing can even read it.
        let holder = try SQLiteLockHolder(path, "CREATE TABLE t(x); BEGIN EXCLUSIVE; INSERT INTO t VALUES (1);")
        let store = try SQLiteReplayStore(path: path, busyTimeoutMilliseconds: 100)
        #expect(!store.isReady)
        guard case .unavailable(let reason) = store.check(Self.key(1), record: true, atMilliseconds: 0) else {
            Issue.record("a busy store answered")
            holder.release()
            return
        }
        #expect(reason.contains("busy"))
        holder.release()
        #expect(store.check(Self.key(1), record: true, atMilliseconds: 0) == .first(recorded: true))
        #expect(store.isReady)
    }

    @Test(
        "the schema is created once: a set-up store opens while another process holds the write lock",
        .enabled(if: sqlite3, "needs the sqlite3 shell"))
    func schemaOnce() throws {
        let directory = try SQLiteReplayStoreTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("r.db").path
        #expect(
            try SQLiteReplayStore(path: path).check(Self.key(1), record: true, atMilliseconds: 0)
                == .first(recorded: true))
        // WAL: a writer holding its lock does not stop readers, and opening only reads now.
        let holder = try SQLiteLockHolder(
            path, "BEGIN IMMEDIATE; INSERT INTO octet_accepted_identities VALUES (x'00', 0);")
        let store = try SQLiteReplayStore(path: path, busyTimeoutMilliseconds: 100)
        #expect(store.isReady, "opening wrote (or waited for the write lock)")
        holder.release()
        #expect(store.check(Self.key(1), record: false, atMilliseconds: 0) == .replayedProofId)
    }

    @Test("a database from a newer schema is refused", .enabled(if: sqlite3, "needs the sqlite3 shell"))
    func newerSchema() throws {
        let directory = try SQLiteReplayStoreTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("r.db").path
        _ = try SQLiteReplayStore(path: path)
        try SQLiteLockHolder(path, "PRAGMA user_version = 7;").release()
        Self.refused(path, says: "schema version 7 is newer")
    }
}
