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
        run(bytes: arguments.map { Array($0.utf8) }, environment: environment)
    }

    /// Runs the tool on the arguments as the system gave them (file names need not be UTF-8).
    public static func run(bytes arguments: [[UInt8]], environment: ToolEnvironment = .process) -> Int32 {
        let io = ToolOutput(environment)
        let command: Command
        do {
            command = try ArgumentParser.parse(bytes: arguments)
        } catch {
            io.error(error.message)
            return io.status(error.exitCode)
        }
        switch command {
        case .help:
            io.output(HelpText.verify)
            return io.status(0)
        case .usage:
            io.errorText(HelpText.usage)
            return io.status(ExitStatus.usage)
        case .inspect(let configuration):
            return InspectCommand.run(configuration, io: io)
        case .inspectHelp:
            io.output(InspectCommand.help)
            return io.status(0)
        case .selfTest(let configuration):
            return SelfTestCommand.run(configuration, io: io)
        case .selfTestHelp:
            io.output(SelfTestCommand.help)
            return io.status(0)
        case .version:
            io.output(VersionText.render())
            return io.status(0)
        case .manual:
            io.output(ManualPage.render())
            return io.status(0)
        case .completion(let shell):
            io.output(Completions.render(shell))
            return io.status(0)
        case .verify(let configuration):
            return verify(configuration, io: io)
        case .requests(let configuration):
            return RequestsCommand.run(configuration, environment: environment)
        case .replayPrune(let configuration):
            return ReplayCommand.run(configuration, io: io)
        case .replayHelp:
            io.output(ReplayCommand.usage)
            return io.status(0)
        }
    }

    /// The process's arguments as bytes (`CommandLine.arguments` decodes them lossily).
    public static var processArguments: [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
        }
    }

    /// `--format json`: a report's line, or an unreadable PROOF's error line in its place.
    static let renderJSON: @Sendable (BatchRunner.Item) -> String = { item in
        switch item {
        case .report(let report): JSONReport.render(report)
        case .unreadable(let path, let error): JSONReport.unreadable(path: path, detail: error.message)
        }
    }

    static func verify(_ c: VerifyConfiguration, io: ToolOutput) -> Int32 {
        let environment = io.environment
        if c.options.verifyOptions.requiredTier != nil, !c.options.verifyOptions.honorVerdictTier {
            io.error("warning: --require-verdict is deprecated and has no effect without --honor-verdict-tier")
        }
        var proofs = c.proofs
        if let list = c.filesFrom {
            switch FileList.read(list) {
            case .success(let paths): proofs += paths
            case .failure(let error):
                io.error(error.message)
                return io.status(error.exitCode)
            }
        }
        // Standard output closed at start-up: nothing can be reported, so nothing is verified or recorded.
        if environment.outputFailure() != nil { return io.status(ExitStatus.ioError) }
        let session: VerificationSession
        switch SessionBuilder.build(c, now: environment.now(), warn: { io.error($0) }, notice: { io.error($0) }) {
        case .success(let built): session = built
        case .failure(let error):
            io.error(error.message)
            return io.status(error.exitCode)
        }
        // One proof needs no worker count (Foundation reads cgroup files to find it).
        let jobs = c.jobs ?? (c.proofs.count > 1 ? ProcessInfo.processInfo.activeProcessorCount : 1)
        let runner = BatchRunner(session: session, jobs: jobs)
        let useColor = c.color == .always || (c.color == .auto && environment.outputIsTerminal && !environment.noColor)
        let text = TextReport(color: useColor)
        // Progress only when the results go elsewhere: on one terminal the two would overwrite each other.
        let progress = Progress(
            total: proofs.count, enabled: environment.errorIsTerminal && !environment.outputIsTerminal && !c.quiet,
            write: environment.writeError)
        // Each report is rendered on the worker that verified it; this thread only writes.
        let render: @Sendable (BatchRunner.Item) -> String
        if c.quiet {
            render = { _ in "" }
        } else if c.format == .json {
            render = renderJSON
        } else {
            render = { item in
                guard case .report(let report) = item else { return "" }
                return text.render(report)
            }
        }
        // Once standard output is gone nothing more is settled: no proof is recorded in the replay
        // store that nobody will be told about (beyond the one whose report failed).
        let summary = runner.run(proofs, stopWhen: { environment.outputFailure() != nil }, render: render) {
            rendered in
            if case .unreadable(let error) = rendered.outcome { io.error(error.message) }
            if !rendered.text.isEmpty { io.output(rendered.text) }
            progress.advance()
        }
        progress.finish()
        if c.format == .text, proofs.count > 1 { io.output(text.summaryLine(summary)) }
        if let failure = environment.outputFailure() {
            io.error(
                "standard output: \(failure); stopped after \(summary.total) of \(proofs.count) proofs "
                    + "(nothing after the last attempted report was verified into the replay store)")
            return ExitStatus.ioError
        }
        return io.status(summary.exitStatus)
    }
}

/// The tool's writes: every line from outside escaped on standard error, and the run's status
/// turned into 74 (EX_IOERR) when a write failed.
package struct ToolOutput {
    let environment: ToolEnvironment
    /// The program name every error line starts with.
    let program: String

    package init(_ environment: ToolEnvironment, program: String = OctetVerifyTool.name) {
        self.environment = environment
        self.program = program
    }

    package func output(_ text: String) { environment.writeOutput(text) }

    /// One line on standard error, the program's name first, with everything in it escaped.
    package func error(_ message: String) {
        environment.writeError("\(program): \(LogSafeText.escape(message))\n")
    }

    /// Fixed text (the usage) on standard error.
    package func errorText(_ text: String) { environment.writeError(text) }

    /// `status`, unless a write failed: then 74, and one line on standard error if it still works.
    package func status(_ status: Int32) -> Int32 {
        if let failure = environment.outputFailure() {
            error("standard output: \(failure)")
            return ExitStatus.ioError
        }
        if environment.errorFailure() != nil { return ExitStatus.ioError }
        return status
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
