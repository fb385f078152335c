import Octet

/// The seed's verdict rules ("Verdict rules", mirrored verbatim by the library), applied to a
/// list of checks: the CLI recomputes the verdict after it replaces the backend-only checks.
public struct VerdictSummary: Sendable, Hashable {
    public let verdict: ProofVerification.Verdict
    /// No check is FAIL.
    public let isValid: Bool
    /// `isValid`, `stage-signatures` is PASS, and no check is INCONCLUSIVE.
    public let isAuthentic: Bool

    /// `invalid` if any check is FAIL, else `valid` if authentic, else `inconclusive`.
    public init(checks: [ProofCheck]) {
        let anyFail = checks.contains { $0.status == .fail }
        let anyInconclusive = checks.contains { $0.status == .inconclusive }
        let signed = checks.contains { $0.name == CheckName.stageSignatures && $0.status == .pass }
        isValid = !anyFail
        isAuthentic = isValid && signed && !anyInconclusive
        verdict = anyFail ? .invalid : isAuthentic ? .valid : .inconclusive
    }

    /// `valid`, `invalid` or `inconclusive`, as printed.
    public var verdictName: String { verdict.name }
}

extension ProofVerification.Verdict {
    /// The lower-case name the CLI prints.
    public var name: String {
        switch self {
        case .valid: "valid"
        case .invalid: "invalid"
        case .inconclusive: "inconclusive"
        }
    }
}

extension Array where Element == ProofCheck {
    /// The checks with the entry named `name` replaced by `check` (appended when absent).
    public func replacing(_ name: String, with check: ProofCheck) -> [ProofCheck] {
        guard let index = firstIndex(where: { $0.name == name }) else { return self + [check] }
        var copy = self
        copy[index] = check
        return copy
    }
}
