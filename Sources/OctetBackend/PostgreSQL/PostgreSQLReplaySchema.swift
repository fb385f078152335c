// Built with the PostgreSQL trait (on by default; off in the static package: see Package.swift).
#if PostgreSQL
    internal import CPostgreSQL

    /// The PostgreSQL replay store's schema (version 2) and its statements. docs/service.md,
    /// "Replay stores", explains why one call of `octet_accept` accepts a proof at most once.
    ///
    /// Version 2 keeps a proof under its proof identity (`ReplayKey.proofIdentity`); version 1 kept it
    /// under its `proof_id`. A database of version 1 is migrated by the first verifier of version 2
    /// that connects (``migrate``): its records stay, read-only, in `octet_v1_accepted_proof_ids`,
    /// refusing their ids until pruned.
    enum PostgreSQLReplaySchema {
        /// The version this verifier writes and understands.
        static let version = 2

        /// Serialises schema creators and migrators across the fleet (`pg_advisory_xact_lock`): 'octet'
        /// in ASCII.
        static let advisoryLockKey: Int64 = 0x6F63_7465_74

        /// `octet_accept` for version 2: the legacy ids are looked up (never written), then the
        /// identity and the nonce are inserted with the primary keys as arbiters.
        private static let acceptFunction = """
            CREATE FUNCTION octet_accept(
                p_proof_identity bytea, p_proof_id bytea, p_session_nonce bytea, p_at_ms bigint, p_claim bytea)
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
                        -- the call records nothing.
                        DELETE FROM octet_accepted_identities
                            WHERE proof_identity = p_proof_identity AND claim = p_claim;
                        RETURN 'nonce';
                    END IF;
                END IF;
                RETURN 'first';
            END
            $octet$;
            """

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
            \(acceptFunction)
            INSERT INTO octet_schema (version) VALUES (2);
            """

        /// Version 1 to 2, in one transaction under the advisory lock, after the version was read
        /// again under it. Dropping version 1's `octet_accept(bytea, bytea, bigint, bytea)` and renaming
        /// its table make a verifier of version 1 still connected fail (INCONCLUSIVE) rather than
        /// record by proof id where version 2 no longer looks.
        static let migrate = """
            ALTER TABLE octet_accepted_proofs RENAME TO octet_v1_accepted_proof_ids;
            ALTER INDEX octet_accepted_proofs_age RENAME TO octet_v1_accepted_proof_ids_age;
            ALTER TABLE octet_accepted_nonces RENAME COLUMN proof_id TO proof_identity;
            DROP FUNCTION octet_accept(bytea, bytea, bigint, bytea);
            \(identitiesTable)
            \(acceptFunction)
            UPDATE octet_schema SET version = 2;
            """

        /// `record: true`: one statement, so one implicit transaction: look up and record both keys.
        static let accept = Statement(
            name: "octet_accept_v2", sql: "SELECT octet_accept($1, $2, $3, $4, $5)",
            types: [Oid.bytea, Oid.bytea, Oid.bytea, Oid.int8, Oid.bytea])

        /// `record: false`: look both keys up (and the proof id among version 1's records), record nothing.
        static let lookUp = Statement(
            name: "octet_look_up_v2",
            sql: """
                SELECT EXISTS (SELECT 1 FROM octet_accepted_identities WHERE proof_identity = $1)
                           OR EXISTS (SELECT 1 FROM octet_v1_accepted_proof_ids WHERE proof_id = $2),
                       $3::bytea IS NOT NULL AND EXISTS (SELECT 1 FROM octet_accepted_nonces WHERE session_nonce = $3)
                """,
            types: [Oid.bytea, Oid.bytea, Oid.bytea])

        /// Every table, one statement: a record either survives whole or goes whole.
        static let prune = Statement(
            name: "octet_prune_v2",
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
