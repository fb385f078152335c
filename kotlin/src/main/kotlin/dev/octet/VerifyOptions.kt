package dev.octet

import dev.octet.geometry.ExpectedRegion
import dev.octet.geometry.RegionResult

/**
 * What [Octet.verify] checks beyond the proof's own signatures (seed: "VerifyOptions"): the seed's
 * members, defaults and order, then the additions of proof-format.md ("API additions"), each with
 * a default that keeps the seed's behaviour.
 *
 * Byte arrays are read once, at the start of a verification, and copied there: changing an array
 * while [Octet.verify] runs changes nothing in that call.
 *
 * From Java: `VerifyOptions.production(apps, nonce)`, or [Builder] (`new VerifyOptions.Builder()
 * .maxAgeSeconds(120).build()`), since a Java call cannot name the constructor's parameters.
 */
data class VerifyOptions(
    /** Enables `region-claim`, `region-type` and `contains`; null => NOT_CHECKED. */
    val expectedRegion: ProofRegion? = null,
    /** The freshness window in whole seconds; default 300. Negative => `freshness` FAIL (MAX_AGE_INVALID). */
    val maxAgeSeconds: Long = 300,
    /** Fail-closed on `hardware-attestation` (`attestation-required`); default false. */
    val requireAttestation: Boolean = false,
    /** iOS: an encoded `AppAttestEnrolment` that anchors an assertion-only proof. Ignored on Android proofs. */
    val attestationBundle: ByteArray? = null,
    /**
     * Fail-closed on the signed verdict tier; default null. Deprecated since 3.1 (effective only
     * with [honorVerdictTier]), removed in 4.0: require hardware evidence instead ([production]).
     */
    @Suppress("DEPRECATION") // the deprecated member's own type
    @Deprecated(DeprecationNotes.REQUIRE_VERDICT)
    val requireVerdict: RequiredVerdict? = null,
    /** Manifest + content for `caller-metadata`; default null. */
    val callerMetadata: CallerMetadataCheck? = null,
    /** Fail-closed: the proof must commit content; default false. */
    val requireCallerMetadata: Boolean = false,
    /** The sessionNonce you asked with; null => `session-binding` NOT_CHECKED. */
    val expectedSessionNonce: ByteArray? = null,
    /** The "now" of every time rule, Unix milliseconds; null => the system clock, read once per call. */
    val verificationTimeMillis: Long? = null,
    /** Deprecated on arrival: restores the 3.0 tier rules (`verdict-tier`, [requireVerdict], `spoofingVerdict`). */
    val honorVerdictTier: Boolean = false,
    /** The roots hardware attestation is traced to; default [TrustAnchors.BUNDLED]. */
    val trustAnchors: TrustAnchors = TrustAnchors.BUNDLED,
    /** The proofs already accepted, for `replay-uniqueness`; null => NOT_CHECKED (as on-device). */
    val replayStore: ReplayStore? = null,
    /** Revoked keys and certificates, for `revocation`; null => NOT_CHECKED (as on-device). */
    val revocationSource: RevocationSource? = null,
    /** The apps whose proofs you accept; null => no `app-identity` check (proof-format.md, "App identity"). */
    val expectedApps: List<ExpectedApp>? = null
) {
    /**
     * [expectedRegion] judged once per options value, on first use (in e7 and valid, or its
     * defect; null when none is given): the region checks of every proof verified with these
     * options read it, and a [copy] judges its own. Not part of equality (Swift:
     * `VerifyOptions.expectedRegionJudgement`).
     */
    internal val expectedRegionJudgement: RegionResult<ExpectedRegion>? by lazy { expectedRegion?.judgedAsExpected() }

    companion object {
        /**
         * The options to accept proofs with in production: the strict way, in one call. The seed's
         * defaults verify what a proof says about itself, so a software-key proof, which anyone can
         * make, passes them. This sets what a deployment needs on top:
         * - [requireAttestation]: `attestation-required` fails unless `hardware-attestation` traced
         *   the device key to Apple's or Google's root, so a software-key proof is INVALID;
         * - [expectedApps] = [apps]: `app-identity` passes only for one of your apps that the
         *   hardware evidence vouches for (an empty list accepts no app);
         * - [expectedSessionNonce] = [sessionNonce]: `session-binding` passes only for a proof bound
         *   to the nonce you asked with, so a proof from another session is refused.
         *
         * Every other member keeps the seed's default on purpose (the bundled anchors, the system
         * clock, the 3.1 tier rules); [expectedRegion], [maxAgeSeconds] and an iOS
         * [attestationBundle] are yours to give, and a backend adds its [replayStore] and
         * [revocationSource] with `copy`.
         */
        @JvmStatic
        @JvmOverloads
        fun production(
            apps: List<ExpectedApp>,
            sessionNonce: ByteArray,
            expectedRegion: ProofRegion? = null,
            maxAgeSeconds: Long = 300,
            attestationBundle: ByteArray? = null
        ): VerifyOptions = VerifyOptions(
            expectedRegion = expectedRegion,
            maxAgeSeconds = maxAgeSeconds,
            requireAttestation = true,
            attestationBundle = attestationBundle,
            expectedSessionNonce = sessionNonce,
            expectedApps = apps.toList()
        )
    }

    /**
     * [VerifyOptions] for Java callers, member by member; every member starts at its default, or
     * at [from]'s value.
     */
    class Builder @JvmOverloads constructor(from: VerifyOptions = VerifyOptions()) {
        private var options = from

        fun expectedRegion(value: ProofRegion?): Builder = apply { options = options.copy(expectedRegion = value) }
        fun maxAgeSeconds(value: Long): Builder = apply { options = options.copy(maxAgeSeconds = value) }
        fun requireAttestation(value: Boolean): Builder = apply { options = options.copy(requireAttestation = value) }
        fun attestationBundle(value: ByteArray?): Builder = apply { options = options.copy(attestationBundle = value) }
        fun callerMetadata(value: CallerMetadataCheck?): Builder = apply { options = options.copy(callerMetadata = value) }
        fun requireCallerMetadata(value: Boolean): Builder =
            apply { options = options.copy(requireCallerMetadata = value) }
        fun expectedSessionNonce(value: ByteArray?): Builder =
            apply { options = options.copy(expectedSessionNonce = value) }
        fun verificationTimeMillis(value: Long?): Builder =
            apply { options = options.copy(verificationTimeMillis = value) }
        fun honorVerdictTier(value: Boolean): Builder = apply { options = options.copy(honorVerdictTier = value) }
        fun trustAnchors(value: TrustAnchors): Builder = apply { options = options.copy(trustAnchors = value) }
        fun replayStore(value: ReplayStore?): Builder = apply { options = options.copy(replayStore = value) }
        fun revocationSource(value: RevocationSource?): Builder = apply { options = options.copy(revocationSource = value) }
        fun expectedApps(value: List<ExpectedApp>?): Builder = apply { options = options.copy(expectedApps = value) }
        @Suppress("DEPRECATION") // the deprecated member's own setter
        @Deprecated(DeprecationNotes.REQUIRE_VERDICT)
        fun requireVerdict(value: RequiredVerdict?): Builder = apply { options = options.copy(requireVerdict = value) }
        fun build(): VerifyOptions = options
    }
}
