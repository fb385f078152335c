package dev.octet.geometry

import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode

/**
 * The seam the recipe calls for `region-claim`, `region-type` and `contains` (proof-format.md,
 * "Region"): the expected region, judged once per options value ([ExpectedRegion]), against the
 * claimed region and the fix by [RegionRules].
 */
internal object RegionCheck {
    /**
     * No expected region: all three NOT-CHECKED ("no expectedRegion given"). An expected region
     * that does not convert to e7 or is invalid: all three FAIL `EXPECTED_REGION_INVALID`
     * ("expected region invalid: …"). Otherwise the three judgements. [claimed] is the decoded
     * (valid) claimed region, [horizontalAccuracyMm] the fix's uint32 accuracy.
     */
    fun judge(
        claimed: RegionE7,
        fixLatE7: Int,
        fixLonE7: Int,
        horizontalAccuracyMm: Long,
        expected: RegionResult<ExpectedRegion>?
    ): RegionJudgements = when (expected) {
        null -> {
            val skipped = Outcome.notChecked("no expectedRegion given")
            RegionJudgements(skipped, skipped, skipped)
        }
        is RegionResult.Failure -> {
            val failure = Outcome.fail(ReasonCode.EXPECTED_REGION_INVALID, "expected region invalid: ${expected.defect}")
            RegionJudgements(failure, failure, failure)
        }
        is RegionResult.Success -> RegionRules.judge(claimed, expected.value, PointE7(fixLatE7, fixLonE7), horizontalAccuracyMm)
    }
}
