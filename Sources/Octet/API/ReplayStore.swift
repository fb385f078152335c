/// The keys `replay-uniqueness` looks up: a proof is a replay when its proof id, or the session
/// nonce it is bound to, was accepted before.
public struct ReplayKey: Sendable, Hashable {
    /// The proof's 16-byte `proof_id`.
    public let proofId: [UInt8]
    /// The proof's `session_nonce`, when it is bound to one.
    public let sessionNonce: [UInt8]?

    public init(proofId: [UInt8], sessionNonce: [UInt8]?) {
        self.proofId = proofId
        self.sessionNonce = sessionNonce
    }
}

/// What a `ReplayStore` says about one proof.
public enum ReplaySighting: Sendable, Equatable {
    /// Never accepted before; `recorded` tells whether this call recorded it as accepted.
    case first(recorded: Bool)
    /// A proof with this proof id was accepted before.
    case replayedProofId
    /// A proof bound to this session nonce was accepted before.
    case replayedSessionNonce
    /// The store could not answer (busy past its timeout, unreachable): a log-safe reason.
    case unavailable(String)
}

/// The proofs a backend has already accepted (seed: "Backend-only" state), injected through
/// `VerifyOptions.replayStore`; `replay-uniqueness` is NOT-CHECKED without one.
///
/// Implementations: `SQLiteReplayStore` (OctetBackend), and any store a backend brings.
public protocol ReplayStore: AnyObject, Sendable {
    /// One atomic step: look both keys up and, when `record` is true and neither was accepted,
    /// record both. Two concurrent calls for one key must never both see `.first(recorded: true)`.
    ///
    /// `atMilliseconds` is the verification's "now" (Unix milliseconds), for the store's records.
    func check(_ key: ReplayKey, record: Bool, atMilliseconds: Int64) -> ReplaySighting
}
