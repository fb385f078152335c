/// Why a replay store could not be opened, reached or used: a stable code and a log-safe reason.
///
/// The reason never holds a password, a proof id or a session nonce; it may name a host, a port,
/// a database and a user, which are the verifier's configuration. Equal by code.
public struct ReplayStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A closed set of labels, suitable for logs and metrics.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let label: String
        private init(_ label: String) { self.label = label }

        /// `--replay-store URL` is not `sqlite:PATH`, `postgresql://…` or `postgres://…`, or is malformed.
        public static let invalidURL = Code("REPLAY_STORE_URL_INVALID")
        /// This build has no driver for the store: a PostgreSQL URL given to a binary built without
        /// the PostgreSQL trait (the static package of `scripts/package`).
        public static let unsupported = Code("REPLAY_STORE_UNSUPPORTED")
        /// The store cannot be opened: an SQLite file that cannot be opened or is not a database.
        public static let unusable = Code("REPLAY_STORE_UNUSABLE")
        /// The database cannot be reached (refused, timed out, authentication failed, connection lost).
        public static let unreachable = Code("REPLAY_STORE_UNREACHABLE")
        /// A statement did not finish within the store's statement timeout.
        public static let timedOut = Code("REPLAY_STORE_TIMEOUT")
        /// Every connection of the pool stayed busy past the timeout.
        public static let saturated = Code("REPLAY_STORE_SATURATED")
        /// The database holds a schema version newer than this verifier understands.
        public static let schemaTooNew = Code("REPLAY_STORE_SCHEMA_TOO_NEW")
        /// The database holds something that is not a schema this verifier made.
        public static let schemaInvalid = Code("REPLAY_STORE_SCHEMA_INVALID")
        /// The database refused a statement (permissions, disk full, …).
        public static let statementFailed = Code("REPLAY_STORE_STATEMENT_FAILED")

        public var description: String { label }
    }

    public let code: Code
    /// One log-safe line.
    public let reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { reason }

    public static func == (lhs: ReplayStoreError, rhs: ReplayStoreError) -> Bool { lhs.code == rhs.code }
}
