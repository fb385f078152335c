import Octet

/// Where replay state lives: the value of `--replay-store URL`.
///
/// - `sqlite:PATH`: an SQLite file on this host (PATH as written: relative or absolute).
/// - `postgresql://…` or `postgres://…`: a libpq connection URI, passed to libpq unchanged
///   (<https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING-URIS>).
///
/// Anything else is refused. No message ever repeats a password: a URI is shown with its
/// password masked, and an unknown scheme is not shown at all.
public enum ReplayStoreURL: Sendable, Equatable {
    case sqlite(path: String)
    case postgreSQL(uri: String)

    /// Reads `text`; a PostgreSQL URI is checked by libpq's own parser.
    public init(parsing text: String) throws(ReplayStoreError) {
        if text.hasPrefix("sqlite:") {
            let path = String(text.dropFirst("sqlite:".count))
            guard !path.isEmpty else {
                throw ReplayStoreError(.invalidURL, "sqlite: needs a file path, as in sqlite:/var/lib/octet/replay.db")
            }
            // sqlite://host/… reads as a URL with an authority elsewhere; here it would silently be
            // the path //host/…: refuse rather than guess.
            guard !path.hasPrefix("//") else {
                throw ReplayStoreError(
                    .invalidURL,
                    "sqlite:PATH takes a file path, not //host: write sqlite:/absolute/path or sqlite:relative/path")
            }
            self = .sqlite(path: path)
            return
        }
        guard text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") else {
            throw ReplayStoreError(
                .invalidURL, "a replay store URL is sqlite:PATH, postgresql://… or postgres://… (libpq connection URI)")
        }
        #if PostgreSQL
            _ = try PostgreSQLURI(text)
            self = .postgreSQL(uri: text)
        #else
            throw ReplayStoreError(.unsupported, Self.noPostgreSQL)
        #endif
    }

    /// The URL for logs and messages: a PostgreSQL password is masked.
    public var logSafeDescription: String {
        switch self {
        case .sqlite(let path): return "sqlite:\(path)"
        case .postgreSQL(let uri):
            #if PostgreSQL
                return (try? PostgreSQLURI(uri).logSafe) ?? "postgresql://…"
            #else
                _ = uri
                return "postgresql://…"
            #endif
        }
    }

    /// Why a binary built without the PostgreSQL trait refuses a PostgreSQL URL.
    static let noPostgreSQL =
        "this octet-verify has no PostgreSQL support (the static package leaves libpq out): use sqlite:PATH, or a build with the PostgreSQL trait (swift build)"
}

#if PostgreSQL
    extension ReplayStoreURL {
        /// Opens the store: an SQLite file at once (one that cannot be opened is `.unusable`), a
        /// PostgreSQL pool lazily (the database is reached on the first check). `onMigration` is told
        /// once if the store migrates its schema (``ReplaySchemaMigration``).
        public func open(
            postgreSQL options: PostgreSQLReplayStore.Options = .init(),
            onMigration: ReplaySchemaMigrationHandler? = nil
        ) throws(ReplayStoreError) -> any ReplayStore & ReplayPruning {
            switch self {
            case .sqlite(let path):
                do throws(BackendError) {
                    return try SQLiteReplayStore(path: path, onMigration: onMigration)
                } catch {
                    throw ReplayStoreError(.unusable, error.message)
                }
            case .postgreSQL(let uri):
                return try PostgreSQLReplayStore(uri: uri, options: options, onMigration: onMigration)
            }
        }
    }
#else
    extension ReplayStoreURL {
        /// Opens the store: an SQLite file (one that cannot be opened is `.unusable`). Without the
        /// PostgreSQL trait a PostgreSQL URL never parses, so only SQLite reaches here.
        public func open(onMigration: ReplaySchemaMigrationHandler? = nil) throws(ReplayStoreError)
            -> any ReplayStore & ReplayPruning
        {
            switch self {
            case .sqlite(let path):
                do throws(BackendError) {
                    return try SQLiteReplayStore(path: path, onMigration: onMigration)
                } catch {
                    throw ReplayStoreError(.unusable, error.message)
                }
            case .postgreSQL:
                throw ReplayStoreError(.unsupported, Self.noPostgreSQL)
            }
        }
    }
#endif
