// Built with the PostgreSQL trait (on by default; off in the static package: see Package.swift).
#if PostgreSQL
    internal import CPostgreSQL
    import Foundation
    import OctetThreads

    /// The recording probe for a PostgreSQL replay store (`postgresql://…`): on a connection of its
    /// own (same URI, so the same role and settings as the store's), it runs the store's very write,
    /// `octet_accept`, for a key no proof has, inside a transaction it always rolls back. So it fails
    /// exactly when a verification's acceptance would: a role without INSERT on the tables or EXECUTE
    /// on the function, a read-only transaction default (`default_transaction_read_only`), a hot
    /// standby, a full disk, a lock held past the statement timeout. Nothing is ever committed.
    ///
    /// Meant to run after a look-up through the store itself succeeded (which creates the schema on
    /// first use); while the database cannot be reached, ask the store, not the probe. The connection
    /// is made at the first probe, and again after it is lost.
    ///
    /// `@unchecked Sendable`: the connection is used under `lock` only.
    public final class PostgreSQLRecordingProbe: ReplayRecordingProbe, @unchecked Sendable {
        private let uri: String
        private let redactor: SecretRedactor
        private let connectTimeoutSeconds: Int
        private let statementTimeoutMilliseconds: Int
        private let lock = Lock()
        private var connection: PostgreSQLConnection?

        /// The key the probe's rolled-back acceptance uses: an identity of 32 bytes of 0xFF and a proof
        /// id of 16, which no proof has (the health look-up of `serve` uses them too). The arguments
        /// are schema version 3's `octet_accept(identity, proof id, nonce, at ms, window from ms, claim)`;
        /// a window from the latest time there is never reaches the horizon, so the insert is made.
        static let probeSQL = """
            BEGIN;
            SELECT octet_accept(decode('\(String(repeating: "ff", count: 32))', 'hex'), \
            decode('\(String(repeating: "ff", count: 16))', 'hex'), NULL, 0, \(Int64.max), decode('00', 'hex'));
            """

        public init(uri: String, connectTimeoutSeconds: Int = 5, statementTimeoutMilliseconds: Int = 5_000)
            throws(ReplayStoreError)
        {
            let parsed = try PostgreSQLURI(uri)
            self.uri = uri
            redactor = parsed.redactor
            self.connectTimeoutSeconds = connectTimeoutSeconds
            self.statementTimeoutMilliseconds = statementTimeoutMilliseconds
        }

        public func cannotRecord() -> String? {
            lock.withLock {
                let deadline = { Deadline(milliseconds: self.statementTimeoutMilliseconds + 2_000) }
                if connection == nil {
                    do throws(ReplayStoreError) {
                        let made = try PostgreSQLConnection(
                            uri: uri, connectTimeoutSeconds: connectTimeoutSeconds, redactor: redactor)
                        // An integer we computed, not input: the only SQL text built here.
                        if case .failure(let failure) = made.run(
                            sql: "SET statement_timeout = \(statementTimeoutMilliseconds)", deadline: deadline())
                        {
                            return failure.error.reason
                        }
                        connection = made
                    } catch {
                        return error.reason
                    }
                }
                guard let connection else { return "PostgreSQL: no connection" }
                let outcome = connection.run(sql: Self.probeSQL, deadline: deadline())
                let rolledBack = connection.run(sql: "ROLLBACK", deadline: deadline())
                if case .failure(let failure) = outcome {
                    if failure.connectionLost { self.connection = nil }
                    return Self.reason(failure)
                }
                if case .failure(let failure) = rolledBack {
                    if failure.connectionLost { self.connection = nil }
                    return failure.error.reason
                }
                return nil
            }
        }

        private static func reason(_ failure: PostgreSQLFailure) -> String {
            switch failure.sqlState {
            case "25006": "the replay database refuses writes (a read-only transaction): \(failure.error.reason)"
            case "42501": "the replay database role may not record (insufficient privilege): \(failure.error.reason)"
            default: failure.error.reason
            }
        }
    }
#endif
