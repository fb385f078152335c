import Octet

/// `--format json`: one object per proof, one line each, keys in the contract's order.
public enum JSONReport {
    public static let schema = "octet-verify/1"

    public static func render(_ report: ProofReport) -> String {
        JSONOut.object([
            ("schema", .string(schema)),
            ("proof", .string(report.path)),
            ("proofSha256", .string(report.proofSHA256)),
            ("verdict", .string(report.summary.verdictName)),
            ("isValid", .bool(report.summary.isValid)),
            ("isAuthentic", .bool(report.summary.isAuthentic)),
            ("spoofingVerdict", report.spoofingVerdict.map { .string($0.rawValue) } ?? .null),
            ("verifiedAt", .string(RFC3339.format(milliseconds: report.verifiedAtMilliseconds))),
            ("trustAnchors", .string(report.trustAnchors)),
            (
                "checks",
                .array(
                    report.checks.map { check in
                        .object([
                            ("name", .string(check.name)),
                            ("status", .string(check.status.wireTag)),
                            ("detail", .string(check.detail)),
                        ])
                    })
            ),
        ]).rendered + "\n"
    }

    /// A PROOF that could not be read, in its place in the output:
    /// `{"schema":"octet-verify/1","proof":…,"error":{"code":"INPUT_UNREADABLE","detail":…}}`.
    public static func renderUnreadable(path: String, error: CLIError) -> String {
        JSONOut.object([
            ("schema", .string(schema)),
            ("proof", .string(path)),
            ("error", .object([("code", .string("INPUT_UNREADABLE")), ("detail", .string(error.message))])),
        ]).rendered + "\n"
    }
}
