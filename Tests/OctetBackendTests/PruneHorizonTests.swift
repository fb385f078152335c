import Foundation
import Octet
import OctetBackend
import OctetEncoding
import OctetIssuer
import OctetTestSupport
import Testing

/// Issue 42, item 1, at the library: two handles on one store (two processes' worth). One
/// accepts a proof at a pinned past time, another prunes; neither, nor a third opened afterwards,
/// accepts the proof again at a time whose window reaches back before the pruned record.
enum PruneHorizon {
    /// 2026-01-15T12:00:00Z: the proof is made 10 s before it.
    static let then = Date(timeIntervalSince1970: 1_768_478_400)
    static let thenMs: Int64 = 1_768_478_400_000
    static let issuer = ProofIssuer()

    static func proof(nonce: [UInt8]? = nil) -> Data {
        var draft = ProofDraft(createdAt: then.addingTimeInterval(-10))
        draft.sessionNonce = nonce
        return issuer.issue(draft)
    }

    static func verify(_ proof: Data, through store: any ReplayStore, at time: Date = then) -> ProofVerification {
        Octet.verify(proofBytes: proof, options: VerifyOptions(verificationTime: time, replayStore: store))
    }

    /// `accepting` accepts, `pruning` prunes an hour back from two hours later, and every store in
    /// `afterwards` then answers INCONCLUSIVE `REPLAY_WINDOW_PRUNED` for the proof at its time,
    /// and for another proof bound to its nonce.
    static func run(
        accepting: any ReplayStore, pruning: any ReplayPruning, afterwards: [any ReplayStore]
    ) throws {
        let nonce = [UInt8](repeating: 0x5A, count: 16)
        let proof = proof(nonce: nonce)
        #expect(verify(proof, through: accepting).verdict == .valid)
        #expect(verify(proof, through: accepting).verdict == .invalid)
        let pruned = try pruning.prune(olderThanMilliseconds: 3_600_000, atMilliseconds: thenMs + 7_200_000)
        #expect(pruned == ReplayPruneCount(proofs: 1, sessionNonces: 1))
        let sameNonce = Self.proof(nonce: nonce)
        for store in afterwards {
            for candidate in [proof, sameNonce] {
                let again = verify(candidate, through: store)
                #expect(again.verdict == .inconclusive)
                let replay = try #require(again.check(named: "replay-uniqueness"))
                #expect(replay.status == .inconclusive)
                #expect(replay.code?.rawValue == "REPLAY_WINDOW_PRUNED")
            }
            // Later by more than the window and the skew, the store answers as usual (the proof is
            // stale there, so it is looked up, not recorded).
            let late = verify(proof, through: store, at: then.addingTimeInterval(361))
            #expect(late.check(named: "replay-uniqueness")?.status == .pass)
        }
    }
}

extension PruneHorizon {
    static func key(_ id: UInt8, nonce: UInt8? = nil) -> ReplayKey {
        ReplayKey.testing(
            proofId: [UInt8](repeating: id, count: 16), sessionNonce: nonce.map { [UInt8](repeating: $0, count: 16) })
    }

    /// The horizon is the newest acceptance time a prune removed: a window from it is cut short,
    /// one from a millisecond later is not; a record still answers first; nothing is recorded.
    static func boundary(_ store: any ReplayStore & ReplayPruning) throws {
        for (id, at) in [(1, 1_000), (2, 5_000), (3, 9_000)] as [(UInt8, Int64)] {
            #expect(
                store.check(key(id, nonce: id), record: true, atMilliseconds: at, windowFromMilliseconds: 0)
                    == .first(recorded: true))
        }
        // Removes the records of 1 000 and 5 000: the horizon is 5 000.
        #expect(
            try store.prune(olderThanMilliseconds: 1_000, atMilliseconds: 7_000)
                == ReplayPruneCount(proofs: 2, sessionNonces: 2))
        let fresh = key(4, nonce: 4)
        for record in [false, true] {
            #expect(
                store.check(fresh, record: record, atMilliseconds: 20_000, windowFromMilliseconds: 5_000)
                    == .windowPruned)
        }
        // Nothing was recorded by the refusals; a record still says what it knows.
        #expect(
            store.check(fresh, record: false, atMilliseconds: 20_000, windowFromMilliseconds: 5_001)
                == .first(recorded: false))
        #expect(
            store.check(key(3), record: true, atMilliseconds: 20_000, windowFromMilliseconds: 0) == .replayedProofId)
        #expect(
            store.check(key(9, nonce: 3), record: true, atMilliseconds: 20_000, windowFromMilliseconds: 0)
                == .replayedSessionNonce)
        // A caller that gives no window is judged as if it reached back without bound.
        #expect(store.check(fresh, record: true, atMilliseconds: 20_000) == .windowPruned)
        #expect(
            store.check(fresh, record: true, atMilliseconds: 20_000, windowFromMilliseconds: 5_001)
                == .first(recorded: true))
    }

    /// Prunes never move the horizon back: a prune with an older cutoff, or one that removes
    /// nothing, leaves it; concurrent prunes through separate handles leave the newest time removed.
    static func monotonic(
        _ stores: [any ReplayStore & ReplayPruning], horizon: () throws -> Int64?
    ) throws {
        let store = stores[0]
        #expect(try horizon() == nil)
        for id in 1...24 {
            #expect(
                store.check(key(UInt8(id)), record: true, atMilliseconds: Int64(id) * 1_000, windowFromMilliseconds: 0)
                    == .first(recorded: true))
        }
        #expect(try store.prune(olderThanMilliseconds: 0, atMilliseconds: 10_500).proofs == 10)
        #expect(try horizon() == 10_000)
        #expect(try store.prune(olderThanMilliseconds: 0, atMilliseconds: 4_000).proofs == 0)
        #expect(try horizon() == 10_000)
        // Each handle prunes up to its own cutoff, all at once: the newest removed wins.
        let cutoffs: [Int64] = (0..<stores.count).map { 12_500 + Int64($0) * 3_000 }
        let counts = race(stores.count) { index in
            (try? stores[index].prune(olderThanMilliseconds: 0, atMilliseconds: cutoffs[index]).proofs) ?? -1
        }
        #expect(!counts.contains(-1))
        #expect(counts.reduce(0, +) == Int(cutoffs.max()! / 1_000) - 10)
        #expect(try horizon() == (cutoffs.max()! / 1_000) * 1_000)
    }

    /// Writers through several handles race on one proof, pinned to one past time, while another
    /// handle prunes it again and again: the proof is accepted at most once in all.
    static func raceWithPrunes(_ stores: [any ReplayStore & ReplayPruning]) {
        let proof = key(0x42, nonce: 0x43)
        let answers = race(stores.count * 4) { index -> ReplaySighting in
            if index == 0 {
                for _ in 0..<20 {
                    _ = try? stores[0].prune(olderThanMilliseconds: 0, atMilliseconds: 50_000)
                }
                return .unavailable("pruner")
            }
            var firsts = 0
            for _ in 0..<10 {
                let sighting = stores[index % stores.count].check(
                    proof, record: true, atMilliseconds: 40_000, windowFromMilliseconds: 39_000)
                if sighting == .first(recorded: true) { firsts += 1 }
            }
            return firsts == 0 ? .first(recorded: false) : firsts == 1 ? .first(recorded: true) : .replayedProofId
        }
        #expect(!answers.contains(.replayedProofId), "one writer accepted the proof twice")
        #expect(answers.filter { $0 == .first(recorded: true) }.count == 1)
    }
}

@Suite("SQLiteReplayStore's prune horizon: no proof accepted twice, whichever handle pruned")
struct SQLitePruneHorizonTests {
    @Test("accepted through one handle, pruned through another: neither nor a new handle accepts it again")
    func twoHandles() throws {
        let directory = try SQLiteReplayStoreTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("replay.db").path
        let accepting = try SQLiteReplayStore(path: path)
        let pruning = try SQLiteReplayStore(path: path)
        try PruneHorizon.run(
            accepting: accepting, pruning: pruning, afterwards: [accepting, pruning, try SQLiteReplayStore(path: path)])
    }

    static func store() throws -> (SQLiteReplayStore, String, URL) {
        let directory = try SQLiteReplayStoreTests.scratch()
        let path = directory.appendingPathComponent("replay.db").path
        return (try SQLiteReplayStore(path: path), path, directory)
    }

    static func horizon(_ path: String) throws -> Int64? {
        try RawSQLite.run(path, "SELECT horizon_ms FROM octet_prune_horizon;").first.flatMap { Int64($0) }
    }

    @Test("a window from the horizon is cut short, one from a millisecond later is not; nothing is recorded")
    func boundary() throws {
        let (store, _, directory) = try Self.store()
        defer { try? FileManager.default.removeItem(at: directory) }
        try PruneHorizon.boundary(store)
    }

    @Test("the horizon only moves forward: older cutoffs and 4 handles pruning at once leave the newest removed")
    func monotonic() throws {
        let (store, path, directory) = try Self.store()
        defer { try? FileManager.default.removeItem(at: directory) }
        let others = try (0..<3).map { _ in try SQLiteReplayStore(path: path) }
        try PruneHorizon.monotonic([store] + others) { try Self.horizon(path) }
    }

    @Test("a DELETE run by hand (another tool) moves the horizon in its own transaction")
    func handDelete() throws {
        let (store, path, directory) = try Self.store()
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = PruneHorizon.key(1, nonce: 2)
        #expect(
            store.check(key, record: true, atMilliseconds: 7_000, windowFromMilliseconds: 0) == .first(recorded: true))
        try RawSQLite.run(path, "DELETE FROM octet_accepted_nonces; DELETE FROM octet_accepted_identities;")
        #expect(try Self.horizon(path) == 7_000)
        #expect(store.check(key, record: true, atMilliseconds: 8_000, windowFromMilliseconds: 7_000) == .windowPruned)
        #expect(try RawSQLite.run(path, "BEGIN; DELETE FROM octet_v1_accepted_proof_ids; ROLLBACK;").isEmpty)
        #expect(try Self.horizon(path) == 7_000)
    }

    @Test("writers on 4 handles racing on one pinned proof while a fifth prunes: accepted at most once")
    func raceWithPrunes() throws {
        let (store, path, directory) = try Self.store()
        defer { try? FileManager.default.removeItem(at: directory) }
        let others = try (0..<3).map { _ in try SQLiteReplayStore(path: path, busyTimeoutMilliseconds: 20_000) }
        PruneHorizon.raceWithPrunes([store] + others)
    }
}

@Suite(
    "PostgreSQLReplayStore's prune horizon: no proof accepted twice, whichever store pruned",
    .enabled(if: PostgresTestEnvironment.enabled, "\(PostgresTestEnvironment.missing)"))
struct PostgreSQLPruneHorizonTests {
    @Test("accepted through one store, pruned through another: neither nor a new store accepts it again")
    func twoStores() throws {
        let (accepting, url) = try PostgreSQLReplayStoreTests.freshStore()
        let pruning = try PostgreSQLReplayStore(uri: url)
        try PruneHorizon.run(
            accepting: accepting, pruning: pruning,
            afterwards: [accepting, pruning, try PostgreSQLReplayStore(uri: url)])
    }

    static func horizon(_ url: String) throws -> Int64? {
        let rows = try PostgresAdmin.run(url, "SELECT horizon_ms FROM octet_prune_horizon")
        guard let row = rows.first, let cell = row.first, let text = cell else { return nil }
        return Int64(text)
    }

    @Test("a window from the horizon is cut short, one from a millisecond later is not; nothing is recorded")
    func boundary() throws {
        let (store, _) = try PostgreSQLReplayStoreTests.freshStore()
        try PruneHorizon.boundary(store)
    }

    @Test("the horizon only moves forward: older cutoffs and 4 stores pruning at once leave the newest removed")
    func monotonic() throws {
        let (store, url) = try PostgreSQLReplayStoreTests.freshStore()
        try store.connect()
        let others = try (0..<3).map { _ in try PostgreSQLReplayStore(uri: url) }
        try PruneHorizon.monotonic([store] + others) { try Self.horizon(url) }
    }

    @Test("a DELETE or TRUNCATE run by hand moves the horizon; a nonce conflict's take-back does not")
    func handDeleteAndTakeBack() throws {
        let (store, url) = try PostgreSQLReplayStoreTests.freshStore()
        let first = PruneHorizon.key(1, nonce: 2)
        #expect(
            store.check(first, record: true, atMilliseconds: 7_000, windowFromMilliseconds: 0) == .first(recorded: true)
        )
        // Another proof on the same nonce: octet_accept takes its own identity row back.
        let sameNonce = PruneHorizon.key(3, nonce: 2)
        #expect(
            store.check(sameNonce, record: true, atMilliseconds: 9_000, windowFromMilliseconds: 0)
                == .replayedSessionNonce)
        #expect(try Self.horizon(url) == nil)
        try PostgresAdmin.run(url, "DELETE FROM octet_accepted_identities")
        #expect(try Self.horizon(url) == 7_000)
        // The nonce's record is still there and answers; a proof it cannot answer for is cut short.
        #expect(
            store.check(first, record: true, atMilliseconds: 8_000, windowFromMilliseconds: 7_000)
                == .replayedSessionNonce)
        #expect(
            store.check(PruneHorizon.key(1), record: true, atMilliseconds: 8_000, windowFromMilliseconds: 7_000)
                == .windowPruned)
        #expect(
            store.check(PruneHorizon.key(4), record: true, atMilliseconds: 12_000, windowFromMilliseconds: 7_001)
                == .first(recorded: true))
        try PostgresAdmin.run(url, "TRUNCATE octet_accepted_identities")
        #expect(try Self.horizon(url) == 12_000)
        // The horizon refusal takes back both rows it inserted: nothing recorded, horizon unmoved.
        let late = PruneHorizon.key(5, nonce: 6)
        #expect(
            store.check(late, record: true, atMilliseconds: 13_000, windowFromMilliseconds: 12_000) == .windowPruned)
        #expect(try Self.horizon(url) == 12_000)
        #expect(
            store.check(late, record: false, atMilliseconds: 13_000, windowFromMilliseconds: 12_001)
                == .first(recorded: false))
    }

    @Test("writers on 4 stores racing on one pinned proof while a fifth prunes: accepted at most once")
    func raceWithPrunes() throws {
        let (store, url) = try PostgreSQLReplayStoreTests.freshStore()
        let others = try (0..<3).map { _ in try PostgreSQLReplayStore(uri: url) }
        PruneHorizon.raceWithPrunes([store] + others)
    }
}

/// A store of schema version 2 had no horizon: it may have been pruned, how far nobody knows. The
/// migration starts its horizon at the newest time `replay prune` or `--prune-every` can have
/// removed (their minimum age before the migration): the present, with the default window, is
/// judged as before; a longer window or a pinned past time is cut short.
@Suite("Migrating a replay store of schema version 2 to 3: the horizon starts where an earlier prune may have reached")
struct PruneHorizonMigrationTests {
    static let versionTwoSQLite = """
        CREATE TABLE octet_accepted_identities (
            proof_identity BLOB PRIMARY KEY NOT NULL, accepted_at_ms INTEGER NOT NULL) WITHOUT ROWID;
        CREATE TABLE octet_accepted_nonces (
            session_nonce BLOB PRIMARY KEY NOT NULL, proof_identity BLOB NOT NULL,
            accepted_at_ms INTEGER NOT NULL) WITHOUT ROWID;
        CREATE TABLE octet_v1_accepted_proof_ids (
            proof_id BLOB PRIMARY KEY NOT NULL, accepted_at_ms INTEGER NOT NULL) WITHOUT ROWID;
        PRAGMA user_version = 2;
        """

    static let versionTwoPostgreSQL = """
        CREATE TABLE octet_schema (
            singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton), version integer NOT NULL);
        CREATE TABLE octet_accepted_identities (
            proof_identity bytea PRIMARY KEY, accepted_at_ms bigint NOT NULL, claim bytea NOT NULL);
        CREATE INDEX octet_accepted_identities_age ON octet_accepted_identities (accepted_at_ms);
        CREATE TABLE octet_v1_accepted_proof_ids (
            proof_id bytea PRIMARY KEY, accepted_at_ms bigint NOT NULL, claim bytea NOT NULL);
        CREATE INDEX octet_v1_accepted_proof_ids_age ON octet_v1_accepted_proof_ids (accepted_at_ms);
        CREATE TABLE octet_accepted_nonces (
            session_nonce bytea PRIMARY KEY, proof_identity bytea NOT NULL, accepted_at_ms bigint NOT NULL,
            claim bytea NOT NULL);
        CREATE INDEX octet_accepted_nonces_age ON octet_accepted_nonces (accepted_at_ms);
        CREATE FUNCTION octet_accept(
            p_proof_identity bytea, p_proof_id bytea, p_session_nonce bytea, p_at_ms bigint, p_claim bytea)
        RETURNS text LANGUAGE sql AS $$ SELECT 'first' $$;
        INSERT INTO octet_schema (version) VALUES (2);
        """

    static var clock: Int64 { Int64(Date().timeIntervalSince1970 * 1000) }

    /// What the migrated store answers, whose horizon was set between `before` and `after` (less 360 s).
    static func judge(_ store: any ReplayStore, kept: ReplayKey, horizon: Int64?, before: Int64, after: Int64) {
        let minimum = ReplayPruneHorizon.minimumSeconds * 1_000
        #expect(
            horizon.map { $0 >= before - minimum && $0 <= after - minimum } == true, "\(String(describing: horizon))")
        // The record of version 2 still refuses its proof.
        #expect(store.check(kept, record: true, atMilliseconds: after, windowFromMilliseconds: 0) == .replayedProofId)
        // The present with the default window: as before.
        let now = after + 1_000
        let fresh = PruneHorizon.key(0x61, nonce: 0x62)
        #expect(
            store.check(fresh, record: true, atMilliseconds: now, windowFromMilliseconds: now - minimum)
                == .first(recorded: true))
        // A window an hour long, or a time pinned an hour back: cut short.
        let other = PruneHorizon.key(0x63)
        #expect(
            store.check(other, record: true, atMilliseconds: now, windowFromMilliseconds: now - 3_600_000)
                == .windowPruned)
    }

    @Test("SQLite: a file of version 2 is migrated to 3 and says so; its horizon is the migration's time less 360 s")
    func sqlite() throws {
        let directory = try SQLiteReplayStoreTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("v2.db").path
        let kept = PruneHorizon.key(0x60)
        try RawSQLite.run(
            path,
            Self.versionTwoSQLite
                + "INSERT INTO octet_accepted_identities VALUES (X'\(Hex.encode(kept.proofIdentity))', 1000);")
        let notices = MigrationNotices()
        let before = Self.clock
        let store = try SQLiteReplayStore(path: path, onMigration: notices.handler)
        let after = Self.clock
        #expect(notices.all == [ReplaySchemaMigration(fromVersion: 2, toVersion: 3, store: path)])
        #expect(notices.all.first?.message.contains("proof identity") == false)
        #expect(try RawSQLite.run(path, "PRAGMA user_version;") == ["3"])
        Self.judge(
            store, kept: kept, horizon: try SQLitePruneHorizonTests.horizon(path), before: before, after: after)
    }

    @Test(
        "PostgreSQL: a database of version 2 is migrated to 3 by the database's clock; version 2's octet_accept is gone",
        .enabled(if: PostgresTestEnvironment.enabled, "\(PostgresTestEnvironment.missing)"))
    func postgreSQL() throws {
        let base = try #require(PostgresTestEnvironment.url, "\(PostgresTestEnvironment.missing)")
        let url = try PostgresAdmin.freshSchema(base)
        let kept = PruneHorizon.key(0x60)
        try PostgresAdmin.run(
            url,
            Self.versionTwoPostgreSQL
                + "INSERT INTO octet_accepted_identities VALUES ('\\x\(Hex.encode(kept.proofIdentity))', 1000, '\\x00');"
        )
        let notices = MigrationNotices()
        let store = try PostgreSQLReplayStore(uri: url, onMigration: notices.handler)
        // The database's clock and the test's are one machine's; a second either way for the round trip.
        let before = Self.clock - 1_000
        #expect(try store.schemaVersion() == 3)
        let after = Self.clock + 1_000
        #expect(notices.all.map(\.fromVersion) == [2])
        Self.judge(
            store, kept: kept, horizon: try PostgreSQLPruneHorizonTests.horizon(url), before: before, after: after)
        // A verifier of version 2 still connected finds its function gone: INCONCLUSIVE there,
        // never a record made without the horizon.
        #expect(throws: PostgresAdmin.Failed.self) {
            try PostgresAdmin.run(
                url, "SELECT octet_accept('\\x01'::bytea, '\\x02'::bytea, NULL::bytea, 1, '\\x00'::bytea)")
        }
    }
}
