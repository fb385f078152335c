import Octet

/// The `"octet-verify/1"` object, keys in the contract's order: `--format json` prints one per
/// proof; `--requests` and `serve` answer each request with one (service.md "One request, one
/// result"), with `"id"` after `"schema"` when the request had one and `"proof"` omitted.
public enum JSONReport {
    public static let schema = "octet-verify/1"

    /// `--format json`: one line for the PROOF at `report.path`.
    public static func render(_ report: ProofReport) -> String {
        object(report, members: [("proof", .string(report.path))]).rendered + "\n"
    }

    /// The answer to one request: its result object, without a newline.
    public static func result(_ report: ProofReport, id: String?) -> String {
        object(report, members: id.map { [("id", .string($0))] } ?? []).rendered
    }

    /// The answer to a malformed request: `{"schema":…,"id":…,"error":{"code":…,"field":…,"detail":…}}`,
    /// without a newline. `field` is null when the request as a whole is at fault.
    public static func error(_ error: RequestError, id: String?) -> String {
        var members: [(String, JSONOut)] = [("schema", .string(schema))]
        if let id { members.append(("id", .string(id))) }
        members.append(
            (
                "error",
                .object([
                    ("code", .string(error.code.rawValue)),
                    ("field", error.field.map { .string($0) } ?? .null),
                    ("detail", .string(error.detail)),
                ])
            ))
        return JSONOut.object(members).rendered
    }

    /// `--format json`: a PROOF that could not be read, in its place in the output:
    /// `{"schema":"octet-verify/1","proof":…,"error":{"code":"INPUT_UNREADABLE","detail":…}}`.
    public static func unreadable(path: String, detail: String) -> String {
        JSONOut.object([
            ("schema", .string(schema)),
            ("proof", .string(path)),
            ("error", .object([("code", .string("INPUT_UNREADABLE")), ("detail", .string(detail))])),
        ]).rendered + "\n"
    }

    /// `members` go after `"schema"`: the PROOF path for the CLI, the id for a request.
    private static func object(_ report: ProofReport, members: [(String, JSONOut)]) -> JSONOut {
        JSONOut.object(
            [("schema", .string(schema))] + members + [
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
            ])
    }
}
