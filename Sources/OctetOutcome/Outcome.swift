/// What one check, or one rule inside a check (attestation, content, region), concluded: a
/// status, a stable reason code, and a log-safe detail (no coordinates, proof bytes, content,
/// keys or identifiers).
///
/// The one outcome type of every module: the attestation, content and region judges return it,
/// and `Octet.verify` turns it into a `ProofCheck` without translating anything.
public struct Outcome: Sendable, Hashable {
    public let status: OutcomeStatus
    /// Why, for logs and metrics: set on FAIL, WARN and INCONCLUSIVE, nil on PASS and NOT-CHECKED.
    public let code: ReasonCode?
    /// The detail as the check stated it; `detail` is its text.
    public let statedDetail: OutcomeDetail

    /// For people: names the rule, fields, counts; never a value that is not log-safe.
    public var detail: String { statedDetail.text }

    private init(status: OutcomeStatus, code: ReasonCode?, detail: String) {
        self.init(status: status, code: code, statedDetail: OutcomeDetail(detail))
    }

    @usableFromInline
    init(status: OutcomeStatus, code: ReasonCode?, statedDetail: OutcomeDetail) {
        self.status = status
        self.code = code
        self.statedDetail = statedDetail
    }

    public static func pass(_ detail: String) -> Outcome { Outcome(status: .pass, code: nil, detail: detail) }
    /// PASS with a detail written from `fact` when it is read.
    @inlinable
    public static func pass(_ fact: some OutcomeFact) -> Outcome {
        Outcome(status: .pass, code: nil, statedDetail: OutcomeDetail(fact))
    }
    public static func notChecked(_ detail: String) -> Outcome {
        Outcome(status: .notChecked, code: nil, detail: detail)
    }
    public static func fail(_ code: ReasonCode, _ detail: String) -> Outcome {
        Outcome(status: .fail, code: code, detail: detail)
    }
    public static func warn(_ code: ReasonCode, _ detail: String) -> Outcome {
        Outcome(status: .warn, code: code, detail: detail)
    }
    public static func inconclusive(_ code: ReasonCode, _ detail: String) -> Outcome {
        Outcome(status: .inconclusive, code: code, detail: detail)
    }

    /// True for PASS.
    public var passed: Bool { status == .pass }
}
