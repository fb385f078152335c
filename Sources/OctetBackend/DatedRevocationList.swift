import Foundation
import Octet

/// A revocation list with the time it was fetched and the most it may age
/// (`--revocation-max-age`): a `RevocationSource` that lists what the list lists and, for anything
/// it does not list, answers `.notListed` only while the list is current. An older list, one never
/// fetched (no fetch record, or a record of other bytes), or one fetched more than
/// ``clockSkewMilliseconds`` in the future of the clock answers `.stale`: `revocation` is then
/// INCONCLUSIVE `REVOCATION_LIST_STALE`, never PASS.
///
/// The age is measured against `clock` (the wall clock) at each look-up, not against a proof's
/// verification time: it says how current the verifier's knowledge of revocations is, which a
/// pinned past `verificationTimeMs` does not change.
public struct DatedRevocationList: RevocationSource {
    /// When the list was fetched, or why that is not known.
    public enum Fetched: Sendable, Equatable {
        case at(milliseconds: Int64)
        /// Never fetched: a log-safe reason ("no fetch record").
        case never(String)
    }

    /// A fetch time later than the clock by more than this is not believed (a clock that stepped back).
    public static let clockSkewMilliseconds: Int64 = 300_000

    public let list: RevocationList
    public let fetched: Fetched
    public let maxAgeMilliseconds: Int64
    let clock: @Sendable () -> Int64

    /// `clock`: Unix milliseconds now (the system clock unless a test gives one).
    public init(
        list: RevocationList, fetched: Fetched, maxAgeMilliseconds: Int64,
        clock: @escaping @Sendable () -> Int64 = DatedRevocationList.systemClock
    ) {
        self.list = list
        self.fetched = fetched
        self.maxAgeMilliseconds = maxAgeMilliseconds
        self.clock = clock
    }

    /// The list's bytes with its record's bytes (nil: no record): a record that does not parse, or
    /// dates other bytes, leaves the list never fetched.
    public static func fetched(list bytes: [UInt8], record: [UInt8]?) -> Fetched {
        guard let record else { return .never("no fetch record") }
        switch RevocationFetchRecord.parse(record) {
        case .failure(let error): return .never("fetch record unreadable: \(error.reason)")
        case .success(let parsed):
            return parsed.dates(bytes)
                ? .at(milliseconds: parsed.fetchedAtMilliseconds) : .never("fetch record is for other bytes")
        }
    }

    public static let systemClock: @Sendable () -> Int64 = {
        Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }

    public var entryCount: Int? { list.count }

    public func lookUp(_ subject: RevocationSubject) -> RevocationLookup {
        let answer = list.lookUp(subject)
        guard case .notListed = answer, let reason = staleness(now: clock()) else { return answer }
        return .stale(reason)
    }

    /// Why the list is not current at `now`, nil when it is.
    public func staleness(now: Int64) -> String? {
        switch fetched {
        case .never(let reason): return "never fetched (\(reason))"
        case .at(let milliseconds):
            let (age, overflow) = now.subtractingReportingOverflow(milliseconds)
            if overflow || age == .min { return "fetched at a time this clock cannot compare" }
            if age < -Self.clockSkewMilliseconds {
                return "fetched \(Self.text(-age)) in the future of this clock"
            }
            guard age > maxAgeMilliseconds else { return nil }
            return "fetched \(Self.text(age)) ago, more than its maximum age of \(Self.text(maxAgeMilliseconds))"
        }
    }

    /// Milliseconds as the largest whole unit: `90s`, `26h`, `3d`.
    static func text(_ milliseconds: Int64) -> String {
        let seconds = milliseconds / 1000
        if seconds < 120 { return "\(seconds)s" }
        if seconds < 7200 { return "\(seconds / 60)m" }
        if seconds < 172_800 { return "\(seconds / 3600)h" }
        return "\(seconds / 86_400)d"
    }
}
