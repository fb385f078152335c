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

    /// Made from the flag rows (`IssueArgumentParser.rows`), as `octet-verify`'s help is.
    static var help: String { HelpText.render(IssueArgumentParser.command) }
}
