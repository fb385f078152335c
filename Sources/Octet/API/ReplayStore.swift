import OctetCrypto

/// The keys `replay-uniqueness` looks up: a proof is refused when the proof itself (its proof
/// identity), or the session nonce it is bound to, was accepted before.
///
/// A proof is recorded under its *proof identity*,
///
///     proofIdentity = SHA-256("octet/v1/replay\0" || SHA-256(proof_key) || proof_id)
///
/// (design, service.md "What a record is keyed by"), never under `proof_id` alone: `proof_id` is
/// chosen by whoever signs, so anyone who saw a victim's id could sign a proof of their own with
/// it and have the victim's genuine proof refused. A copy of a proof keeps its identity and still
/// collides; a proof that merely borrows an id does not. The session nonce stays a key of its own:
/// one nonce, one accepted proof, whoever signed it.
public struct ReplayKey: Sendable, Hashable {
    /// The proof identity, 32 bytes: `SHA-256("octet/v1/replay\0" || SHA-256(proof_key) || proof_id)`.
    /// Every record is made under it.
    public let proofIdentity: [UInt8]
    /// The proof's 16-byte `proof_id`, for one purpose only: a store that kept records by proof id
    /// before it keyed them by identity (the SQLite and PostgreSQL stores' schema version 1) keeps
    /// refusing the ids of those records until they are pruned. Nothing is ever recorded under it.
    public let proofId: [UInt8]
    /// The proof's `session_nonce`, when it is bound to one.
    public let sessionNonce: [UInt8]?

    /// A key from an identity already computed (``proofIdentity(proofKey:proofId:)``).
    /// `proofIdentity` must be 32 bytes.
    public init(proofIdentity: [UInt8], proofId: [UInt8], sessionNonce: [UInt8]?) {
        precondition(proofIdentity.count == SHA256.digestLength, "a proof identity is a SHA-256 digest")
        self.proofIdentity = proofIdentity
        self.proofId = proofId
        self.sessionNonce = sessionNonce
    }

    /// The key of a proof with this `proof_key` (the SEC1 point as the proof carries it),
    /// `proof_id` and session nonce.
    public init(proofKey: [UInt8], proofId: [UInt8], sessionNonce: [UInt8]?) {
        self.init(
            proofIdentity: Self.proofIdentity(proofKey: proofKey, proofId: proofId), proofId: proofId,
            sessionNonce: sessionNonce)
    }

    /// `SHA-256("octet/v1/replay\0" || SHA-256(proof_key) || proof_id)`.
    public static func proofIdentity(proofKey: [UInt8], proofId: [UInt8]) -> [UInt8] {
        var hasher = SHA256Hasher()
        hasher.update(proofKey)
        let keyDigest = hasher.finalizeAndRestart()
        return proofIdentity(proofKeyDigest: keyDigest, proofId: proofId[...], hasher: &hasher).bytes
    }

    /// The identity from `SHA-256(proof_key)` already taken (the verifier's stage chain takes it),
    /// on the caller's hasher.
    static func proofIdentity(
        proofKeyDigest: SHA256Digest, proofId: ArraySlice<UInt8>, hasher: inout SHA256Hasher
    ) -> SHA256Digest {
        hasher.update(DomainTag.replay)
        hasher.update(proofKeyDigest)
        hasher.update(proofId)
        return hasher.finalizeAndRestart()
    }
}

/// What a `ReplayStore` says about one proof.
public enum ReplaySighting: Sendable, Equatable {
    /// Never accepted before; `recorded` tells whether this call recorded it as accepted.
    case first(recorded: Bool)
    /// This proof was accepted before: a record under its proof identity, or, in a store migrated
    /// from keying by proof id, a record of that era under its proof id (`REPLAYED_PROOF_ID`).
    case replayedProofId
    /// A proof bound to this session nonce was accepted before (`REPLAYED_SESSION_NONCE`).
    case replayedSessionNonce
    /// The store could not answer (busy past its timeout, unreachable): a log-safe reason.
    case unavailable(String)
    /// The store has pruned records that this verification's window reaches back to (its prune
    /// horizon is at or after ``ReplayStore/check(_:record:atMilliseconds:windowFromMilliseconds:)``'s
    /// `windowFromMilliseconds`), so it cannot tell whether the proof or its nonce was accepted:
    /// nothing was recorded (`REPLAY_WINDOW_PRUNED`, INCONCLUSIVE). Asking again cannot help: a
    /// horizon never moves back.
    case windowPruned
}

/// The proofs a backend has already accepted (seed: "Backend-only" state), injected through
/// `VerifyOptions.replayStore`; `replay-uniqueness` is NOT-CHECKED without one.
///
/// A store prevents a proof, or another proof bound to the same session nonce, from being
/// accepted twice. It does not stop anyone from signing a proof of their own with an id they saw:
/// that proof has another identity and is judged on its own (docs/security.md, "Replay").
///
/// Implementations: `SQLiteReplayStore` and `PostgreSQLReplayStore` (OctetBackend), and any store
/// a backend brings.
public protocol ReplayStore: AnyObject, Sendable {
    /// One atomic step: look both keys up (``ReplayKey/proofIdentity`` and the session nonce) and,
    /// when `record` is true and neither was accepted, record both. Two concurrent calls for one
    /// key must never both see `.first(recorded: true)`. Records are made under the proof
    /// identity, never under ``ReplayKey/proofId``.
    ///
    /// `atMilliseconds` is the verification's "now" (Unix milliseconds), for the store's records.
    func check(_ key: ReplayKey, record: Bool, atMilliseconds: Int64) -> ReplaySighting

    /// The same step for a verification whose freshness window reaches back to
    /// `windowFromMilliseconds`: its time, minus `maxAgeSeconds`, minus the 60 s freshness allows a
    /// device clock ahead. A proof it accepts may have been accepted at any time from then on, so a
    /// store that has removed records accepted then or later (pruned them) must not answer
    /// `.first`: it answers ``ReplaySighting/windowPruned`` and records nothing, in the same atomic
    /// step as the record it would make (design, service.md, "Replay stores", revised 2026-12-07).
    ///
    /// `replay-uniqueness` calls this one. The default, for a store that never removes records,
    /// asks ``check(_:record:atMilliseconds:)``; a store that prunes must implement this.
    func check(_ key: ReplayKey, record: Bool, atMilliseconds: Int64, windowFromMilliseconds: Int64)
        -> ReplaySighting
}

extension ReplayStore {
    /// A store that never removes records holds every record any window needs.
    public func check(_ key: ReplayKey, record: Bool, atMilliseconds: Int64, windowFromMilliseconds: Int64)
        -> ReplaySighting
    {
        check(key, record: record, atMilliseconds: atMilliseconds)
    }
}
