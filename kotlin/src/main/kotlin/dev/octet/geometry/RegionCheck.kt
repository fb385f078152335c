package dev.octet.geometry

import dev.octet.ProofRegion
import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode

/**
 * The seam the recipe calls for `region-claim`, `region-type` and `contains` (proof-format.md,
 * "Region"): the expected region in degrees becomes e7 first (half away from zero), then
 * [RegionRules] judge it against the claimed region and the fix.
 */
object RegionCheck {
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
        expected: ProofRegion?
    ): RegionJudgements {
        if (expected == null) {
            val skipped = Outcome.notChecked("no expectedRegion given")
            return RegionJudgements(skipped, skipped, skipped)
        }
        return when (val converted = RegionE7Conversion.expected(expected)) {
            is RegionResult.Failure -> {
                val failure = Outcome.fail(ReasonCode.EXPECTED_REGION_INVALID, "expected region invalid: ${converted.defect}")
                RegionJudgements(failure, failure, failure)
            }
            is RegionResult.Success ->
                RegionRules.judge(claimed, converted.value, PointE7(fixLatE7, fixLonE7), horizontalAccuracyMm)
        }
    }

    /**
     * Why [region], as an `expectedRegion`, would fail all three region checks: converted to e7 and
     * judged by [RegionValidator] exactly as `Octet.verify` does; null when it is valid. Front ends
     * judge a region given to them once, up front, by this one rule.
     */
    fun expectedRegionDefect(region: ProofRegion): RegionDefect? = when (val converted = RegionE7Conversion.expected(region)) {
        is RegionResult.Failure -> converted.defect
        is RegionResult.Success -> RegionValidator.defect(converted.value)
    }
}
