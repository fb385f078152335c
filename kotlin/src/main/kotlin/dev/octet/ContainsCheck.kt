package dev.octet

import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode

/**
 * `contains` (proof-format.md, "Region"): the fix's uncertainty disc (centre the fix, radius its
 * horizontal accuracy) lies inside the claimed region, whatever `region-claim` says.
 */
internal object ContainsCheck : Check(CheckName.CONTAINS) {
    override val failureCode = ReasonCode.REGION_UNCOMPUTABLE

    override fun evaluate(context: VerificationContext): Outcome = context.regionJudgements.contains
}
