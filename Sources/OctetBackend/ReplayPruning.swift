import Octet

/// A replay store whose old records can be removed.
///
/// A record may go once freshness rejects its proof anyway: a proof accepted at time `a` was
/// created no later than `a + 60 s` (the future skew freshness allows), so it is stale by
/// `a + 60 s + maxAgeSeconds`. Pruning records older than the longest freshness window any
/// verifier sharing the store accepts, plus that skew and a margin for clocks that disagree,
/// never lets a replay through.
public protocol ReplayPruning: AnyObject, Sendable {
    /// Removes the records accepted more than `olderThanMilliseconds` before `atMilliseconds`.
    func prune(olderThanMilliseconds: Int64, atMilliseconds: Int64) throws(ReplayStoreError) -> ReplayPruneCount
}

/// How many records one prune removed.
public struct ReplayPruneCount: Sendable, Equatable {
    /// Accepted proofs removed: records by proof identity, and a migrated store's records of
    /// schema version 1 by proof id.
    public let proofs: Int
    /// Accepted session nonces removed.
    public let sessionNonces: Int

    public init(proofs: Int, sessionNonces: Int) {
        self.proofs = proofs
        self.sessionNonces = sessionNonces
    }
}

/// The pruning horizon `octet-verify replay prune` uses unless told otherwise.
public enum ReplayPruneHorizon {
    /// The API's default freshness window (`VerifyOptions.maxAgeSeconds`).
    public static let defaultFreshnessWindowSeconds = Int64(VerifyOptions.defaultMaxAgeSeconds)
    /// How far into the future freshness accepts a proof's times (device clock ahead).
    public static let futureSkewSeconds: Int64 = 60
    /// The default age: one hour, which covers the default window plus the skew with 54 minutes
    /// to spare for verifier clocks that disagree and for windows up to 50 minutes.
    public static let defaultSeconds: Int64 = 3_600
    /// Younger records are never pruned on request: the default window plus the skew. A store
    /// shared by verifiers with longer windows must use a longer age.
    public static let minimumSeconds: Int64 = defaultFreshnessWindowSeconds + futureSkewSeconds

    /// The prune horizon a store migrated from a schema without one starts at, migrated at `now`:
    /// the newest acceptance time an earlier `replay prune` or `--prune-every` can have removed, as
    /// each keeps at least ``minimumSeconds``. A verification of the present with the default
    /// window reaches back no further, so it is judged as before; one pinned further back, or with
    /// a longer window, is `.windowPruned` until the records it needs are younger than the upgrade.
    public static func migratedHorizon(atMilliseconds now: Int64) -> Int64 {
        let (horizon, overflow) = now.subtractingReportingOverflow(minimumSeconds * 1_000)
        return overflow ? Int64.min : horizon
    }

    /// The cutoff for an age: records accepted before it go. Saturates instead of overflowing.
    public static func cutoff(olderThanMilliseconds age: Int64, atMilliseconds now: Int64) -> Int64 {
        let (cutoff, overflow) = now.subtractingReportingOverflow(max(0, age))
        return overflow ? Int64.min : cutoff
    }
}
