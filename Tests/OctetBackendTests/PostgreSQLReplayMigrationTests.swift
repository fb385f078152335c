import Foundation
import Octet
import OctetBackend
import OctetEncoding
import OctetTestSupport
import Testing

/// Schema version 2 in PostgreSQL: keyed by proof identity, migrated from version 1 on first use,
/// and the squatting scenario through a real database.
@Suite(
    "PostgreSQL replay store schema version 2: proof identity, migration from version 1, squatting",
    .enabled(if: PostgresTestEnvironment.enabled, "\(PostgresTestEnvironment.missing)"))
struct PostgreSQLReplayMigrationTests {
    /// Version 1's schema, as that build created it (PostgreSQLReplaySchema.create at main 867d735).
    static let versionOneSchema = """
        CREATE TABLE octet_schema (
            singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
            version integer NOT NULL);
        CREATE TABLE octet_accepted_proofs (
            proof_id bytea PRIMARY KEY,
            accepted_at_ms bigint NOT NULL,
            claim bytea NOT NULL);
        CREATE INDEX octet_accepted_proofs_age ON octet_accepted_proofs (accepted_at_ms);
        CREATE TABLE octet_accepted_nonces (
            session_nonce bytea PRIMARY KEY,
            proof_id bytea NOT NULL,
            accepted_at_ms bigint NOT NULL,
            claim bytea NOT NULL);
        CREATE INDEX octet_accepted_nonces_age ON octet_accepted_nonces (accepted_at_ms);
        CREATE FUNCTION octet_accept(p_proof_id bytea, p_session_nonce bytea, p_at_ms bigint, p_claim bytea)
        RETURNS text LANGUAGE plpgsql AS $octet$
        DECLARE
            existing bytea;
        BEGIN
            -- The primary key is the arbiter: of concurrent inserts of one proof id, one wins and
            -- the others wait for it to commit, then find the row and insert nothing.
            INSERT INTO octet_accepted_proofs (proof_id, accepted_at_ms, claim)
                VALUES (p_proof_id, p_at_ms, p_claim) ON CONFLICT (proof_id) DO NOTHING;
            IF NOT FOUND THEN
                SELECT claim INTO existing FROM octet_accepted_proofs WHERE proof_id = p_proof_id;
                -- Our own earlier attempt, whose answer was lost with its connection.
                IF existing = p_claim THEN RETURN 'first'; END IF;
                RETURN 'proof';
            END IF;
            IF p_session_nonce IS NOT NULL THEN
                INSERT INTO octet_accepted_nonces (session_nonce, proof_id, accepted_at_ms, claim)
                    VALUES (p_session_nonce, p_proof_id, p_at_ms, p_claim) ON CONFLICT (session_nonce) DO NOTHING;
                IF NOT FOUND THEN
                    -- Take back this call's own proof row, never committed and so never seen:
                    -- the call records nothing.
                    DELETE FROM octet_accepted_proofs WHERE proof_id = p_proof_id AND claim = p_claim;
                    RETURN 'nonce';
                END IF;
            END IF;
            RETURN 'first';
        END
        $octet$;
        INSERT INTO octet_schema (version) VALUES (1);
        """

    static let oldId = [UInt8](repeating: 0x11, count: 16)
    static let oldNonce = [UInt8](repeating: 0x22, count: 16)

    /// A schema of its own holding version 1, with one proof accepted at 1000 ms, by proof id,
    /// bound to a nonce, as that build recorded it (through its own `octet_accept`).
    static func versionOneDatabase() throws -> String {
        let base = try #require(PostgresTestEnvironment.url, "\(PostgresTestEnvironment.missing)")
        let url = try PostgresAdmin.freshSchema(base)
        try PostgresAdmin.run(url, versionOneSchema)
        let accepted = try PostgresAdmin.run(
            url,
            "SELECT octet_accept('\\x\(Hex.encode(oldId))'::bytea, '\\x\(Hex.encode(oldNonce))'::bytea, 1000, "
                + "'\\x00'::bytea)")
        #expect(accepted == [["first"]])
        return url
    }

    @Test("an attacker's attested proof with the victim's id is accepted, the victim's still is, a copy is not")
    func squatting() throws {
        let base = try #require(PostgresTestEnvironment.url, "\(PostgresTestEnvironment.missing)")
        try ReplaySquatting.run(through: PostgreSQLReplayStore(uri: try PostgresAdmin.freshSchema(base)))
    }

    @Test("the first connection migrates version 1 and says so once; the old id stays refused under any key")
    func migratesAndRefusesOldIds() throws {
        let url = try Self.versionOneDatabase()
        let notices = MigrationNotices()
        let store = try PostgreSQLReplayStore(uri: url, onMigration: notices.handler)
        #expect(notices.all.isEmpty, "the database is reached lazily")
        #expect(try store.schemaVersion() == 3)
        #expect(notices.all.count == 1)
        #expect(notices.all.first?.fromVersion == 1)
        #expect(notices.all.first?.toVersion == 3)
        #expect(notices.all.first?.store == store.logSafeURI)
        #expect(try PostgresAdmin.run(url, "SELECT version FROM octet_schema") == [["3"]])

        for proofKey in [ReplayKey.testProofKey, [0x04] + [UInt8](repeating: 0x77, count: 64)] {
            let borrowed = ReplayKey.testing(proofId: Self.oldId, sessionNonce: nil, proofKey: proofKey)
            #expect(store.check(borrowed, record: false, atMilliseconds: 2_000) == .replayedProofId)
            #expect(store.check(borrowed, record: true, atMilliseconds: 2_000) == .replayedProofId)
        }
        let sameNonce = ReplayKey.testing(proofId: randomBytes(), sessionNonce: Self.oldNonce)
        #expect(store.check(sameNonce, record: false, atMilliseconds: 2_000) == .replayedSessionNonce)
        #expect(store.check(sameNonce, record: true, atMilliseconds: 2_000) == .replayedSessionNonce)
        let fresh = ReplayKey.testing(proofId: randomBytes(), sessionNonce: randomBytes())
        let (now, windowFrom) = SQLiteReplayMigrationTests.present()
        #expect(
            store.check(fresh, record: true, atMilliseconds: now, windowFromMilliseconds: windowFrom)
                == .first(recorded: true))
        #expect(store.check(fresh, record: true, atMilliseconds: now) == .replayedProofId)
        #expect(
            try PostgresAdmin.run(url, "SELECT encode(proof_identity, 'hex') FROM octet_accepted_identities")
                == [[Hex.encode(fresh.proofIdentity)]])

        // Another store on the migrated database: version 3 already, nothing to say.
        let again = MigrationNotices()
        let other = try PostgreSQLReplayStore(uri: url, onMigration: again.handler)
        #expect(
            other.check(ReplayKey.testing(proofId: Self.oldId, sessionNonce: nil), record: true, atMilliseconds: 3_000)
                == .replayedProofId)
        #expect(again.all.isEmpty)
        #expect(notices.all.count == 1)
    }

    @Test("8 stores reaching one version 1 database at once: one migration, told once")
    func concurrentMigration() throws {
        let url = try Self.versionOneDatabase()
        let notices = MigrationNotices()
        let stores = try (0..<8).map { _ in try PostgreSQLReplayStore(uri: url, onMigration: notices.handler) }
        let answers = race(stores.count) { index in
            stores[index].check(
                ReplayKey.testing(proofId: Self.oldId, sessionNonce: nil), record: true, atMilliseconds: 2_000)
        }
        #expect(answers == Array(repeating: .replayedProofId, count: 8))
        #expect(notices.all.count == 1)
    }

    @Test("pruning removes version 1's records too; a version 1 verifier's octet_accept is gone")
    func pruneAndOldFunction() throws {
        let url = try Self.versionOneDatabase()
        let store = try PostgreSQLReplayStore(uri: url)
        let young = ReplayKey.testing(proofId: randomBytes(), sessionNonce: randomBytes())
        #expect(
            store.check(young, record: true, atMilliseconds: 900_000, windowFromMilliseconds: .max)
                == .first(recorded: true))
        #expect(
            try store.prune(olderThanMilliseconds: 500_000, atMilliseconds: 1_000_000)
                == ReplayPruneCount(proofs: 1, sessionNonces: 1))
        SQLiteReplayMigrationTests.expectOnlyYoungKept(
            store, old: ReplayKey.testing(proofId: Self.oldId, sessionNonce: Self.oldNonce), young: young)
        // A verifier of version 1 still connected calls the four-argument function: an error
        // (INCONCLUSIVE there), never a record by proof id where version 2 does not look.
        #expect(throws: PostgresAdmin.Failed.self) {
            try PostgresAdmin.run(url, "SELECT octet_accept('\\x01'::bytea, NULL::bytea, 1, '\\x00'::bytea)")
        }
    }
}
