/// What one check concluded.
struct Outcome: Sendable {
    let status: CheckStatus
    let detail: String
    /// The reason code (docs/checks.md); nil on PASS and NOT-CHECKED.
    let code: String?

    init(status: CheckStatus, detail: String, code: String? = nil) {
        self.status = status
        self.detail = detail
        self.code = status == .pass || status == .notChecked ? nil : code
    }

    static func pass(_ detail: String) -> Outcome { Outcome(status: .pass, detail: detail) }
    static func fail(_ detail: String, code: String? = nil) -> Outcome {
        Outcome(status: .fail, detail: detail, code: code)
    }
    static func warn(_ detail: String, code: String? = nil) -> Outcome {
        Outcome(status: .warn, detail: detail, code: code)
    }
    static func notChecked(_ detail: String) -> Outcome { Outcome(status: .notChecked, detail: detail) }
    static func inconclusive(_ detail: String, code: String? = nil) -> Outcome {
        Outcome(status: .inconclusive, detail: detail, code: code)
    }
}

/// Reason codes the checks report (docs/checks.md): stable, for logs and metrics.
enum ReasonCode {
    /// `replay-uniqueness`: the replay store could not answer. The service answers HTTP 503.
    static let replayStoreUnavailable = "REPLAY_STORE_UNAVAILABLE"
    /// `revocation`: the revocation source could not answer.
    static let revocationSourceUnavailable = "REVOCATION_SOURCE_UNAVAILABLE"
}

/// One check of the recipe: its name from the seed's taxonomy, and how it judges a decoded proof.
///
/// A check never throws: every way a proof can be wrong is an `Outcome`. A check that depends on
/// another reads the typed value the context keeps for it (`attestation-required` reads
/// `context.hardwareAttestation`), never a result by name, so the recipe's order cannot change
/// what it means.
struct Check: Sendable {
    let name: String
    /// Evaluated after every other check (it reads `context.otherChecksVerdict`), reported at its
    /// place in the recipe: `replay-uniqueness` records a proof only when the rest leave it valid.
    let runsLast: Bool
    /// nil when the check does not appear in the result (only `caller-manifest-locator` does this).
    let evaluate: @Sendable (VerificationContext) -> Outcome?

    init(name: String, runsLast: Bool = false, evaluate: @escaping @Sendable (VerificationContext) -> Outcome?) {
        self.name = name
        self.runsLast = runsLast
        self.evaluate = evaluate
    }
}
