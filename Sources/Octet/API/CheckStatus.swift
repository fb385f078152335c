import OctetOutcome

/// The status of one check (seed: "CheckStatus"): `pass`, `fail`, `warn`, `notChecked`,
/// `inconclusive`, with `wireTag` (`PASS`, `FAIL`, `WARN`, `NOT-CHECKED`, `INCONCLUSIVE`).
///
/// `inconclusive` is new in 3.1: a `switch` without a default branch must handle it. The type is
/// `OctetOutcome.OutcomeStatus`, shared by every module that judges, so no status is translated.
public typealias CheckStatus = OutcomeStatus

/// One check that ran: a stable name from the check taxonomy, its status, and a log-safe detail
/// (no coordinates, no proof bytes, no content).
public struct ProofCheck: Sendable, Hashable {
    public let name: String
    public let status: CheckStatus
    public let detail: String
    /// The stable reason code of a FAIL, WARN or INCONCLUSIVE (SCREAMING_SNAKE_CASE, from the closed
    /// set docs/checks.md lists), for logs and metrics; nil on PASS and NOT-CHECKED. An addition to
    /// the seed's fields.
    public let code: String?

    public init(name: String, status: CheckStatus, detail: String) {
        self.init(name: name, status: status, detail: detail, code: nil)
    }

    /// A check with its reason code; `code` is dropped on PASS and NOT-CHECKED.
    public init(name: String, status: CheckStatus, detail: String, code: String?) {
        self.name = name
        self.status = status
        self.detail = detail
        self.code = status == .pass || status == .notChecked ? nil : code
    }
}

extension ProofCheck {
    /// The check `name` with the outcome `outcome`.
    init(name: String, _ outcome: Outcome) {
        self.init(name: name, status: outcome.status, detail: outcome.detail, code: outcome.code?.rawValue)
    }
}
