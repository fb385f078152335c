package dev.octet

import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode

/** `region-type` (proof-format.md, "Region"): the claimed shape is the expected shape. */
internal object RegionTypeCheck : Check(CheckName.REGION_TYPE) {
    override val failureCode = ReasonCode.REGION_UNCOMPUTABLE

    override fun evaluate(context: VerificationContext): Outcome = context.regionJudgements.regionType
}
