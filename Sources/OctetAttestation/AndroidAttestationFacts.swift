import OctetOutcome

/// How an Android device got its attestation key: burned in at the factory, or fetched by
/// Remote Key Provisioning (short-lived intermediates under "Droid CA2").
public enum AndroidProvisioning: String, Sendable, Hashable, CustomStringConvertible {
    case factory
    case rkp = "RKP"

    public var description: String { rawValue }
}

/// What a chain walk learned, for tests and diagnostics. Not log-safe as a whole (it holds the
/// challenge and package names); `Outcome.detail` is the log-safe summary.
public struct AndroidAttestationFacts: Sendable, Hashable {
    /// The parsed attestation extension of the leaf.
    public var keyDescription: AndroidKeyDescription
    /// Factory or RKP, when the chain got far enough to tell.
    public var provisioning: AndroidProvisioning?
    /// The instant the chain was judged at, in milliseconds (creationDateTime, else the claim).
    public var judgedAtMs: Int64
    /// True when the last certificate was self-issued and set aside before anchoring.
    public var droppedSelfIssuedRoot: Bool

    public init(
        keyDescription: AndroidKeyDescription, provisioning: AndroidProvisioning?, judgedAtMs: Int64,
        droppedSelfIssuedRoot: Bool
    ) {
        self.keyDescription = keyDescription
        self.provisioning = provisioning
        self.judgedAtMs = judgedAtMs
        self.droppedSelfIssuedRoot = droppedSelfIssuedRoot
    }
}

/// The judgement and, when the leaf's KeyDescription could be read, the facts behind it.
public struct AndroidAttestationReport: Sendable {
    public var judgement: Outcome
    public var facts: AndroidAttestationFacts?
}
