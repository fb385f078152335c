import OctetGeometry
import OctetOutcome

/// The three region checks (design, "Region"), each its own rule. Each is NOT-CHECKED without an
/// `expectedRegion` and FAIL `EXPECTED_REGION_INVALID` with an invalid one; the region itself was
/// judged once, when the options were made (`VerifyOptions.expectedRegionJudgement`).
extension Check {
    /// `region-claim`: the claimed region equals `expectedRegion` or lies inside it.
    static let regionClaim = Check(name: CheckName.regionClaim) { context in
        RegionCheck.withExpected(context) { expected in
            RegionRules.regionClaim(claimed: context.proof.claims.region, expected: expected.e7)
        }
    }

    /// `region-type`: the claimed shape is the expected shape.
    static let regionType = Check(name: CheckName.regionType) { context in
        RegionCheck.withExpected(context) { expected in
            RegionRules.regionType(claimed: context.proof.claims.region, expected: expected.e7)
        }
    }

    /// `contains`: the fix's uncertainty disc lies inside the claimed region (run only when an
    /// expected region is given, as the seed's taxonomy says).
    static let contains = Check(name: CheckName.contains) { context in
        RegionCheck.withExpected(context) { _ in
            let fix = context.proof.claims.fix
            return RegionRules.contains(
                fix: PointE7(latE7: fix.latE7, lonE7: fix.lonE7),
                horizontalAccuracyMillimeters: fix.horizontalAccuracyMm,
                claimed: context.proof.claims.region)
        }
    }
}

enum RegionCheck {
    /// NOT-CHECKED without an expected region, FAIL for an invalid one, else `rule`'s outcome.
    static func withExpected(_ context: VerificationContext, _ rule: (ExpectedRegion) -> Outcome) -> Outcome {
        switch context.options.expectedRegionJudgement {
        case nil: .notChecked("no expectedRegion given")
        case .failure(let defect)?: .fail(.expectedRegionInvalid, "expected region invalid: \(defect)")
        case .success(let expected)?: rule(expected)
        }
    }
}
