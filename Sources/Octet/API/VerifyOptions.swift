import Foundation
import OctetAttestation

/// What `Octet.verify` checks beyond the proof's own signatures (seed: "VerifyOptions").
///
/// The seed's fields and defaults, plus the additions of proof-format.md ("API additions"),
/// placed where the seed's initializer leaves room; each addition's default keeps the seed's behaviour.
public struct VerifyOptions: Sendable {
    /// Enables the region checks; nil => NOT-CHECKED. Judged once, when set
    /// (`ExpectedRegion(validating:)`): an invalid region fails the three region checks with
    /// `EXPECTED_REGION_INVALID`, and no proof re-validates it.
    public var expectedRegion: ProofRegion? {
        get { givenRegion }
        set {
            givenRegion = newValue
            expectedRegionJudgement = newValue.map(ExpectedRegion.judge)
        }
    }
    /// `expectedRegion` as given.
    private var givenRegion: ProofRegion?
    /// `expectedRegion` judged: nil when none is given, else the valid region or its defect.
    package private(set) var expectedRegionJudgement: Result<ExpectedRegion, ExpectedRegion.Defect>?
    /// Freshness window in seconds; default ``defaultMaxAgeSeconds``.
    public var maxAgeSeconds: TimeInterval
    /// The freshness window when none is given: 300 s. Front ends, their help and replay pruning read it.
    public static let defaultMaxAgeSeconds: TimeInterval = 300
    /// Fail-closed on hardware-attestation; default false.
    public var requireAttestation: Bool
    /// iOS: an encoded `AppAttestEnrolment` that anchors an assertion-only proof. Ignored on Android proofs.
    public var attestationBundle: Data?
    /// The "now" of every time rule; nil => the system clock.
    public var verificationTime: Date?
    /// The roots hardware attestation is traced to; default `.bundled`.
    public var trustAnchors: TrustAnchors
    /// Deprecated on arrival: restores the 3.0 tier rules (`verdict-tier`, `requireVerdict`, `spoofingVerdict`).
    public var honorVerdictTier: Bool
    /// Fail-closed on the signed verdict tier; default nil. Deprecated since 3.1 (ignored unless
    /// `honorVerdictTier`), removed in 4.0: hardware evidence, not the device's signed opinion of
    /// itself, is what to require (``production(apps:sessionNonce:expectedRegion:maxAgeSeconds:attestationBundle:)``).
    @available(
        *, deprecated,
        message:
            "deprecated since 3.1 and ignored unless honorVerdictTier is set; require hardware evidence instead: VerifyOptions.production(apps:sessionNonce:)"
    )
    public var requireVerdict: RequiredVerdict? {
        get { requiredTier.map(RequiredVerdict.init(tier:)) }
        set { requiredTier = newValue?.tier }
    }
    /// `requireVerdict` as the check reads it: the lowest signed tier that passes (VERIFIED or
    /// PLAUSIBLE), so that the package's front ends (`--require-verdict`, a request's
    /// `requireVerdict`) keep the 3.0 rules without the deprecated type.
    package var requiredTier: LocationProofVerdict?
    /// Manifest + content for `caller-metadata`; default nil.
    public var callerMetadata: CallerMetadataCheck?
    /// Fails a proof that commits no content; default false.
    public var requireCallerMetadata: Bool
    /// The session nonce you asked with; nil => NOT-CHECKED.
    public var expectedSessionNonce: Data?
    /// The proofs already accepted, for `replay-uniqueness`; nil => NOT-CHECKED (seed: on-device).
    /// The check records a proof only when every other check leaves it valid.
    public var replayStore: (any ReplayStore)?
    /// Revoked keys and certificates, for `revocation`; nil => NOT-CHECKED (seed: on-device).
    public var revocationSource: (any RevocationSource)?
    /// The apps whose proofs you accept, for `app-identity`; nil (the default) => the check is not
    /// reported. An empty list accepts no app. An entry with a defect (`ExpectedApp.defect`) never
    /// matches: validate entries made from text with `ExpectedApp.apple(validatingAppID:)` and
    /// `ExpectedApp.android(packageName:signingCertificateSHA256Hex:allowUppercase:)`.
    public var expectedApps: [ExpectedApp]?

    public init(
        expectedRegion: ProofRegion? = nil, maxAgeSeconds: TimeInterval = defaultMaxAgeSeconds,
        requireAttestation: Bool = false, attestationBundle: Data? = nil,
        verificationTime: Date? = nil, honorVerdictTier: Bool = false, trustAnchors: TrustAnchors = .bundled,
        callerMetadata: CallerMetadataCheck? = nil, requireCallerMetadata: Bool = false,
        expectedSessionNonce: Data? = nil, replayStore: (any ReplayStore)? = nil,
        revocationSource: (any RevocationSource)? = nil, expectedApps: [ExpectedApp]? = nil
    ) {
        self.givenRegion = expectedRegion
        self.expectedRegionJudgement = expectedRegion.map(ExpectedRegion.judge)
        self.maxAgeSeconds = maxAgeSeconds
        self.requireAttestation = requireAttestation
        self.attestationBundle = attestationBundle
        self.verificationTime = verificationTime
        self.honorVerdictTier = honorVerdictTier
        self.trustAnchors = trustAnchors
        self.requiredTier = nil
        self.callerMetadata = callerMetadata
        self.requireCallerMetadata = requireCallerMetadata
        self.expectedSessionNonce = expectedSessionNonce
        self.replayStore = replayStore
        self.revocationSource = revocationSource
        self.expectedApps = expectedApps
    }

    /// The seed's initializer with `requireVerdict:`, kept for source compatibility and deprecated
    /// with it; without `requireVerdict:` a call resolves to the initializer above.
    @available(
        *, deprecated,
        message:
            "requireVerdict is deprecated since 3.1 and ignored unless honorVerdictTier is set; require hardware evidence instead: VerifyOptions.production(apps:sessionNonce:)"
    )
    public init(
        expectedRegion: ProofRegion? = nil, maxAgeSeconds: TimeInterval = defaultMaxAgeSeconds,
        requireAttestation: Bool = false, attestationBundle: Data? = nil,
        verificationTime: Date? = nil, honorVerdictTier: Bool = false, trustAnchors: TrustAnchors = .bundled,
        requireVerdict: RequiredVerdict?,
        callerMetadata: CallerMetadataCheck? = nil, requireCallerMetadata: Bool = false,
        expectedSessionNonce: Data? = nil, replayStore: (any ReplayStore)? = nil,
        revocationSource: (any RevocationSource)? = nil, expectedApps: [ExpectedApp]? = nil
    ) {
        self.init(
            expectedRegion: expectedRegion, maxAgeSeconds: maxAgeSeconds, requireAttestation: requireAttestation,
            attestationBundle: attestationBundle, verificationTime: verificationTime,
            honorVerdictTier: honorVerdictTier, trustAnchors: trustAnchors, callerMetadata: callerMetadata,
            requireCallerMetadata: requireCallerMetadata, expectedSessionNonce: expectedSessionNonce,
            replayStore: replayStore, revocationSource: revocationSource, expectedApps: expectedApps)
        self.requiredTier = requireVerdict?.tier
    }

    /// The validated region: reading gives it when `expectedRegion` is set and valid; setting it
    /// sets `expectedRegion` to its region without judging it again (a front end validates once,
    /// then makes options for every proof or request from it).
    public var validatedExpectedRegion: ExpectedRegion? {
        get {
            guard case .success(let region)? = expectedRegionJudgement else { return nil }
            return region
        }
        set {
            givenRegion = newValue?.region
            expectedRegionJudgement = newValue.map { .success($0) }
        }
    }
}
