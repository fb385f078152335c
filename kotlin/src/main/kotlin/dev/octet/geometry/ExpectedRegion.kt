package dev.octet.geometry

/**
 * An expected region judged once: in e7 and valid by [RegionValidator] (ranges, radius, vertex
 * count, closed, repeated vertex, edges over 180°, zero area, simplicity; O(n²) for an n-vertex
 * polygon). `VerifyOptions` judges its `expectedRegion` once per options value, so no proof
 * re-validates the caller's region: the region checks compare against this value (Swift:
 * `ExpectedRegion`).
 */
internal class ExpectedRegion private constructor(val e7: RegionE7) {
    companion object {
        /** [converted] (the caller's region in e7, or why it does not convert) judged: valid, or its first defect. */
        fun judge(converted: RegionResult<RegionE7>): RegionResult<ExpectedRegion> = when (converted) {
            is RegionResult.Failure -> converted
            is RegionResult.Success -> {
                val defect = RegionValidator.defect(converted.value)
                if (defect == null) RegionResult.Success(ExpectedRegion(converted.value)) else RegionResult.Failure(defect)
            }
        }
    }
}
