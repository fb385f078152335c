import OctetOutcome

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
