import OctetGeometry
import OctetOutcome

extension Check {
    /// `region-claim` (design, "Region"): the claimed region equals `expectedRegion` or lies inside it.
    static let regionClaim = Check(name: CheckName.regionClaim) { context in
        RegionCheck.outcome(context.regionJudgements, \.regionClaim)
    }

    /// `region-type`: the claimed shape is the expected shape.
    static let regionType = Check(name: CheckName.regionType) { context in
        RegionCheck.outcome(context.regionJudgements, \.regionType)
    }

    /// `contains`: the fix's uncertainty disc lies inside the claimed region.
    static let contains = Check(name: CheckName.contains) { context in
        RegionCheck.outcome(context.regionJudgements, \.contains)
    }
}

enum RegionCheck {
    /// The three judgements of one call: not requested, an expected region that is not
    /// representable in e7 (fails all three, like any invalid expected region), or judged.
    enum Judgements {
        case notRequested
        case unrepresentable(RegionDefect)
        case judged(RegionJudgements)
    }

    static func outcome(_ judgements: Judgements, _ which: KeyPath<RegionJudgements, Outcome>) -> Outcome {
        switch judgements {
        case .notRequested: .notChecked("no expectedRegion given")
        case .unrepresentable(let defect): .fail(.expectedRegionInvalid, "expected region invalid: \(defect)")
        case .judged(let all): all[keyPath: which]
        }
    }

    /// The three judgements for a proof. Degrees become e7 first.
    static func judge(_ proof: DecodedProof, expected: ProofRegion?) -> Judgements {
        guard let expected else { return .notRequested }
        let expectedE7: RegionE7
        switch expected.e7 {
        case .success(let region): expectedE7 = region
        case .failure(let defect): return .unrepresentable(defect)
        }
        let fix = proof.claims.fix
        return .judged(
            RegionRules.judge(
                claimed: proof.claims.region, expected: expectedE7, fix: PointE7(latE7: fix.latE7, lonE7: fix.lonE7),
                horizontalAccuracyMillimeters: fix.horizontalAccuracyMm))
    }
}

extension ProofRegion {
    /// Why this region, as an `expectedRegion`, would fail all three region checks ("expected
    /// region invalid"): converted to e7 with round-half-away-from-zero, then judged by
    /// `RegionValidator`, exactly as `Octet.verify` does. nil when it is valid. Front ends judge a
    /// region given to them once, up front, by this one rule.
    package var expectedRegionDefect: RegionDefect? {
        switch e7 {
        case .success(let region): RegionValidator.defect(in: region)
        case .failure(let defect): defect
        }
    }

    /// The region in e7, with the design's rounding; a value that is not finite or out of range
    /// of its type is that field's range defect.
    package var e7: Result<RegionE7, RegionDefect> {
        switch self {
        case .circle(let latitude, let longitude, let radius):
            RegionE7Conversion.circle(latitude: latitude, longitude: longitude, radiusMeters: radius)
        case .geohash(let hash):
            .success(.geohash(hash))
        case .polygon(let coordinates):
            RegionE7Conversion.polygon(coordinates.map { ($0.latitude, $0.longitude) })
        }
    }
}
