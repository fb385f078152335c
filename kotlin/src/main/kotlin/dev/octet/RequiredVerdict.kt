package dev.octet

/**
 * The tier a caller insists on (seed: "RequiredVerdict"), with [VerifyOptions.requireVerdict]: new
 * in 3.0, deprecated in 3.1 (ignored unless [VerifyOptions.honorVerdictTier]), removed in 4.0. The
 * signed tier is the device's own opinion; hardware evidence is what makes a proof trustworthy:
 * see [VerifyOptions.production].
 */
@Deprecated(DeprecationNotes.REQUIRE_VERDICT)
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

/** The deprecation notes, one text for every declaration that carries it. */
internal object DeprecationNotes {
    const val REQUIRE_VERDICT = "requireVerdict and RequiredVerdict are deprecated since 3.1 and ignored unless " +
        "honorVerdictTier is set (removed in 4.0); require hardware evidence instead: VerifyOptions.production(apps, sessionNonce)"
}
