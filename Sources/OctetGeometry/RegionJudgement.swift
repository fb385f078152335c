/// The outcome of one region rule, with a log-safe detail (shapes, counts and margins; never a coordinate).
public enum RegionJudgement: Sendable, Equatable {
    case pass(String)
    case fail(String)

    /// True for ``pass(_:)``.
    public var passed: Bool {
        if case .pass = self { return true }
        return false
    }

    /// The detail of either case.
    public var detail: String {
        switch self {
        case .pass(let detail), .fail(let detail): detail
        }
    }
}

/// The three region checks of one verification, in recipe order.
public struct RegionJudgements: Sendable, Equatable {
    public var regionClaim: RegionJudgement
    public var regionType: RegionJudgement
    public var contains: RegionJudgement

    public init(regionClaim: RegionJudgement, regionType: RegionJudgement, contains: RegionJudgement) {
        self.regionClaim = regionClaim
        self.regionType = regionType
        self.contains = contains
    }
}
