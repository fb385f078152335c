import Octet

/// The `"octet-verify/1"` object, keys in the contract's order: `--format json` prints one per
/// proof; `--requests` and `serve` answer each request with one (service.md "One request, one
/// result"), with `"id"` after `"schema"` when the request had one and `"proof"` omitted.
///
/// Written straight into a ``JSONBuffer`` (one per proof, on the thread that verified it): the
/// output is the same, byte for byte, as the members written as a ``JSONOut`` tree.
public enum JSONReport {
    public static let schema = "octet-verify/1"

    /// `--format json`: one line for the PROOF at `report.path`.
    public static func render(_ report: ProofReport) -> String {
        var out = JSONBuffer(capacity: capacity(report))
        write(report, after: .proof(report.path), into: &out)
        out.raw("\n")
        return out.text
    }

    /// The answer to one request: its result object, without a newline.
    public static func result(_ report: ProofReport, id: String?) -> String {
        var out = JSONBuffer(capacity: capacity(report))
        write(result: report, id: id, into: &out)
        return out.text
    }

    /// ``result(_:id:)`` appended to `out`.
    public static func write(result report: ProofReport, id: String?, into out: inout JSONBuffer) {
        write(report, after: id.map { .id($0) } ?? .nothing, into: &out)
    }

    /// The answer to a malformed request: `{"schema":…,"id":…,"error":{"code":…,"field":…,"detail":…}}`,
    /// without a newline. `field` is null when the request as a whole is at fault.
    public static func error(_ error: RequestError, id: String?) -> String {
        var out = JSONBuffer(capacity: 256)
        write(error: error, id: id, into: &out)
        return out.text
    }

    /// ``error(_:id:)`` appended to `out`.
    public static func write(error: RequestError, id: String?, into out: inout JSONBuffer) {
        out.raw(#"{"schema":"#)
        out.string(schema)
        if let id {
            out.raw(#","id":"#)
            out.string(id)
        }
        out.raw(#","error":{"code":"#)
        out.string(error.code.rawValue)
        out.raw(#","field":"#)
        if let field = error.field { out.string(field) } else { out.null() }
        out.raw(#","detail":"#)
        out.string(error.detail)
        out.raw("}}")
    }

    /// `--format json`: a PROOF that could not be read, in its place in the output:
    /// `{"schema":"octet-verify/1","proof":…,"error":{"code":"INPUT_UNREADABLE","detail":…}}`.
    public static func unreadable(path: String, detail: String) -> String {
        var out = JSONBuffer(capacity: 256)
        out.raw(#"{"schema":"#)
        out.string(schema)
        out.raw(#","proof":"#)
        out.string(path)
        out.raw(#","error":{"code":"INPUT_UNREADABLE","detail":"#)
        out.string(detail)
        out.raw("}}\n")
        return out.text
    }

    /// What goes after `"schema"`: the PROOF path for the CLI, the id for a request, or nothing.
    private enum Member {
        case proof(String)
        case id(String)
        case nothing
    }

    /// Room for the whole object at once, nearly always: the fixed members and a line per check
    /// with a detail of up to 96 bytes (a longer one grows the buffer). Not the details' own
    /// lengths: a detail is written when read (`ProofCheck.detail`), and reading it here would
    /// write it twice.
    private static func capacity(_ report: ProofReport) -> Int {
        var total = 384 + report.path.utf8.count
        for check in report.checks { total += 160 + check.name.utf8.count }
        return total
    }

    private static func write(_ report: ProofReport, after member: Member, into out: inout JSONBuffer) {
        out.raw(#"{"schema":"#)
        out.string(schema)
        switch member {
        case .proof(let path):
            out.raw(#","proof":"#)
            out.string(path)
        case .id(let id):
            out.raw(#","id":"#)
            out.string(id)
        case .nothing: break
        }
        out.raw(#","proofSha256":"#)
        out.string(report.proofSHA256)
        out.raw(#","verdict":"#)
        out.string(report.verdict.name)
        out.raw(#","isValid":"#)
        out.bool(report.isValid)
        out.raw(#","isAuthentic":"#)
        out.bool(report.isAuthentic)
        out.raw(#","spoofingVerdict":"#)
        if let verdict = report.spoofingVerdict { out.string(verdict.rawValue) } else { out.null() }
        out.raw(#","verifiedAt":"#)
        RFC3339.write(milliseconds: report.verifiedAtMilliseconds, into: &out)
        out.raw(#","trustAnchors":"#)
        out.string(report.trustAnchors)
        out.raw(#","checks":["#)
        // Each check's fields read in place: a copy of a check retains its strings.
        report.checks.withUnsafeBufferPointer { checks in
            for index in checks.indices {
                out.raw(index == 0 ? #"{"name":"# : #",{"name":"#)
                out.string(checks[index].name)
                out.raw(#","status":"#)
                out.string(checks[index].status.wireTag)
                // "code" on every FAIL, WARN and INCONCLUSIVE; absent on PASS and NOT-CHECKED.
                if let code = checks[index].code {
                    out.raw(#","code":"#)
                    out.string(code.rawValue)
                }
                // The detail written straight in: a fact the check stated makes no string first.
                out.raw(#","detail":""#)
                checks[index].writeDetail(to: &out)
                out.raw(#""}"#)
            }
        }
        out.raw("]}")
    }
}
