/// A replay store's schema brought up to this build's version on first use: a store says so once,
/// through the handler it was opened with (`octet-verify` prints it on standard error, `serve`
/// logs it as the event `replayStoreMigrated`).
///
/// Version 1 kept a proof under its `proof_id`; version 2 keeps it under its proof identity
/// (`ReplayKey.proofIdentity`). The records of version 1 are kept as they are and go on refusing
/// their proof ids until they are pruned: a proof accepted before the migration stays refused.
/// Version 3 keeps the store's prune horizon; a store of version 1 or 2 cannot say how far its
/// earlier prunes reached, so its horizon starts at ``ReplayPruneHorizon/migratedHorizon(atMilliseconds:)``.
public struct ReplaySchemaMigration: Sendable, Equatable {
    /// The version the store held, and the one it holds now.
    public let fromVersion: Int
    public let toVersion: Int
    /// The store, log-safe: an SQLite path as given, a PostgreSQL URI with its password masked.
    public let store: String

    public init(fromVersion: Int, toVersion: Int, store: String) {
        self.fromVersion = fromVersion
        self.toVersion = toVersion
        self.store = store
    }

    /// One line for a log or standard error (the store's name is escaped by whoever prints it).
    public var message: String {
        var text = "replay store \(store): migrated from schema version \(fromVersion) to \(toVersion): "
        if fromVersion < 2 {
            text +=
                "proofs are now recorded under their proof identity; the proof ids recorded by version "
                + "\(fromVersion) stay refused until they are pruned; "
        }
        return text
            + "the store now keeps its prune horizon, set to \(ReplayPruneHorizon.minimumSeconds) s before the "
            + "migration: a verification whose window reaches back before it is INCONCLUSIVE (REPLAY_WINDOW_PRUNED)"
    }
}

/// Told once when a store migrates its schema; called on whichever thread made the migration.
public typealias ReplaySchemaMigrationHandler = @Sendable (ReplaySchemaMigration) -> Void
