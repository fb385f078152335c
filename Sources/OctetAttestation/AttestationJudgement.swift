/// The outcome of judging one piece of hardware attestation evidence.
public enum AttestationStatus: Sendable, Equatable {
    case pass, fail, notChecked
}

/// A status with a log-safe detail: it names the security level and provisioning, a rule that
/// failed, never device identifiers, serials, keys or challenges.
public struct AttestationJudgement: Sendable, Equatable {
    public var status: AttestationStatus
    public var detail: String

    public init(status: AttestationStatus, detail: String) {
        self.status = status
        self.detail = detail
    }

    public static func pass(_ detail: String) -> AttestationJudgement { .init(status: .pass, detail: detail) }
    public static func fail(_ detail: String) -> AttestationJudgement { .init(status: .fail, detail: detail) }
    public static func notChecked(_ detail: String) -> AttestationJudgement {
        .init(status: .notChecked, detail: detail)
    }
}
