import Foundation
import OctetAttestation

/// What `Octet.verify` checks beyond the proof's own signatures (seed: "VerifyOptions").
///
/// The seed's fields and defaults, plus the additions of proof-format.md ("API additions"),
/// placed where the seed's initializer leaves room; each addition's default keeps the seed's behaviour.
public struct VerifyOptions: Sendable {
    /// Enables the region checks; nil => NOT-CHECKED.
    public var expectedRegion: ProofRegion?
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
    /// Fail-closed on the signed verdict tier; default nil. Deprecated since 3.1: effective only with `honorVerdictTier`.
    public var requireVerdict: RequiredVerdict?
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
        requireVerdict: RequiredVerdict? = nil,
        callerMetadata: CallerMetadataCheck? = nil, requireCallerMetadata: Bool = false,
        expectedSessionNonce: Data? = nil, replayStore: (any ReplayStore)? = nil,
        revocationSource: (any RevocationSource)? = nil, expectedApps: [ExpectedApp]? = nil
    ) {
        self.expectedRegion = expectedRegion
        self.maxAgeSeconds = maxAgeSeconds
        self.requireAttestation = requireAttestation
        self.attestationBundle = attestationBundle
        self.verificationTime = verificationTime
        self.honorVerdictTier = honorVerdictTier
        self.trustAnchors = trustAnchors
        self.requireVerdict = requireVerdict
        self.callerMetadata = callerMetadata
        self.requireCallerMetadata = requireCallerMetadata
        self.expectedSessionNonce = expectedSessionNonce
        self.replayStore = replayStore
        self.revocationSource = revocationSource
        self.expectedApps = expectedApps
    }
}
