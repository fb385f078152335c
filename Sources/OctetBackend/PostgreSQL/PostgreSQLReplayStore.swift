// Built with the PostgreSQL trait (on by default; off in the static package: see Package.swift).
#if PostgreSQL
    internal import CPostgreSQL
    import Foundation
    import Octet

    /// A replay store in PostgreSQL, shared by any number of verifiers on any number of hosts
    /// (`--replay-store postgresql://…`).
    ///
    /// Each `check(_:record:atMilliseconds:)` with `record: true` is one statement (`octet_accept`,
    /// one implicit transaction) over primary keys on the proof id and on the session nonce: of any
    /// number of concurrent checks of one proof identity (or of one nonce), exactly one is answered
    /// `.first(recorded: true)` across the fleet. A check never hangs: connecting is bounded by
    /// `connect_timeout`, every statement by a client deadline and the server's statement_timeout,
    /// and while the database is down every check answers `.unavailable` at once, one caller trying
    /// again after each backoff step. It recovers by itself when the database is back.
    ///
    /// The schema is created on first use (under an advisory lock, in one transaction) and carries
    /// a version; a newer version than ``PostgreSQLReplayStore/supportedSchemaVersion`` is refused. A
    /// database of version 1 (proofs kept by `proof_id`) or 2 (no prune horizon) is migrated to
    /// version 3 by the first connection that finds it, in one transaction under the same lock; the
    /// handler given to `init` is told once, by the store that made the migration.
    ///
    /// The database keeps its prune horizon (`octet_prune_horizon`), moved forward by triggers in
    /// whatever transaction deletes records; `octet_accept` reads it after its inserts and takes
    /// them back when the verification's window reaches back to it (`.windowPruned`).
    public final class PostgreSQLReplayStore: ReplayStore, ReplayPruning {
        /// How the store connects and how long it waits.
        public struct Options: Sendable, Equatable {
            /// At most this many connections, each used by one verification at a time.
            public var maximumConnections: Int
            /// libpq's `connect_timeout` (seconds, at least 2), unless the URL sets its own.
            public var connectTimeoutSeconds: Int
            /// The server's `statement_timeout`; the client gives up 2 s after it.
            public var statementTimeoutMilliseconds: Int
            /// How long a check waits for a free connection when all are busy.
            public var poolWaitMilliseconds: Int
            /// The pause between connection attempts while the database is down.
            public var backoff: BackoffPolicy

            public init(
                maximumConnections: Int = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount),
                connectTimeoutSeconds: Int = 5, statementTimeoutMilliseconds: Int = 5_000,
                poolWaitMilliseconds: Int = 5_000, backoff: BackoffPolicy = BackoffPolicy()
            ) {
                self.maximumConnections = max(1, maximumConnections)
                self.connectTimeoutSeconds = max(2, connectTimeoutSeconds)
                self.statementTimeoutMilliseconds = max(1, statementTimeoutMilliseconds)
                self.poolWaitMilliseconds = max(0, poolWaitMilliseconds)
                self.backoff = backoff
            }
        }

        /// The schema version this verifier writes and understands.
        public static let supportedSchemaVersion = PostgreSQLReplaySchema.version

        /// The connection URI with any password masked: safe for logs.
        public let logSafeURI: String
        public let options: Options
        private let pool: PostgreSQLConnectionPool

        /// A store for the libpq connection URI `uri` (`postgresql://…` or `postgres://…`). Checks the
        /// URI's syntax only: the database is reached on first use (see ``connect()``).
        /// `onMigration` is told once if this store migrates the database from schema version 1 (at the
        /// first connection, which is made lazily).
        public init(
            uri: String, options: Options = Options(), onMigration: ReplaySchemaMigrationHandler? = nil
        ) throws(ReplayStoreError) {
            let parsed = try PostgreSQLURI(uri)
            logSafeURI = parsed.logSafe
            let shownURI = parsed.logSafe
            self.options = options
            let redactor = parsed.redactor
            let statementTimeout = options.statementTimeoutMilliseconds
            let connectTimeout = options.connectTimeoutSeconds
            pool = PostgreSQLConnectionPool(
                maximumConnections: options.maximumConnections, waitMilliseconds: options.poolWaitMilliseconds,
                backoff: options.backoff
            ) { () throws(ReplayStoreError) -> PostgreSQLConnection in
                let connection = try PostgreSQLConnection(
                    uri: uri, connectTimeoutSeconds: connectTimeout, redactor: redactor)
                if let from = try Self.ready(connection, statementTimeoutMilliseconds: statementTimeout) {
                    let to = PostgreSQLReplaySchema.version
                    onMigration?(ReplaySchemaMigration(fromVersion: from, toVersion: to, store: shownURI))
                }
                return connection
            }
        }

        /// Reaches the database now, creating the schema if needed: for callers that want a bad URL,
        /// bad credentials or a too-new schema to stop them at start-up rather than at the first proof.
        public func connect() throws(ReplayStoreError) {
            _ = try schemaVersion()
        }

        /// The schema version the database holds (created at ``supportedSchemaVersion``, or migrated to
        /// it, on first use).
        public func schemaVersion() throws(ReplayStoreError) -> Int {
            let rows = try execute(sql: "SELECT version FROM octet_schema")
            return try Self.version(in: rows)
        }

        /// Closes the idle connections (for a graceful stop). The store stays usable: a later check
        /// connects again. Connections in use close when their statement returns and the store goes.
        public func closeIdleConnections() {
            pool.dropIdle()
        }

        // MARK: ReplayStore

        /// A look-up that does not say how far back its window reaches: judged as if it reached back
        /// without bound, so once anything was pruned it is `.windowPruned` unless a record answers.
        public func check(_ key: ReplayKey, record: Bool, atMilliseconds: Int64) -> ReplaySighting {
            check(key, record: record, atMilliseconds: atMilliseconds, windowFromMilliseconds: Int64.min)
        }

        public func check(_ key: ReplayKey, record: Bool, atMilliseconds: Int64, windowFromMilliseconds: Int64)
            -> ReplaySighting
        {
            let nonce: PostgreSQLValue = key.sessionNonce.map { .bytes($0) } ?? .null
            let identity = PostgreSQLValue.bytes(key.proofIdentity)
            let proofId = PostgreSQLValue.bytes(key.proofId)
            let windowFrom = PostgreSQLValue.int64(windowFromMilliseconds)
            if !record {
                switch execute(PostgreSQLReplaySchema.lookUp, [identity, proofId, nonce, windowFrom]) {
                case .failure(let error): return .unavailable(error.reason)
                case .success(let rows):
                    guard let row = rows.rows.first, row.count == 3 else { return Self.unexpected }
                    if row[0] == "t" { return .replayedProofId }
                    if row[1] == "t" { return .replayedSessionNonce }
                    if row[2] == "t" { return .windowPruned }
                    return .first(recorded: false)
                }
            }
            // A random claim marks this call's rows, so a retry after a lost answer recognises its own.
            let claim = Self.randomClaim()
            let values: [PostgreSQLValue] = [
                identity, proofId, nonce, .int64(atMilliseconds), windowFrom, .bytes(claim),
            ]
            switch execute(PostgreSQLReplaySchema.accept, values) {
            case .failure(let error): return .unavailable(error.reason)
            case .success(let rows):
                switch rows.rows.first?.first {
                case "first": return .first(recorded: true)
                case "proof": return .replayedProofId
                case "nonce": return .replayedSessionNonce
                case "pruned": return .windowPruned
                default: return Self.unexpected
                }
            }
        }

        // MARK: ReplayPruning

        public func prune(olderThanMilliseconds: Int64, atMilliseconds: Int64) throws(ReplayStoreError)
            -> ReplayPruneCount
        {
            let cutoff = ReplayPruneHorizon.cutoff(
                olderThanMilliseconds: olderThanMilliseconds, atMilliseconds: atMilliseconds)
            let rows = try execute(PostgreSQLReplaySchema.prune, [.int64(cutoff)]).get()
            guard let row = rows.rows.first, row.count == 2, let proofs = row[0].flatMap({ Int($0) }),
                let nonces = row[1].flatMap({ Int($0) })
            else { throw ReplayStoreError(.statementFailed, "PostgreSQL gave an unexpected answer to a prune") }
            return ReplayPruneCount(proofs: proofs, sessionNonces: nonces)
        }

        // MARK: Running statements

        private static let unexpected = ReplaySighting.unavailable("PostgreSQL replay store gave an unexpected answer")

        /// Runs a prepared statement on a pooled connection. A connection found dead (the server
        /// restarted) is dropped with its idle siblings and the statement runs once more on a fresh
        /// one; `octet_accept` is safe to repeat thanks to its claim.
        private func execute(_ statement: PostgreSQLReplaySchema.Statement, _ values: [PostgreSQLValue]) -> Result<
            PostgreSQLRows, ReplayStoreError
        > {
            run { connection, deadline in
                connection.run(
                    prepared: statement.name, sql: statement.sql, types: statement.types, values, deadline: deadline)
            }
        }

        private func execute(sql: String) throws(ReplayStoreError) -> PostgreSQLRows {
            try run { connection, deadline in connection.run(sql: sql, deadline: deadline) }.get()
        }

        private func run(
            _ body: (PostgreSQLConnection, Deadline) -> Result<PostgreSQLRows, PostgreSQLFailure>
        ) -> Result<PostgreSQLRows, ReplayStoreError> {
            var attempt = 0
            while true {
                attempt += 1
                let connection: PostgreSQLConnection
                switch pool.checkOut() {
                case .failure(let error): return .failure(error)
                case .success(let checkedOut): connection = checkedOut
                }
                let result = body(connection, Deadline(milliseconds: options.statementTimeoutMilliseconds + 2_000))
                switch result {
                case .success(let rows):
                    pool.checkIn(connection, usable: true)
                    return .success(rows)
                case .failure(let failure):
                    pool.checkIn(connection, usable: !failure.connectionLost)
                    let lost = failure.connectionLost && failure.error.code == .unreachable
                    // Serialization failures and deadlocks cannot arise from these statements under
                    // READ COMMITTED; if a server setting makes them, trying again is the remedy.
                    let conflict = failure.sqlState == "40001" || failure.sqlState == "40P01"
                    if lost && attempt < 2 {
                        pool.dropIdle()
                        continue
                    }
                    if conflict && attempt < 3 { continue }
                    return .failure(failure.error)
                }
            }
        }

        // MARK: A new connection

        /// Sets a new connection up: the session's statement timeout, then the schema (created when
        /// missing, migrated when of version 1 or 2, refused when newer than this verifier's). Returns
        /// the version this call migrated from, if it did.
        private static func ready(_ connection: PostgreSQLConnection, statementTimeoutMilliseconds: Int)
            throws(ReplayStoreError) -> Int?
        {
            let deadline = { Deadline(milliseconds: statementTimeoutMilliseconds + 2_000) }
            // An integer we computed, not input: the only SQL text built here.
            _ = try connection.run(sql: "SET statement_timeout = \(statementTimeoutMilliseconds)", deadline: deadline())
                .mapError(\.error).get()
            switch connection.run(sql: "SELECT version FROM octet_schema", deadline: deadline()) {
            case .success(let rows):
                if try version(in: rows) == PostgreSQLReplaySchema.version { return nil }
                return try create(on: connection, deadline: deadline)
            case .failure(let failure) where failure.sqlState == "42P01":  // undefined_table: first use
                return try create(on: connection, deadline: deadline)
            case .failure(let failure):
                throw failure.error
            }
        }

        /// Creates the schema, or migrates it from version 1 or 2, in one transaction, under an advisory lock
        /// so that concurrent first users wait for each other; the one that gets the lock second finds
        /// the schema made (or migrated). Returns the version it migrated from, if it did.
        private static func create(on connection: PostgreSQLConnection, deadline: () -> Deadline)
            throws(ReplayStoreError)
            -> Int?
        {
            let locked = """
                BEGIN;
                SELECT pg_advisory_xact_lock(\(PostgreSQLReplaySchema.advisoryLockKey));
                SELECT to_regclass('octet_schema') IS NOT NULL
                """
            func rollBack(_ error: ReplayStoreError) -> ReplayStoreError {
                _ = connection.run(sql: "ROLLBACK", deadline: deadline())
                return error
            }
            let exists: Bool
            switch connection.run(sql: locked, deadline: deadline()) {
            case .failure(let failure): throw rollBack(failure.error)
            case .success(let rows): exists = rows.rows.first?.first == "t"
            }
            var migratedFrom: Int?
            if exists {
                let found: Int
                switch connection.run(sql: "SELECT version FROM octet_schema", deadline: deadline()) {
                case .failure(let failure): throw rollBack(failure.error)
                case .success(let rows):
                    do throws(ReplayStoreError) { found = try version(in: rows) } catch { throw rollBack(error) }
                }
                if found < PostgreSQLReplaySchema.version {
                    if case .failure(let failure) = connection.run(
                        sql: PostgreSQLReplaySchema.migration(from: found), deadline: deadline())
                    {
                        throw rollBack(
                            ReplayStoreError(
                                failure.error.code,
                                "cannot migrate the replay schema from version \(found): \(failure.error.reason)"))
                    }
                    migratedFrom = found
                }
            } else if case .failure(let failure) = connection.run(
                sql: PostgreSQLReplaySchema.create, deadline: deadline())
            {
                throw rollBack(
                    ReplayStoreError(failure.error.code, "cannot create the replay schema: \(failure.error.reason)"))
            }
            if case .failure(let failure) = connection.run(sql: "COMMIT", deadline: deadline()) {
                throw rollBack(failure.error)
            }
            return migratedFrom
        }

        private static func version(in rows: PostgreSQLRows) throws(ReplayStoreError) -> Int {
            guard rows.rows.count == 1, let text = rows.rows[0].first ?? nil, let version = Int(text) else {
                throw ReplayStoreError(
                    .schemaInvalid, "the replay database's octet_schema table does not hold one schema version")
            }
            if version > PostgreSQLReplaySchema.version {
                throw ReplayStoreError(
                    .schemaTooNew,
                    "the replay database holds schema version \(version); this verifier understands version "
                        + "\(PostgreSQLReplaySchema.version) only: upgrade it (a schema is never downgraded)")
            }
            // Versions 1 and 2 are migrated by whoever reads them first (``create(on:deadline:)``).
            guard (1...PostgreSQLReplaySchema.version).contains(version) else {
                throw ReplayStoreError(.schemaInvalid, "the replay database holds unknown schema version \(version)")
            }
            return version
        }

        private static func randomClaim() -> [UInt8] {
            var generator = SystemRandomNumberGenerator()
            return (0..<2).flatMap { _ in withUnsafeBytes(of: generator.next() as UInt64) { Array($0) } }
        }
    }
#endif
