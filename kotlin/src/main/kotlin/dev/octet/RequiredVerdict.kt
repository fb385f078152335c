package dev.octet

/**
 * The tier a caller insists on (seed: "RequiredVerdict"). Deprecated since 3.1 with
 * [VerifyOptions.requireVerdict]: effective only with [VerifyOptions.honorVerdictTier].
 */
enum class RequiredVerdict {
    /** Only a signed VERIFIED verdict passes. */
    VERIFIED,

    /** A signed VERIFIED or PLAUSIBLE verdict passes. */
    PLAUSIBLE;

    internal fun isMetBy(tier: LocationProofVerdict): Boolean = when (this) {
        VERIFIED -> tier == LocationProofVerdict.VERIFIED
        PLAUSIBLE -> tier == LocationProofVerdict.VERIFIED || tier == LocationProofVerdict.PLAUSIBLE
    }
}
