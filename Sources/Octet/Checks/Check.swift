/// What one check concluded.
struct Outcome: Sendable {
    let status: CheckStatus
    let detail: String

    static func pass(_ detail: String) -> Outcome { Outcome(status: .pass, detail: detail) }
    static func fail(_ detail: String) -> Outcome { Outcome(status: .fail, detail: detail) }
    static func warn(_ detail: String) -> Outcome { Outcome(status: .warn, detail: detail) }
    static func notChecked(_ detail: String) -> Outcome { Outcome(status: .notChecked, detail: detail) }
    static func inconclusive(_ detail: String) -> Outcome { Outcome(status: .inconclusive, detail: detail) }
}

/// One check of the recipe: its name from the seed's taxonomy, and how it judges a decoded proof.
///
/// A check never throws: every way a proof can be wrong is an `Outcome`. It may read the outcomes
/// of checks before it in the recipe (`attestation-required` reads `hardware-attestation`).
struct Check: Sendable {
    let name: String
    /// nil when the check does not appear in the result (only `caller-manifest-locator` does this).
    let evaluate: @Sendable (VerificationContext) -> Outcome?
}
