import Foundation
import OctetCLI

/// `octet-issue`, as a function: the executable's `main.swift` only calls `run`.
///
/// A program of its own, apart from `octet-verify`, because it links the issuer and the test
/// authorities (`OctetIssuer`, `OctetAttestationTesting`): the verifier ships no test code.
public enum OctetIssueTool {
    public static let name = "octet-issue"
    /// `Release.version`, shared with `octet-verify`.
    public static let version = OctetVerifyTool.version

    /// What the arguments ask for.
    public enum Command: Sendable, Equatable {
        case issue(IssueConfiguration)
        case help
        case version
    }

    /// Parses `arguments` (without the program name).
    public static func parse(_ arguments: [String]) throws(CLIError) -> Command {
        try IssueArgumentParser.parse(arguments)
    }

    /// Runs the tool on `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String], environment: ToolEnvironment = .process) -> Int32 {
        let io = ToolOutput(environment, program: name)
        let command: Command
        do {
            command = try parse(arguments)
        } catch {
            io.error(error.message)
            return io.status(error.exitCode)
        }
        switch command {
        case .help:
            io.output(help)
            return io.status(0)
        case .version:
            io.output("\(name) \(version)\n")
            return io.status(0)
        case .issue(let configuration):
            return io.status(IssueCommand.run(configuration, environment: environment))
        }
    }

    static let help = """
        \(name) \(version): make Octet proofs with fresh keys, for sandboxes, demos and tests.

        usage: octet-issue [OPTIONS]

        Makes a proof with fresh keys. With --platform android or ios the device evidence is made
        under a fresh TEST authority (never Apple's or Google's): trust its root with
        octet-verify --trust-anchors DIR to see the attestation checks pass. The proof goes to --out
        (default: standard output, never a terminal).

        options:
          --out FILE                    where the proof is written (- for standard output)
          --platform software|android|ios   device evidence (default software: no hardware evidence)
          --anchors-out DIR             android, ios: add the test root as DIR/android/*.pem or DIR/apple/*.pem
          --bundle-out FILE             ios: write the App Attest enrolment there instead of into the proof
          --app-id ID                   the app (default com.example.octet; ios: A1B2C3D4E5.com.example.octet)
          --android-signer HEX          android: a signing-certificate SHA-256 the attestation names (repeatable;
                                          default ab…ab; none with --android-signer none)
          --at RFC3339                  creation time (default: now)
          --fix LAT,LON[,ACCURACY_M]    the measured position (default 48.8585,2.2946,5)
          --region SPEC                 the claimed region (default: a 250 m circle around the fix)
          --session-nonce HEX           bind the proof to a session nonce (8 to 64 bytes)
          --content KEY=PATH            commit a file's content (repeatable)
          --content-type KEY=TYPE       its MIME type (default application/octet-stream)
          --manifest-out FILE           write the content manifest (the salts) there
          --verdict-tier TIER           sign an assurance tier: verified, plausible, uncertain, suspicious, spoofed
          --break DEFECT                break the proof on purpose (repeatable):
                                          stage-signature, wrong-key   -> stage-signatures FAIL
                                          device-signature             -> device-attestation-sig FAIL
                                          binding, claims-after-signing -> binding FAIL
                                          duplicate-field, trailing-bytes -> wire-format FAIL
          --version                     print the version
          --help                        print this help

        """
}
