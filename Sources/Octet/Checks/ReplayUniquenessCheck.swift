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
        switch store.check(
            key, record: record, atMilliseconds: context.nowMs, windowFromMilliseconds: windowFrom(context))
        {
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
        case .windowPruned:
            // INCONCLUSIVE, not FAIL: the store cannot know the proof was accepted, only that the
            // records which would say so may be gone (docs/service.md, "The prune horizon").
            return .inconclusive(
                .replayWindowPruned,
                "replay store pruned records this verification's window reaches back to: cannot tell whether "
                    + "the proof was accepted before")
        }
    }

    /// The oldest acceptance time a record refusing this proof can carry: the verification's time,
    /// minus its freshness window, minus the future skew freshness allows (a proof accepted at `a`
    /// was created no later than `a + 60 s`). Saturates; an invalid window reaches back without bound.
    static func windowFrom(_ context: VerificationContext) -> Int64 {
        let maxAge = context.options.maxAgeSeconds
        guard maxAge.isFinite, maxAge >= 0 else { return Int64.min }
        let (start, underflow) = context.nowMs.subtractingReportingOverflow(VerificationContext.milliseconds(maxAge))
        guard !underflow else { return Int64.min }
        let (from, past) = start.subtractingReportingOverflow(Freshness.futureSkewMs)
        return past ? Int64.min : from
    }
}
