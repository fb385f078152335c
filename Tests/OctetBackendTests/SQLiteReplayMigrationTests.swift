import Foundation
import Octet
import OctetBackend
import OctetEncoding
import OctetTestSupport
import Testing

/// Collects what a store's migration handler is told. `@unchecked Sendable`: guarded by `lock`.
final class MigrationNotices: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [ReplaySchemaMigration] = []
    var all: [ReplaySchemaMigration] { lock.withLock { seen } }
    var handler: ReplaySchemaMigrationHandler { { migration in self.lock.withLock { self.seen.append(migration) } } }
}

@Suite("SQLiteReplayStore schema version 3: a file of version 1 or 2 is migrated once; old ids stay refused")
struct SQLiteReplayMigrationTests {
    static let oldId = [UInt8](repeating: 0x11, count: 16)
    static let oldNonce = [UInt8](repeating: 0x22, count: 16)
    static let oldAcceptedAt: Int64 = 1_000

    /// A verification of the present with the default window: after the horizon a migration sets
    /// (its clock, less 360 s), so judged by the records alone.
    static func present() -> (at: Int64, windowFrom: Int64) {
        let now = Int64(Date().timeIntervalSince1970 * 1000) + 1_000
        return (now, now - ReplayPruneHorizon.minimumSeconds * 1_000)
    }

    /// A file as version 1 left it: one proof accepted at `oldAcceptedAt`, by proof id, bound to a nonce.
    static func versionOneFile(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("v1.db").path
        let id = Hex.encode(oldId)
        let nonce = Hex.encode(oldNonce)
        try RawSQLite.run(
            path,
            RawSQLite.versionOneReplaySchema + """
                INSERT INTO octet_accepted_proofs VALUES (X'\(id)', \(oldAcceptedAt));
                INSERT INTO octet_accepted_nonces VALUES (X'\(nonce)', X'\(id)', \(oldAcceptedAt));
                """)
        return path
    }

    @Test("opening migrates version 1 to 3 and says so once; the old id stays refused under any proof key")
    func migratesAndRefusesOldIds() throws {
        let directory = try SQLiteReplayStoreTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try Self.versionOneFile(in: directory)
        let notices = MigrationNotices()
        let store = try SQLiteReplayStore(path: path, onMigration: notices.handler)
        #expect(notices.all == [ReplaySchemaMigration(fromVersion: 1, toVersion: 3, store: path)])
        #expect(try RawSQLite.run(path, "PRAGMA user_version;") == ["3"])

        // The id accepted by version 1 is refused whatever key now carries it, recorded or not.
        for proofKey in [ReplayKey.testProofKey, [0x04] + [UInt8](repeating: 0x77, count: 64)] {
            let borrowed = ReplayKey.testing(proofId: Self.oldId, sessionNonce: nil, proofKey: proofKey)
            #expect(store.check(borrowed, record: false, atMilliseconds: 2_000) == .replayedProofId)
            #expect(store.check(borrowed, record: true, atMilliseconds: 2_000) == .replayedProofId)
        }
        // Its nonce too.
        let sameNonce = ReplayKey.testing(proofId: [UInt8](repeating: 0x33, count: 16), sessionNonce: Self.oldNonce)
        #expect(store.check(sameNonce, record: true, atMilliseconds: 2_000) == .replayedSessionNonce)
        // New proofs are recorded under their identity, not their id.
        let fresh = ReplayKey.testing(proofId: [UInt8](repeating: 0x44, count: 16), sessionNonce: nil)
        let (now, windowFrom) = Self.present()
        #expect(
            store.check(fresh, record: true, atMilliseconds: now, windowFromMilliseconds: windowFrom)
                == .first(recorded: true))
        #expect(store.check(fresh, record: true, atMilliseconds: now) == .replayedProofId)
        #expect(
            try RawSQLite.run(path, "SELECT hex(proof_identity) FROM octet_accepted_identities;")
                == [Hex.encode(fresh.proofIdentity).uppercased()])
        #expect(try RawSQLite.run(path, "SELECT count(*) FROM octet_v1_accepted_proof_ids;") == ["1"])

        // Opening again: already version 3, nothing to say.
        let again = MigrationNotices()
        let reopened = try SQLiteReplayStore(path: path, onMigration: again.handler)
        #expect(
            reopened.check(
                ReplayKey.testing(proofId: Self.oldId, sessionNonce: nil), record: false, atMilliseconds: 3_000)
                == .replayedProofId)
        #expect(again.all.isEmpty)
        #expect(notices.all.count == 1)
    }

    @Test("pruning removes version 1's records with the others; the old id is then a first sighting")
    func pruneRemovesOldRecords() throws {
        let directory = try SQLiteReplayStoreTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteReplayStore(path: try Self.versionOneFile(in: directory))
        let young = ReplayKey.testing(proofId: [UInt8](repeating: 0x55, count: 16), sessionNonce: [9])
        #expect(
            store.check(young, record: true, atMilliseconds: 900_000, windowFromMilliseconds: .max)
                == .first(recorded: true))
        let count = try store.prune(olderThanMilliseconds: 500_000, atMilliseconds: 1_000_000)
        #expect(count == ReplayPruneCount(proofs: 1, sessionNonces: 1))
        Self.expectOnlyYoungKept(
            store, old: ReplayKey.testing(proofId: Self.oldId, sessionNonce: Self.oldNonce), young: young)
    }

    /// After a prune that removed version 1's record and kept `young`: a window after the horizon
    /// the migration set (its clock, less 360 s) no longer finds the old one, and still finds `young`.
    static func expectOnlyYoungKept(_ store: any ReplayStore, old: ReplayKey, young: ReplayKey) {
        let after = Int64.max - 1
        #expect(
            store.check(old, record: false, atMilliseconds: after, windowFromMilliseconds: after)
                == .first(recorded: false))
        #expect(
            store.check(young, record: false, atMilliseconds: 1_000_000, windowFromMilliseconds: .max)
                == .replayedProofId)
    }

    @Test(
        "a version 1 writer still holding the file finds its table gone: it cannot record where version 2 does not look"
    )
    func versionOneWriterFails() throws {
        let directory = try SQLiteReplayStoreTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try Self.versionOneFile(in: directory)
        _ = try SQLiteReplayStore(path: path)
        #expect(throws: RawSQLite.Failed.self) {
            try RawSQLite.run(path, "INSERT INTO octet_accepted_proofs VALUES (X'00', 1);")
        }
    }

    @Test("four stores opening one version 1 file at once: one migration, told once, every old id still refused")
    func concurrentOpeners() throws {
        let directory = try SQLiteReplayStoreTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try Self.versionOneFile(in: directory)
        let notices = MigrationNotices()
        let answers = race(4) { _ -> ReplaySighting in
            guard let store = try? SQLiteReplayStore(path: path, onMigration: notices.handler) else {
                return .unavailable("did not open")
            }
            return store.check(
                ReplayKey.testing(proofId: Self.oldId, sessionNonce: nil), record: true, atMilliseconds: 2_000)
        }
        #expect(answers == Array(repeating: .replayedProofId, count: 4))
        #expect(notices.all.count == 1)
    }

    @Test("a file of a schema version this build does not know is refused, never rewritten")
    func unknownVersionRefused() throws {
        let directory = try SQLiteReplayStoreTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("v4.db").path
        try RawSQLite.run(path, "CREATE TABLE t (x); PRAGMA user_version = 4;")
        #expect(throws: BackendError.self) { _ = try SQLiteReplayStore(path: path) }
        #expect(try RawSQLite.run(path, "PRAGMA user_version;") == ["4"])
    }
}
