package dev.octet

/**
 * What [Octet.verify] checks beyond the proof's own signatures (seed: "VerifyOptions"): the seed's
 * members, defaults and order, then the additions of proof-format.md ("API additions"), each with
 * a default that keeps the seed's behaviour.
 *
 * Byte arrays are read once, at the start of a verification, and copied there: changing an array
 * while [Octet.verify] runs changes nothing in that call.
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
    /** Fail-closed on the signed verdict tier; default null. Deprecated since 3.1: effective only with [honorVerdictTier]. */
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
)
