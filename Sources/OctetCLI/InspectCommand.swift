import Foundation
import OctetBackend

/// `octet-verify inspect [--format text|json] PROOF...`: what an operator needs to act on a proof
/// (the hashes a revocation list and a replay store take, platform, stages, content, Android
/// serials, App Attest key id), log-safely. The facts come from `ProofInspection` (OctetBackend);
/// this only reads the files and prints.
///
/// Exit 0 when every PROOF was inspected, 65 when one is not a well-formed proof, 66 when one
/// could not be read (it wins), 64 for a usage error.
public struct InspectConfiguration: Sendable, Equatable {
    public var proofs: [InputPath] = []
    public var format: VerifyConfiguration.Format = .text

    public init() {}

    static func parse(_ arguments: ArraySlice<[UInt8]>) throws(CLIError) -> Command {
        var c = InspectConfiguration()
        let command = FlagTable.inspectCommand
        let outcome = try FlagParser.parse(
            Array(arguments), command: command, rows: FlagTable.inspectRows, into: &c
        ) { c, raw throws(CLIError) in c.proofs.append(InputPath(bytes: raw)) }
        if case .informational = outcome { return .inspectHelp }
        guard !c.proofs.isEmpty else { throw .usage(command.messagePrefix + "no PROOF given") }
        guard c.proofs.filter(\.isStandardInput).count <= 1 else {
            throw .usage(command.messagePrefix + "- (standard input) given more than once")
        }
        return .inspect(c)
    }
}

enum InspectCommand {
    /// What `inspect --help` says below the usage.
    static let about = """
        Prints what an operator needs to act on a proof, log-safely: the SHA-256 of the proof, of
        its proof id, its proof identity (what a replay store keys on), the SHA-256 of the proof key
        and of the device key (what a revocation list's proofKeys and deviceKeys take), the
        platform and evidence, the stages, whether content is committed, the Android chain's
        certificate serials (the keys of Google's status list), the App Attest key id, and the app
        the evidence names: the App ID, or the Android package names and signing-certificate
        SHA-256 digests, with the --app-id or --android-app flag that pins it. Never coordinates,
        nonces, content digests or salts.
        Inspecting is not verifying: run octet-verify PROOF for a verdict.
        """

    static var help: String { HelpText.render(FlagTable.inspectCommand) }

    static func run(_ c: InspectConfiguration, io: ToolOutput) -> Int32 {
        var status: Int32 = 0
        for path in c.proofs {
            let name = path.description
            let bytes: Data
            switch InputFiles.read(path, what: "PROOF", limit: InputFiles.maxProofFileBytes) {
            case .success(let read): bytes = read
            case .failure(let error):
                io.error(error.message)
                if c.format == .json {
                    io.output(
                        ProofInspection.errorJSON(path: name, code: "INPUT_UNREADABLE", detail: error.message) + "\n")
                }
                status = ExitStatus.unreadable
                continue
            }
            switch ProofInspection.inspect(bytes) {
            case .success(let inspection):
                io.output(c.format == .json ? inspection.json(path: name) + "\n" : text(inspection, path: name))
            case .failure(let error):
                let detail = "PROOF \(name): not a well-formed proof: \(error)"
                io.error(detail)
                if c.format == .json {
                    io.output(ProofInspection.errorJSON(path: name, code: "PROOF_MALFORMED", detail: detail) + "\n")
                }
                if status == 0 { status = ExitStatus.dataError }
            }
            if io.environment.outputFailure() != nil { break }
        }
        return io.status(status)
    }

    /// The app the evidence names, and the flag that pins it (read, not verified).
    static func attestedAppRows(_ i: ProofInspection) -> [(String, String)] {
        var rows: [(String, String)] = []
        switch i.attestedApp {
        case nil: return []
        case .apple(let appID):
            rows.append(("attested app id", appID + "   (the enrolment's App ID; not verified here)"))
        case .appleWithoutEnrolment:
            rows.append(("attested app id", "none in the proof (assertion-only: its enrolment bundle attests it)"))
        case .android(let names, let digests):
            rows.append(("attested packages", names.joined(separator: ", ") + "   (not verified here)"))
            rows.append(
                (
                    "attested signers",
                    (digests.isEmpty ? "none" : digests.joined(separator: ", "))
                        + "   (SHA-256 of the signing certificates)"
                ))
        case .androidWithoutApplicationId: rows.append(("attested packages", "none: no attestation application id"))
        case .androidUnreadable: rows.append(("attested packages", "unknown: the leaf's KeyDescription is unreadable"))
        }
        if let flag = i.pinningFlag { rows.append(("pin with", flag)) }
        return rows
    }

    /// `PATH:` then one `  label  value` line per fact; everything from the proof escaped.
    static func text(_ i: ProofInspection, path: String) -> String {
        var rows: [(String, String)] = [
            ("proof sha256", i.proofSHA256),
            ("proof id sha256", i.proofIdSHA256),
            ("proof identity", i.proofIdentity + "   (replay store key)"),
            ("proof key sha256", i.proofKeySHA256 + "   (revocation list: proofKeys)"),
            ("device key sha256", (i.deviceKeySHA256 ?? "none") + "   (revocation list: deviceKeys)"),
            ("platform", "\(i.platform.rawValue), \(i.deviceEvidence.rawValue) evidence"),
            ("created at", RFC3339.format(milliseconds: i.createdAtMilliseconds) + " (the device's clock)"),
            ("app id", i.appId),
            ("stages", i.stages.joined(separator: ", ")),
        ]
        switch i.content {
        case .none: rows.append(("content", "none committed"))
        case .emptyCommitment:
            rows.append(("content", "empty commitment: a CONTENT stage over zero items (counts as none)"))
        case .committed(let items): rows.append(("content", "committed, \(items) item\(items == 1 ? "" : "s")"))
        }
        rows.append(("session nonce", i.sessionNonceBound ? "bound (not shown)" : "none"))
        if !i.androidCertificateSerials.isEmpty {
            let serials = i.androidCertificateSerials.map { $0 ?? "(certificate does not parse)" }
            rows.append(
                (
                    "android serials",
                    serials.joined(separator: ", ") + "   (leaf first; revocation list: entries)"
                ))
        }
        if let keyId = i.appAttestKeyId {
            rows.append(("app attest key id", keyId))
            rows.append(
                ("app attest enrolment", i.appAttestEnrolmentInProof == true ? "in the proof" : "not in the proof"))
        }
        rows += attestedAppRows(i)
        let width = rows.map(\.0.count).max() ?? 0
        let lines = rows.map { "  " + $0.0 + String(repeating: " ", count: width - $0.0.count + 2) + $0.1 }
        return LogSafeText.escape(path) + ":\n" + lines.map(LogSafeText.escape).joined(separator: "\n") + "\n"
    }
}
