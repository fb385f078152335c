package dev.octet

import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode

/**
 * `region-claim` (proof-format.md, "Region"): the claimed region equals `expectedRegion` or lies
 * inside it. Judged with `region-type` and `contains` once per call ([dev.octet.geometry.RegionCheck]).
 */
internal object RegionClaimCheck : Check(CheckName.REGION_CLAIM) {
    override val failureCode = ReasonCode.REGION_UNCOMPUTABLE

    override fun evaluate(context: VerificationContext): Outcome = context.regionJudgements.regionClaim
}
