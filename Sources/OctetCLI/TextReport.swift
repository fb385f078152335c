import Octet
import OctetBackend

/// `--format text`: for people. A header line per proof, one line per check, colour only when asked
/// for (`--color always`) or when standard output is a terminal and `NO_COLOR` is unset.
public struct TextReport: Sendable {
    public let color: Bool

    public init(color: Bool) { self.color = color }

    public func render(_ report: ProofReport) -> String {
        var header =
            "\(Self.oneLine(report.path)): " + paint(report.verdict.name, verdictColour(report.verdict))
        if let tier = report.spoofingVerdict { header += " (signed tier \(tier.rawValue))" }
        var lines = [header]
        let width = max(24, (report.checks.map(\.name.count).max() ?? 0) + 2)
        for check in report.checks {
            let tag = check.status.wireTag
            let paddedTag =
                paint(tag, statusColour(check.status)) + String(repeating: " ", count: max(1, 14 - tag.count))
            let name = check.name + String(repeating: " ", count: max(1, width - check.name.count))
            lines.append("  " + paddedTag + name + Self.oneLine(check.detail))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "3 proofs: 1 valid, 1 invalid, 1 inconclusive" (and unreadable files when there are any).
    public func summaryLine(_ summary: BatchRunner.Summary) -> String {
        var parts = [
            paint("\(summary.valid) valid", verdictColour(.valid)),
            paint("\(summary.invalid) invalid", verdictColour(.invalid)),
            paint("\(summary.inconclusive) inconclusive", verdictColour(.inconclusive)),
        ]
        if summary.unreadable > 0 { parts.append("\(summary.unreadable) unreadable") }
        return "\(summary.total) proofs: " + parts.joined(separator: ", ") + "\n"
    }

    /// Names and details come from outside: every control, bidi and line-separator character is
    /// escaped (``LogSafeText``), so nothing printed can forge a line or reorder one.
    static func oneLine(_ text: String) -> String { LogSafeText.escape(text) }

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m" + text + "\u{1B}[0m" : text
    }

    private func statusColour(_ status: CheckStatus) -> String {
        switch status {
        case .pass: "32"
        case .fail: "1;31"
        case .warn: "33"
        case .inconclusive: "35"
        case .notChecked: "2"
        }
    }

    private func verdictColour(_ verdict: ProofVerification.Verdict) -> String {
        switch verdict {
        case .valid: "1;32"
        case .invalid: "1;31"
        case .inconclusive: "1;35"
        }
    }
}
