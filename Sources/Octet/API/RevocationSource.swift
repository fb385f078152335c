/// What a revocation list says of one key or certificate.
public struct RevocationEntry: Sendable, Hashable {
    /// Either status fails the proof: a suspended key is not trusted until it is reinstated.
    public enum Status: String, Sendable, Hashable {
        case revoked = "REVOKED"
        case suspended = "SUSPENDED"
    }

    public var status: Status
    /// A reason code such as `KEY_COMPROMISE`, echoed in the check's detail; never free text
    /// (a source must drop a reason that is not a plain code).
    public var reason: String?

    public init(status: Status, reason: String? = nil) {
        self.status = status
        self.reason = reason
    }
}

/// What `revocation` asks a source about.
public enum RevocationSubject: Sendable, Hashable {
    /// The SHA-256 of the proof key's 65-byte SEC1 point.
    case proofKey(sha256: [UInt8])
    /// The SHA-256 of the device key's 65-byte SEC1 point: the software key, the App Attest
    /// credential key, or the key of an Android chain's leaf certificate.
    case deviceKey(sha256: [UInt8])
    /// A certificate of an Android attestation chain, by serial number: lower-case hex without
    /// leading zeros, as Google's status list keys it (`-` first for a negative serial).
    case certificate(serialHex: String)
}

/// The answer of a `RevocationSource` for one subject.
public enum RevocationLookup: Sendable, Hashable {
    case listed(RevocationEntry)
    case notListed
    /// The source could not answer (unreachable, busy): a log-safe reason. The check is then
    /// INCONCLUSIVE, never PASS.
    case unavailable(String)
    /// The source holds a list that is not current: older than the maximum age it was given, or
    /// never fetched. It still answers `.listed` for what it lists; a subject it does not list is
    /// `.stale` (a log-safe reason), never `.notListed`, and the check is INCONCLUSIVE
    /// `REVOCATION_LIST_STALE`, never PASS.
    case stale(String)
}

/// Revoked or suspended keys and certificates, injected through `VerifyOptions.revocationSource`;
/// `revocation` is NOT-CHECKED without one (as keyattestation injects its revoked-serials source).
///
/// Implementations: `RevocationList` (OctetBackend), which reads Google's attestation status list.
public protocol RevocationSource: Sendable {
    /// What the source lists for `subject`.
    func lookUp(_ subject: RevocationSubject) -> RevocationLookup
    /// How many entries the source holds, for the PASS detail; nil when it cannot tell cheaply.
    var entryCount: Int? { get }
}

extension RevocationSource {
    public var entryCount: Int? { nil }
}
