/// The status of one check (seed: "CheckStatus"; `Octet.CheckStatus` is this type).
///
/// `inconclusive` is new in 3.1: a `switch` without a default branch must handle it.
public enum OutcomeStatus: Sendable, Hashable, CaseIterable {
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
