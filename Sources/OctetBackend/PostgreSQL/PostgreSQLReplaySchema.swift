// Built with the PostgreSQL trait (on by default; off in the static package: see Package.swift).
#if PostgreSQL
internal import CPostgreSQL

/// The PostgreSQL replay store's schema (version 1) and its statements. docs/service.md,
/// "Replay stores", explains why one call of `octet_accept` accepts a proof at most once.
enum PostgreSQLReplaySchema {
    /// The version this verifier writes and understands.
    static let version = 1

    /// Serialises schema creators across the fleet (`pg_advisory_xact_lock`): 'octet' in ASCII.
    static let advisoryLockKey: Int64 = 0x6F63_7465_74

    /// Created in one transaction, under the advisory lock, when `octet_schema` does not exist.
    static let create = """
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

    /// `record: true`: one statement, so one implicit transaction: look up and record both keys.
    static let accept = Statement(
        name: "octet_accept_v1", sql: "SELECT octet_accept($1, $2, $3, $4)",
        types: [Oid.bytea, Oid.bytea, Oid.int8, Oid.bytea])

    /// `record: false`: look both keys up, record nothing.
    static let lookUp = Statement(
        name: "octet_look_up_v1",
        sql: """
            SELECT EXISTS (SELECT 1 FROM octet_accepted_proofs WHERE proof_id = $1),
                   $2::bytea IS NOT NULL AND EXISTS (SELECT 1 FROM octet_accepted_nonces WHERE session_nonce = $2)
            """,
        types: [Oid.bytea, Oid.bytea])

    /// Both tables, one statement: a record either survives whole or goes whole.
    static let prune = Statement(
        name: "octet_prune_v1",
        sql: """
            WITH proofs AS (DELETE FROM octet_accepted_proofs WHERE accepted_at_ms < $1 RETURNING 1),
                 nonces AS (DELETE FROM octet_accepted_nonces WHERE accepted_at_ms < $1 RETURNING 1)
            SELECT (SELECT count(*) FROM proofs), (SELECT count(*) FROM nonces)
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
