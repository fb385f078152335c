import Foundation
import Octet
import OctetBackend
import OctetTestSupport
import Testing

/// Random bytes: every test uses keys of its own.
func randomBytes(_ count: Int = 16) -> [UInt8] { (0..<count).map { _ in UInt8.random(in: 0...255) } }

/// The PostgreSQL replay store against the real PostgreSQL that `scripts/with-postgres` starts.
@Suite(
    "PostgreSQL replay store: one atomic look-up-and-record per proof, across threads and stores",
    .enabled(if: PostgresTestEnvironment.enabled, "\(PostgresTestEnvironment.missing)"))
struct PostgreSQLReplayStoreTests {
    /// A store on a schema of its own in the test database.
    static func freshStore(_ options: PostgreSQLReplayStore.Options = .init()) throws -> (PostgreSQLReplayStore, String)
    {
        let base = try #require(PostgresTestEnvironment.url, "\(PostgresTestEnvironment.missing)")
        let url = try PostgresAdmin.freshSchema(base)
        return (try PostgreSQLReplayStore(uri: url, options: options), url)
    }

    @Test("a proof id is first once; again it is a replay; a look-up records nothing")
    func proofIdOnce() throws {
        let (store, _) = try Self.freshStore()
        let looked = ReplayKey.testing(proofId: randomBytes(), sessionNonce: nil)
        #expect(store.check(looked, record: false, atMilliseconds: 1) == .first(recorded: false))
        #expect(store.check(looked, record: false, atMilliseconds: 1) == .first(recorded: false))
        let key = ReplayKey.testing(proofId: randomBytes(), sessionNonce: nil)
        #expect(store.check(key, record: true, atMilliseconds: 1) == .first(recorded: true))
        #expect(store.check(key, record: true, atMilliseconds: 2) == .replayedProofId)
        #expect(store.check(key, record: false, atMilliseconds: 2) == .replayedProofId)
    }

    @Test("another proof bound to an accepted session nonce is a replay, and is not recorded")
    func nonceOnce() throws {
        let (store, _) = try Self.freshStore()
        let nonce = randomBytes()
        let first = ReplayKey.testing(proofId: randomBytes(), sessionNonce: nonce)
        let second = ReplayKey.testing(proofId: randomBytes(), sessionNonce: nonce)
        #expect(store.check(first, record: true, atMilliseconds: 1) == .first(recorded: true))
        #expect(store.check(second, record: false, atMilliseconds: 1) == .replayedSessionNonce)
        #expect(store.check(second, record: true, atMilliseconds: 1) == .replayedSessionNonce)
        // The refused proof id was taken back: with a fresh nonce it is still a first sighting.
        let refusedElsewhere = ReplayKey.testing(proofId: second.proofId, sessionNonce: randomBytes())
        #expect(store.check(refusedElsewhere, record: false, atMilliseconds: 1) == .first(recorded: false))
        // A proof already accepted wins over its nonce in the answer, as in the SQLite store.
        #expect(store.check(first, record: true, atMilliseconds: 1) == .replayedProofId)
    }

    @Test("32 threads on 32 stores racing on one proof id: exactly one first sighting")
    func raceOnProofId() throws {
        let (_, url) = try Self.freshStore()
        let stores = try (0..<32).map { _ in try PostgreSQLReplayStore(uri: url) }
        for store in stores { try store.connect() }
        let key = ReplayKey.testing(proofId: randomBytes(), sessionNonce: randomBytes())
        let answers = race(stores.count) { index in stores[index].check(key, record: true, atMilliseconds: 7) }
        #expect(answers.filter { $0 == .first(recorded: true) }.count == 1)
        #expect(answers.filter { $0 == .replayedProofId }.count == 31, "\(answers)")
    }

    @Test("32 threads racing with 32 proof ids on one session nonce: exactly one accepted, the rest unrecorded")
    func raceOnNonce() throws {
        let (_, url) = try Self.freshStore()
        let stores = try (0..<32).map { _ in try PostgreSQLReplayStore(uri: url) }
        for store in stores { try store.connect() }
        let nonce = randomBytes()
        let keys = (0..<32).map { _ in ReplayKey.testing(proofId: randomBytes(), sessionNonce: nonce) }
        let answers = race(stores.count) { index in stores[index].check(keys[index], record: true, atMilliseconds: 7) }
        #expect(answers.filter { $0 == .first(recorded: true) }.count == 1)
        #expect(answers.filter { $0 == .replayedSessionNonce }.count == 31, "\(answers)")
        let store = stores[0]
        for (key, answer) in zip(keys, answers) where answer != .first(recorded: true) {
            let alone = ReplayKey.testing(proofId: key.proofId, sessionNonce: nil)
            #expect(store.check(alone, record: false, atMilliseconds: 7) == .first(recorded: false))
        }
    }

    @Test("one store shared by 24 threads (a pool of 4) racing on 6 proof ids: one first sighting each")
    func sharedPool() throws {
        let (store, _) = try Self.freshStore(.init(maximumConnections: 4))
        let keys = (0..<6).map { _ in ReplayKey.testing(proofId: randomBytes(), sessionNonce: nil) }
        let answers = race(24) { index in (index % 6, store.check(keys[index % 6], record: true, atMilliseconds: 1)) }
        for proof in 0..<6 {
            let mine = answers.filter { $0.0 == proof }.map(\.1)
            #expect(mine.filter { $0 == .first(recorded: true) }.count == 1)
            #expect(mine.filter { $0 == .replayedProofId }.count == 3, "\(mine)")
        }
    }

    @Test("concurrent first users of an empty database all find schema version 3")
    func concurrentSchemaCreation() throws {
        let (_, url) = try Self.freshStore()
        let stores = try (0..<8).map { _ in try PostgreSQLReplayStore(uri: url) }
        let versions = race(stores.count) { index in
            Result { () throws(ReplayStoreError) -> Int in try stores[index].schemaVersion() }
        }
        for version in versions { #expect(try version.get() == 3) }
        let tables = try PostgresAdmin.run(url, "SELECT count(*) FROM octet_schema")
        #expect(tables == [["1"]])
    }

    @Test("a newer schema version is refused with a clear error, and checks are unavailable, never skipped")
    func newerSchemaRefused() throws {
        let (store, url) = try Self.freshStore()
        #expect(try store.schemaVersion() == PostgreSQLReplayStore.supportedSchemaVersion)
        try PostgresAdmin.run(url, "UPDATE octet_schema SET version = 4")
        let newer = try PostgreSQLReplayStore(uri: url)
        #expect(throws: ReplayStoreError(.schemaTooNew, "")) { try newer.schemaVersion() }
        do throws(ReplayStoreError) {
            try newer.connect()
            Issue.record("a newer schema was accepted")
        } catch {
            #expect(error.reason.contains("schema version 4"))
            #expect(error.reason.contains("understands version 3"))
        }
        let sighting = newer.check(
            ReplayKey.testing(proofId: randomBytes(), sessionNonce: nil), record: true, atMilliseconds: 1)
        guard case .unavailable(let reason) = sighting else {
            Issue.record("expected unavailable, got \(sighting)")
            return
        }
        #expect(reason.contains("schema version 4"))
    }

    @Test("a schema table without a version is refused as not ours")
    func emptySchemaRefused() throws {
        let (store, url) = try Self.freshStore()
        _ = try store.schemaVersion()
        try PostgresAdmin.run(url, "DELETE FROM octet_schema")
        let other = try PostgreSQLReplayStore(uri: url)
        #expect(throws: ReplayStoreError(.schemaInvalid, "")) { try other.schemaVersion() }
    }

    @Test("prune removes the records older than the horizon and keeps the younger ones")
    func prune() throws {
        let (store, _) = try Self.freshStore()
        let old = ReplayKey.testing(proofId: randomBytes(), sessionNonce: randomBytes())
        let edge = ReplayKey.testing(proofId: randomBytes(), sessionNonce: nil)
        let young = ReplayKey.testing(proofId: randomBytes(), sessionNonce: randomBytes())
        #expect(store.check(old, record: true, atMilliseconds: 1_000) == .first(recorded: true))
        #expect(store.check(edge, record: true, atMilliseconds: 4_000) == .first(recorded: true))
        #expect(store.check(young, record: true, atMilliseconds: 5_000) == .first(recorded: true))
        let pruned = try store.prune(olderThanMilliseconds: 2_000, atMilliseconds: 6_000)
        #expect(pruned == ReplayPruneCount(proofs: 1, sessionNonces: 1))
        // A window after the horizon (1 000, the newest removed) finds it gone.
        #expect(
            store.check(old, record: false, atMilliseconds: 6_000, windowFromMilliseconds: 1_001)
                == .first(recorded: false))
        #expect(store.check(edge, record: false, atMilliseconds: 6_000) == .replayedProofId)
        #expect(store.check(young, record: false, atMilliseconds: 6_000) == .replayedProofId)
        #expect(
            try store.prune(olderThanMilliseconds: 2_000, atMilliseconds: 6_000)
                == ReplayPruneCount(proofs: 0, sessionNonces: 0))
    }

    @Test("octet_accept repeated with the same claim (a retry after a lost answer) is still the first sighting")
    func claimMakesRetriesSafe() throws {
        let (store, url) = try Self.freshStore()
        try store.connect()
        // (proof identity, proof id, session nonce, at, window from, claim)
        let accept = "SELECT octet_accept('\\x0102'::bytea, '\\x0506'::bytea, '\\x0304'::bytea, 1, 0, '\\xaaaa'::bytea)"
        #expect(try PostgresAdmin.run(url, accept) == [["first"]])
        #expect(try PostgresAdmin.run(url, accept) == [["first"]])
        let other = "SELECT octet_accept('\\x0102'::bytea, '\\x0506'::bytea, '\\x0304'::bytea, 1, 0, '\\xbbbb'::bytea)"
        #expect(try PostgresAdmin.run(url, other) == [["proof"]])
    }

    @Test("sessions ended under the store (as by a server restart) are replaced without recreating the store")
    func terminatedSessions() throws {
        let (_, url) = try Self.freshStore()
        // An application name of its own, so that only this store's sessions are ended.
        let name = PostgresTestEnvironment.uniqueName("octet_terminated")
        let store = try PostgreSQLReplayStore(uri: url + "&application_name=\(name)")
        let before = ReplayKey.testing(proofId: randomBytes(), sessionNonce: nil)
        #expect(store.check(before, record: true, atMilliseconds: 1) == .first(recorded: true))
        let ended = try PostgresAdmin.run(
            url, "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = '\(name)'")
        #expect(ended == [["1"]])
        let after = ReplayKey.testing(proofId: randomBytes(), sessionNonce: nil)
        #expect(store.check(after, record: true, atMilliseconds: 1) == .first(recorded: true))
        #expect(store.check(before, record: true, atMilliseconds: 1) == .replayedProofId)
    }

    @Test("closing the idle connections ends the sessions; the next check connects again")
    func closeIdle() throws {
        let (_, url) = try Self.freshStore()
        let name = PostgresTestEnvironment.uniqueName("octet_closed")
        let store = try PostgreSQLReplayStore(uri: url + "&application_name=\(name)")
        let key = ReplayKey.testing(proofId: randomBytes(), sessionNonce: nil)
        #expect(store.check(key, record: true, atMilliseconds: 1) == .first(recorded: true))
        let sessions = "SELECT count(*) FROM pg_stat_activity WHERE application_name = '\(name)'"
        #expect(try PostgresAdmin.run(url, sessions) == [["1"]])
        store.closeIdleConnections()
        // The server notices the closed socket at once, but asynchronously: poll briefly.
        var left = try PostgresAdmin.run(url, sessions)
        for _ in 0..<50 where left != [["0"]] {
            usleep(20_000)
            left = try PostgresAdmin.run(url, sessions)
        }
        #expect(left == [["0"]])
        #expect(store.check(key, record: true, atMilliseconds: 1) == .replayedProofId)
    }

    @Test("a wrong password is unreachable, and the password is in no message")
    func wrongPassword() throws {
        let base = try #require(PostgresTestEnvironment.url, "\(PostgresTestEnvironment.missing)")
        let secret = "Wr0ng-" + randomBytes(6).map { String($0) }.joined()
        let wrong = base.replacingOccurrences(
            of: #"://octet:[^@]*@"#, with: "://octet:\(secret)@", options: .regularExpression)
        #expect(wrong.contains(secret))
        let store = try PostgreSQLReplayStore(uri: wrong)
        #expect(!store.logSafeURI.contains(secret))
        do throws(ReplayStoreError) {
            try store.connect()
            Issue.record("a wrong password connected")
        } catch {
            #expect(error.code == .unreachable)
            #expect(!error.reason.contains(secret))
            #expect(error.reason.contains("password authentication failed"))
        }
        let sighting = store.check(
            ReplayKey.testing(proofId: randomBytes(), sessionNonce: nil), record: true, atMilliseconds: 1)
        guard case .unavailable(let reason) = sighting else {
            Issue.record("expected unavailable, got \(sighting)")
            return
        }
        #expect(!reason.contains(secret))
    }

    @Test("the Unix socket reaches the same database as the loopback port")
    func unixSocket() throws {
        let tcp = try #require(PostgresTestEnvironment.url, "\(PostgresTestEnvironment.missing)")
        let socket = try #require(PostgresTestEnvironment.socketURL, "with-postgres exports the socket URL too")
        let schema = PostgresTestEnvironment.uniqueName("octet_test")
        try PostgresAdmin.run(tcp, "CREATE SCHEMA \(schema)")
        let overTCP = try PostgreSQLReplayStore(uri: PostgresTestEnvironment.url(tcp, searchPath: schema))
        let overSocket = try PostgreSQLReplayStore(uri: PostgresTestEnvironment.url(socket, searchPath: schema))
        let key = ReplayKey.testing(proofId: randomBytes(), sessionNonce: nil)
        #expect(overTCP.check(key, record: true, atMilliseconds: 1) == .first(recorded: true))
        #expect(overSocket.check(key, record: true, atMilliseconds: 1) == .replayedProofId)
    }
}

/// An outage on a private cluster of the test's own: stopped mid-run, then started again.
@Suite(
    "PostgreSQL replay store outages: unavailable at once while down, recovered by itself when back",
    .enabled(if: PostgresTestEnvironment.enabled, "\(PostgresTestEnvironment.missing)"))
struct PostgreSQLOutageTests {
    @Test("stopped mid-run: checks are unavailable (never a first sighting); started again: the same store recovers")
    func stopAndStart() throws {
        _ = try #require(PostgresTestEnvironment.url, "\(PostgresTestEnvironment.missing)")
        let cluster = try PrivatePostgresCluster()
        let options = PostgreSQLReplayStore.Options(
            maximumConnections: 2, connectTimeoutSeconds: 2, statementTimeoutMilliseconds: 2_000,
            backoff: BackoffPolicy(initialMilliseconds: 20, maximumMilliseconds: 200))
        let store = try PostgreSQLReplayStore(uri: cluster.url, options: options)
        let accepted = ReplayKey.testing(proofId: randomBytes(), sessionNonce: randomBytes())
        #expect(store.check(accepted, record: true, atMilliseconds: 1) == .first(recorded: true))

        try cluster.stop()
        let password = try #require(cluster.url.split(separator: ":").dropFirst(2).first?.split(separator: "@").first)
        for _ in 0..<5 {
            let sighting = store.check(
                ReplayKey.testing(proofId: randomBytes(), sessionNonce: nil), record: true, atMilliseconds: 2)
            guard case .unavailable(let reason) = sighting else {
                Issue.record("expected unavailable while the database is down, got \(sighting)")
                return
            }
            #expect(!reason.contains(password))
            #expect(!reason.isEmpty)
        }

        try cluster.start()
        var recovered: ReplaySighting = .unavailable("not tried")
        let fresh = ReplayKey.testing(proofId: randomBytes(), sessionNonce: nil)
        for _ in 0..<100 {
            recovered = store.check(fresh, record: true, atMilliseconds: 3)
            guard case .unavailable = recovered else { break }
            usleep(100_000)
        }
        #expect(recovered == .first(recorded: true))
        #expect(store.check(accepted, record: true, atMilliseconds: 3) == .replayedProofId)
    }
}

/// What needs no database: a server that is not there.
@Suite("PostgreSQL replay store without a server: unavailable, never a hang, never a password")
struct PostgreSQLUnreachableTests {
    @Test("a port that refuses connections: unavailable, unreachable, and the password masked")
    func refusedPort() throws {
        // Port 1 on loopback: nothing listens there, and connecting is refused at once.
        let store = try PostgreSQLReplayStore(uri: "postgresql://octet:Sekr1tPassw0rd@127.0.0.1:1/octet")
        #expect(store.logSafeURI == "postgresql://octet:***@127.0.0.1:1/octet")
        do throws(ReplayStoreError) {
            try store.connect()
            Issue.record("connected to a closed port")
        } catch {
            #expect(error.code == .unreachable)
            #expect(!error.reason.contains("Sekr1tPassw0rd"))
            #expect(error.reason.contains("127.0.0.1"))
        }
        let sighting = store.check(
            ReplayKey.testing(proofId: randomBytes(), sessionNonce: nil), record: true, atMilliseconds: 1)
        guard case .unavailable(let reason) = sighting else {
            Issue.record("expected unavailable, got \(sighting)")
            return
        }
        #expect(!reason.contains("Sekr1tPassw0rd"))
    }
}
