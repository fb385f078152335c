/// The check taxonomy's names (seed: "Check taxonomy"), stable strings shared with `octet-verify`.
public enum CheckName {
    public static let wireFormat = "wire-format"
    public static let stageSignatures = "stage-signatures"
    public static let deviceAttestationSig = "device-attestation-sig"
    public static let binding = "binding"
    public static let freshness = "freshness"
    public static let regionClaim = "region-claim"
    public static let regionType = "region-type"
    public static let contains = "contains"
    public static let hardwareAttestation = "hardware-attestation"
    public static let attestationRequired = "attestation-required"
    /// Reported only when `VerifyOptions.expectedApps` is set.
    public static let appIdentity = "app-identity"
    public static let sessionBinding = "session-binding"
    public static let verdictTier = "verdict-tier"
    public static let callerManifest = "caller-manifest"
    public static let callerManifestLocator = "caller-manifest-locator"
    public static let callerMetadata = "caller-metadata"
    public static let replayUniqueness = "replay-uniqueness"
    public static let revocation = "revocation"
}
