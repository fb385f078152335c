// Built with the PostgreSQL trait (on by default; off in the static package: see Package.swift).
#if PostgreSQL
    internal import CPostgreSQL

    /// The PostgreSQL replay store's schema (version 3) and its statements. docs/service.md,
    /// "Replay stores", explains why one call of `octet_accept` accepts a proof at most once, and
    /// never when the verification's window reaches back to the prune horizon.
    ///
    /// Version 3 keeps a proof under its proof identity (`ReplayKey.proofIdentity`) and keeps the
    /// store's prune horizon; version 2 had no horizon; version 1 kept a proof under its `proof_id`.
    /// A database of version 1 or 2 is migrated by the first verifier of version 3 that connects
    /// (``migration(from:)``): version 1's records stay, read-only, in `octet_v1_accepted_proof_ids`,
    /// refusing their ids until pruned.
    enum PostgreSQLReplaySchema {
        /// The version this verifier writes and understands.
        static let version = 3

        /// Serialises schema creators and migrators across the fleet (`pg_advisory_xact_lock`): 'octet'
        /// in ASCII.
        static let advisoryLockKey: Int64 = 0x6F63_7465_74

        /// `octet_accept` for version 3: the legacy ids are looked up (never written), then the
        /// identity and the nonce are inserted with the primary keys as arbiters, then the horizon is
        /// read. Read after the inserts, it cannot miss a prune that removed a record this call needed:
        /// an insert that met that record's deletion uncommitted waited for the prune to commit, and
        /// the prune moved the horizon in its own transaction, so the next statement here sees it.
        private static let acceptFunction = """
            CREATE FUNCTION octet_accept(
                p_proof_identity bytea, p_proof_id bytea, p_session_nonce bytea, p_at_ms bigint,
                p_window_from_ms bigint, p_claim bytea)
            RETURNS text LANGUAGE plpgsql AS $octet$
            DECLARE
                existing bytea;
            BEGIN
                -- Version 1's records, by proof id: nobody writes them any more, so a plain look-up
                -- cannot race; the id stays refused until the record is pruned.
                IF EXISTS (SELECT 1 FROM octet_v1_accepted_proof_ids WHERE proof_id = p_proof_id) THEN
                    RETURN 'proof';
                END IF;
                -- The primary key is the arbiter: of concurrent inserts of one identity, one wins and
                -- the others wait for it to commit, then find the row and insert nothing.
                INSERT INTO octet_accepted_identities (proof_identity, accepted_at_ms, claim)
                    VALUES (p_proof_identity, p_at_ms, p_claim) ON CONFLICT (proof_identity) DO NOTHING;
                IF NOT FOUND THEN
                    SELECT claim INTO existing FROM octet_accepted_identities WHERE proof_identity = p_proof_identity;
                    -- Our own earlier attempt, whose answer was lost with its connection.
                    IF existing = p_claim THEN RETURN 'first'; END IF;
                    RETURN 'proof';
                END IF;
                IF p_session_nonce IS NOT NULL THEN
                    INSERT INTO octet_accepted_nonces (session_nonce, proof_identity, accepted_at_ms, claim)
                        VALUES (p_session_nonce, p_proof_identity, p_at_ms, p_claim)
                        ON CONFLICT (session_nonce) DO NOTHING;
                    IF NOT FOUND THEN
                        -- Take back this call's own identity row, never committed and so never seen:
                        -- the call records nothing (and the horizon does not move for it).
                        PERFORM set_config('octet.taking_back', 'on', true);
                        DELETE FROM octet_accepted_identities
                            WHERE proof_identity = p_proof_identity AND claim = p_claim;
                        PERFORM set_config('octet.taking_back', 'off', true);
                        RETURN 'nonce';
                    END IF;
                END IF;
                -- The window reaches back to records a prune removed: record nothing.
                IF EXISTS (SELECT 1 FROM octet_prune_horizon WHERE horizon_ms >= p_window_from_ms) THEN
                    PERFORM set_config('octet.taking_back', 'on', true);
                    DELETE FROM octet_accepted_nonces WHERE session_nonce = p_session_nonce AND claim = p_claim;
                    DELETE FROM octet_accepted_identities
                        WHERE proof_identity = p_proof_identity AND claim = p_claim;
                    PERFORM set_config('octet.taking_back', 'off', true);
                    RETURN 'pruned';
                END IF;
                RETURN 'first';
            END
            $octet$;
            """

        /// The prune horizon: one row, NULL until a record is deleted. A trigger on each record table
        /// moves it forward to the newest acceptance time each `DELETE` removed (or a `TRUNCATE` is
        /// about to), in the deleting transaction, whoever deletes: `replay prune`, `--prune-every`,
        /// an operator's own SQL. `GREATEST` on the one row makes concurrent prunes move it in turn,
        /// never back. `octet_accept`'s take-backs of its own uncommitted rows do not count.
        private static let horizon = """
            CREATE TABLE octet_prune_horizon (
                singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
                horizon_ms bigint);
            CREATE FUNCTION octet_prune_horizon_advance() RETURNS trigger LANGUAGE plpgsql AS $octet$
            BEGIN
                IF current_setting('octet.taking_back', true) = 'on' THEN RETURN NULL; END IF;
                UPDATE octet_prune_horizon SET horizon_ms = GREATEST(horizon_ms, gone.newest)
                    FROM (SELECT max(accepted_at_ms) AS newest FROM removed) AS gone
                    WHERE gone.newest IS NOT NULL;
                RETURN NULL;
            END
            $octet$;
            CREATE FUNCTION octet_prune_horizon_truncate() RETURNS trigger LANGUAGE plpgsql AS $octet$
            BEGIN
                EXECUTE format(
                    'UPDATE octet_prune_horizon SET horizon_ms = GREATEST(horizon_ms, '
                        || '(SELECT max(accepted_at_ms) FROM %I.%I))', TG_TABLE_SCHEMA, TG_TABLE_NAME);
                RETURN NULL;
            END
            $octet$;
            """
            + [
                "octet_accepted_identities", "octet_v1_accepted_proof_ids", "octet_accepted_nonces",
            ].map { table in
                """
                CREATE TRIGGER \(table)_pruned AFTER DELETE ON \(table)
                    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION octet_prune_horizon_advance();
                CREATE TRIGGER \(table)_truncated BEFORE TRUNCATE ON \(table)
                    FOR EACH STATEMENT EXECUTE FUNCTION octet_prune_horizon_truncate();

                """
            }.joined()

        private static let identitiesTable = """
            CREATE TABLE octet_accepted_identities (
                proof_identity bytea PRIMARY KEY,
                accepted_at_ms bigint NOT NULL,
                claim bytea NOT NULL);
            CREATE INDEX octet_accepted_identities_age ON octet_accepted_identities (accepted_at_ms);
            """

        /// Created in one transaction, under the advisory lock, when `octet_schema` does not exist.
        /// `octet_v1_accepted_proof_ids` stays empty in a database made at version 2; it is there so
        /// that every database of version 2 has one shape. A nonce's `proof_identity` is informative
        /// only (the nonce alone is the key); in a row of version 1 it holds the proof id.
        static let create = """
            CREATE TABLE octet_schema (
                singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
                version integer NOT NULL);
            \(identitiesTable)
            CREATE TABLE octet_v1_accepted_proof_ids (
                proof_id bytea PRIMARY KEY,
                accepted_at_ms bigint NOT NULL,
                claim bytea NOT NULL);
            CREATE INDEX octet_v1_accepted_proof_ids_age ON octet_v1_accepted_proof_ids (accepted_at_ms);
            CREATE TABLE octet_accepted_nonces (
                session_nonce bytea PRIMARY KEY,
                proof_identity bytea NOT NULL,
                accepted_at_ms bigint NOT NULL,
                claim bytea NOT NULL);
            CREATE INDEX octet_accepted_nonces_age ON octet_accepted_nonces (accepted_at_ms);
            \(horizon)
            INSERT INTO octet_prune_horizon (horizon_ms) VALUES (NULL);
            \(acceptFunction)
            INSERT INTO octet_schema (version) VALUES (3);
            """

        /// Version 1 or 2 to 3, in one transaction under the advisory lock, after the version was read
        /// again under it. From 1: the renames and `octet_accepted_identities`. Dropping the older
        /// `octet_accept` (version 1's `(bytea, bytea, bigint, bytea)`, version 2's
        /// `(bytea, bytea, bytea, bigint, bytea)`) makes a verifier of that version still connected
        /// fail (INCONCLUSIVE) rather than record without the horizon (or by proof id). The horizon
        /// starts at the newest time an earlier prune can have removed, by the database's clock
        /// (`ReplayPruneHorizon.migratedHorizon`).
        static func migration(from version: Int) -> String {
            let fromOne = """
                ALTER TABLE octet_accepted_proofs RENAME TO octet_v1_accepted_proof_ids;
                ALTER INDEX octet_accepted_proofs_age RENAME TO octet_v1_accepted_proof_ids_age;
                ALTER TABLE octet_accepted_nonces RENAME COLUMN proof_id TO proof_identity;
                DROP FUNCTION octet_accept(bytea, bytea, bigint, bytea);
                \(identitiesTable)
                """
            let fromTwo = "DROP FUNCTION octet_accept(bytea, bytea, bytea, bigint, bytea);\n"
            return (version == 1 ? fromOne : fromTwo) + """
                \(horizon)
                INSERT INTO octet_prune_horizon (horizon_ms)
                    VALUES (floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint
                        - \(ReplayPruneHorizon.minimumSeconds * 1_000));
                \(acceptFunction)
                UPDATE octet_schema SET version = 3;
                """
        }

        /// `record: true`: one statement, so one implicit transaction: look up and record both keys.
        static let accept = Statement(
            name: "octet_accept_v3", sql: "SELECT octet_accept($1, $2, $3, $4, $5, $6)",
            types: [Oid.bytea, Oid.bytea, Oid.bytea, Oid.int8, Oid.int8, Oid.bytea])

        /// `record: false`: look both keys up (and the proof id among version 1's records) and whether
        /// the window (`$4`) reaches back to the prune horizon; record nothing.
        static let lookUp = Statement(
            name: "octet_look_up_v3",
            sql: """
                SELECT EXISTS (SELECT 1 FROM octet_accepted_identities WHERE proof_identity = $1)
                           OR EXISTS (SELECT 1 FROM octet_v1_accepted_proof_ids WHERE proof_id = $2),
                       $3::bytea IS NOT NULL AND EXISTS (SELECT 1 FROM octet_accepted_nonces WHERE session_nonce = $3),
                       EXISTS (SELECT 1 FROM octet_prune_horizon WHERE horizon_ms >= $4)
                """,
            types: [Oid.bytea, Oid.bytea, Oid.bytea, Oid.int8])

        /// Every table, one statement: a record either survives whole or goes whole. The tables'
        /// triggers move the horizon in the same transaction.
        static let prune = Statement(
            name: "octet_prune_v3",
            sql: """
                WITH proofs AS (DELETE FROM octet_accepted_identities WHERE accepted_at_ms < $1 RETURNING 1),
                     legacy AS (DELETE FROM octet_v1_accepted_proof_ids WHERE accepted_at_ms < $1 RETURNING 1),
                     nonces AS (DELETE FROM octet_accepted_nonces WHERE accepted_at_ms < $1 RETURNING 1)
                SELECT (SELECT count(*) FROM proofs) + (SELECT count(*) FROM legacy), (SELECT count(*) FROM nonces)
                """,
            types: [Oid.int8])

        struct Statement {
            let name: String
            let sql: String
            let types: [CPostgreSQL.Oid]
        }

        /// PostgreSQL's built-in type oids (`pg_type.oid`), fixed since forever.
        enum Oid {
            static let bytea: CPostgreSQL.Oid = 17
            static let int8: CPostgreSQL.Oid = 20
        }
    }
#endif
