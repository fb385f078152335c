import OctetOutcome

/// The status of one check (seed: "CheckStatus"): `pass`, `fail`, `warn`, `notChecked`,
/// `inconclusive`, with `wireTag` (`PASS`, `FAIL`, `WARN`, `NOT-CHECKED`, `INCONCLUSIVE`).
///
/// `inconclusive` is new in 3.1: a `switch` without a default branch must handle it. The type is
/// `OctetOutcome.OutcomeStatus`, shared by every module that judges, so no status is translated.
public typealias CheckStatus = OutcomeStatus

/// Why a check is FAIL, WARN or INCONCLUSIVE: the closed set of reason codes docs/checks.md lists,
/// one case per rule. `rawValue` is the documented SCREAMING_SNAKE_CASE string that the JSON
/// reports carry ("STALE", "REPLAY_STORE_UNAVAILABLE"). Closed: a `switch` over it without a
/// default branch is exhaustive, and a new rule (a new case) is a source-visible change. The type
/// is `OctetOutcome.ReasonCode`, shared by every module that judges, so no code is translated.
public typealias ReasonCode = OctetOutcome.ReasonCode

/// One check that ran: a stable name from the check taxonomy, its status, and a log-safe detail
/// (no coordinates, no proof bytes, no content).
public struct ProofCheck: Sendable, Hashable {
    public let name: String
    public let status: CheckStatus
    /// Log-safe, for people. Written when read from what the check stated (`OutcomeDetail`):
    /// reading it twice gives the same string.
    public var detail: String { statedDetail.text }
    /// The detail as the check stated it; equal and hashed by its text.
    let statedDetail: OutcomeDetail

    /// ``detail`` written to `target` without a string made for it first (the JSON answers).
    package func writeDetail<Target: TextOutputStream>(to target: inout Target) { statedDetail.write(to: &target) }
    /// The stable reason code of a FAIL, WARN or INCONCLUSIVE, for logs and metrics; nil on PASS
    /// and NOT-CHECKED. Its `rawValue` is the documented string (docs/checks.md). An addition to
    /// the seed's fields (the seed's `ProofCheck` has `name`, `status` and `detail` only).
    public let code: ReasonCode?

    public init(name: String, status: CheckStatus, detail: String) {
        self.init(name: name, status: status, detail: detail, code: nil)
    }

    /// A check with its reason code; `code` is dropped on PASS and NOT-CHECKED.
    public init(name: String, status: CheckStatus, detail: String, code: ReasonCode?) {
        self.init(name: name, status: status, statedDetail: OutcomeDetail(detail), code: code)
    }

    init(name: String, status: CheckStatus, statedDetail: OutcomeDetail, code: ReasonCode?) {
        self.name = name
        self.status = status
        self.statedDetail = statedDetail
        self.code = status == .pass || status == .notChecked ? nil : code
    }
}

extension ProofCheck {
    /// The check `name` with the outcome `outcome`.
    init(name: String, _ outcome: Outcome) {
        self.init(name: name, status: outcome.status, statedDetail: outcome.statedDetail, code: outcome.code)
    }
}
