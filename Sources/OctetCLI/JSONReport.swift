import Octet

/// `--format json`: one object per proof, one line each, keys in the contract's order.
public enum JSONReport {
    public static let schema = "octet-verify/1"

    public static func render(_ report: ProofReport) -> String {
        JSONOut.object([
            ("schema", .string(schema)),
            ("proof", .string(report.path)),
            ("proofSha256", .string(report.proofSHA256)),
            ("verdict", .string(report.verdict.name)),
            ("isValid", .bool(report.isValid)),
            ("isAuthentic", .bool(report.isAuthentic)),
            ("spoofingVerdict", report.spoofingVerdict.map { .string($0.rawValue) } ?? .null),
            ("verifiedAt", .string(RFC3339.format(milliseconds: report.verifiedAtMilliseconds))),
            ("trustAnchors", .string(report.trustAnchors)),
            (
                "checks",
                .array(
                    report.checks.map { check in
                        // "code" on every FAIL, WARN and INCONCLUSIVE; absent on PASS and NOT-CHECKED.
                        .object(
                            [("name", .string(check.name)), ("status", .string(check.status.wireTag))]
                                + (check.code.map { [("code", JSONOut.string($0))] } ?? [])
                                + [("detail", .string(check.detail))])
                    })
            ),
        ]).rendered + "\n"
    }
}
