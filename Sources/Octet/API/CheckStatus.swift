/// The status of one check (seed: "CheckStatus").
///
/// `inconclusive` is new in 3.1: a `switch` without a default branch must handle it.
public enum CheckStatus: Sendable, Hashable, CaseIterable {
    case pass
    case fail
    case warn
    case notChecked
    case inconclusive

    /// The wire tag shared with `octet-verify`: `PASS`, `FAIL`, `WARN`, `NOT-CHECKED`, `INCONCLUSIVE`.
    public var wireTag: String {
        switch self {
        case .pass: "PASS"
        case .fail: "FAIL"
        case .warn: "WARN"
        case .notChecked: "NOT-CHECKED"
        case .inconclusive: "INCONCLUSIVE"
        }
    }
}

/// One check that ran: a stable name from the check taxonomy, its status, and a log-safe detail
/// (no coordinates, no proof bytes, no content).
public struct ProofCheck: Sendable, Hashable {
    public let name: String
    public let status: CheckStatus
    public let detail: String
    /// The stable reason code of a FAIL, WARN or INCONCLUSIVE (docs/checks.md lists them), for logs
    /// and metrics; nil on PASS and NOT-CHECKED. An addition to the seed's fields.
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
