import OctetOutcome

extension Check {
    /// `replay-uniqueness` (seed: "Backend-only"): with a `ReplayStore`, FAIL when the proof id or
    /// the session nonce was accepted before. The recipe runs it after every other check and the
    /// proof is recorded only when they leave it `valid`, so a broken proof never burns its id.
    static let replayUniqueness = Check(name: CheckName.replayUniqueness, runsLast: true) { context in
        guard let store = context.options.replayStore else {
            return .notChecked("backend-only: needs a replay store (octet-verify --replay-db)")
        }
        let proof = context.proof
        let key = ReplayKey(proofId: Array(proof.proofId), sessionNonce: proof.claims.sessionNonce.map(Array.init))
        let record = context.otherChecksVerdict == .valid
        switch store.check(key, record: record, atMilliseconds: context.nowMs) {
        case .first(recorded: true):
            return .pass(
                "first sighting; proof id" + (key.sessionNonce != nil ? " and session nonce" : "") + " recorded")
        case .first(recorded: false):
            return .pass("first sighting; not recorded: the proof is not otherwise valid")
        case .replayedProofId:
            return .fail(.replayedProofId, "proof id already accepted: a replay")
        case .replayedSessionNonce:
            return .fail(.replayedSessionNonce, "session nonce already accepted with another proof: a replay")
        case .unavailable(let reason):
            return .inconclusive(.replayStoreUnavailable, "replay store unavailable: \(reason)")
        }
    }
}
