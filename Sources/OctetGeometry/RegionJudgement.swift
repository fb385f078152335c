import OctetOutcome

/// The three region checks of one verification, in recipe order, each an `Outcome` with a log-safe
/// detail (shapes, counts and margins; never a coordinate).
public struct RegionJudgements: Sendable, Equatable {
    public var regionClaim: Outcome
    public var regionType: Outcome
    public var contains: Outcome

    public init(regionClaim: Outcome, regionType: Outcome, contains: Outcome) {
        self.regionClaim = regionClaim
        self.regionType = regionType
        self.contains = contains
    }
}
