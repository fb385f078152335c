import OctetOutcome

extension Check {
    /// `replay-uniqueness` (seed: "Backend-only"): with a `ReplayStore`, FAIL when the proof (its
    /// proof identity, design service.md "What a record is keyed by") or its session nonce was
    /// accepted before. The recipe runs it after every other check and the proof is recorded only
    /// when they leave it `valid`, so a broken proof never burns its identity or its nonce.
    static let replayUniqueness = Check(name: CheckName.replayUniqueness, runsLast: true) { context in
        guard let store = context.options.replayStore else {
            // Named as the API names it; each front end names its own flag (OctetBackend's OptionPrompts).
            return .notChecked("backend-only: needs a replay store (replayStore)")
        }
        let key = context.replayKey
        let record = context.otherChecksVerdict == .valid
        switch store.check(key, record: record, atMilliseconds: context.nowMs) {
        case .first(recorded: true):
            return .pass(
                "first sighting; proof" + (key.sessionNonce != nil ? " and session nonce" : "") + " recorded")
        case .first(recorded: false):
            return .pass("first sighting; not recorded: the proof is not otherwise valid")
        case .replayedProofId:
            // "Already accepted", not "a replay": the store knows it accepted this proof, not who
            // presents it now or why.
            return .fail(.replayedProofId, "proof already accepted")
        case .replayedSessionNonce:
            return .fail(.replayedSessionNonce, "session nonce already accepted with another proof")
        case .unavailable(let reason):
            return .inconclusive(.replayStoreUnavailable, "replay store unavailable: \(reason)")
        }
    }
}
