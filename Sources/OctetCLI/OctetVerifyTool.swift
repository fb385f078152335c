import Foundation
import Octet
import OctetBackend

/// `octet-verify`, as a function: the executable's `main.swift` only calls `run`.
public enum OctetVerifyTool {
    /// `Release.version`.
    public static let version = Release.version
    public static let name = "octet-verify"

    /// Runs the tool on `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String], environment: ToolEnvironment = .process) -> Int32 {
        let command: Command
        do {
            command = try ArgumentParser.parse(arguments)
        } catch {
            environment.writeError("\(name): \(error.message)\n")
            return error.exitCode
        }
        switch command {
        case .help:
            environment.writeOutput(HelpText.verify)
            return 0
        case .issueHelp:
            environment.writeOutput(HelpText.issue)
            return 0
        case .version:
            environment.writeOutput(VersionText.render())
            return 0
        case .manual:
            environment.writeOutput(ManualPage.render())
            return 0
        case .completion(let shell):
            environment.writeOutput(Completions.render(shell))
            return 0
        case .issue(let configuration):
            return IssueCommand.run(configuration, environment: environment)
        case .verify(let configuration):
            return verify(configuration, environment: environment)
        case .requests(let configuration):
            return RequestsCommand.run(configuration, environment: environment)
        }
    }

    static func verify(_ c: VerifyConfiguration, environment: ToolEnvironment) -> Int32 {
        if c.requireVerdict != nil, !c.honorVerdictTier {
            environment.writeError(
                "\(name): warning: --require-verdict is deprecated and has no effect without --honor-verdict-tier\n")
        }
        let session: VerificationSession
        switch SessionBuilder.build(c, now: environment.now()) {
        case .success(let built): session = built
        case .failure(let error):
            environment.writeError("\(name): \(error.message)\n")
            return error.exitCode
        }
        // One proof needs no worker count (Foundation reads cgroup files to find it).
        let jobs = c.jobs ?? (c.proofs.count > 1 ? ProcessInfo.processInfo.activeProcessorCount : 1)
        let runner = BatchRunner(session: session, jobs: jobs)
        let useColor = c.color == .always || (c.color == .auto && environment.outputIsTerminal && !environment.noColor)
        let text = TextReport(color: useColor)
        // Progress only when the results go elsewhere: on one terminal the two would overwrite each other.
        let progress = Progress(
            total: c.proofs.count, enabled: environment.errorIsTerminal && !environment.outputIsTerminal,
            write: environment.writeError)
        let summary = runner.run(c.proofs) { item in
            switch item {
            case .report(let report):
                environment.writeOutput(c.format == .json ? JSONReport.render(report) : text.render(report))
            case .unreadable(_, let error):
                environment.writeError("\(name): \(error.message)\n")
            }
            progress.advance()
        }
        progress.finish()
        if c.format == .text, c.proofs.count > 1 { environment.writeOutput(text.summaryLine(summary)) }
        return summary.exitStatus
    }
}

/// The progress line on standard error for long batches on a terminal: "verified 1200/10000".
final class Progress {
    private let total: Int
    private let enabled: Bool
    private let write: @Sendable (String) -> Void
    private var done = 0
    private var shown = false

    init(total: Int, enabled: Bool, write: @escaping @Sendable (String) -> Void) {
        self.total = total
        self.enabled = enabled && total >= 100
        self.write = write
    }

    func advance() {
        done += 1
        guard enabled, done % 50 == 0 || done == total else { return }
        write("\r\(OctetVerifyTool.name): verified \(done)/\(total)")
        shown = true
    }

    func finish() {
        if shown { write("\r\u{1B}[2K") }
    }
}
