import Foundation
import OctetBackend

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `octet-verify --requests FILE|-`: opens the run's sources and the input, then runs
/// `RequestsRunner` with the process's standard output.
enum RequestsCommand {
    /// Every core; with PostgreSQL three per core, as `serve`: a job waits on the database for part
    /// of each request (docs/performance.md, "Load, measured").
    static func defaultJobs(_ c: VerifyConfiguration) -> Int {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        if case .postgreSQL = c.replayStoreURL { return 3 * cores }
        return cores
    }

    static func run(_ c: VerifyConfiguration, environment: ToolEnvironment) -> Int32 {
        // Standard output closed at start-up (it is /dev/null underneath now): answer nothing, record nothing.
        if let failure = environment.outputFailure() {
            environment.writeError("\(OctetVerifyTool.name): standard output: \(failure)\n")
            return ExitStatus.ioError
        }
        let notice: @Sendable (String) -> Void = {
            environment.writeError("\(OctetVerifyTool.name): \(LogSafeText.escape($0))\n")
        }
        let verifier: Verifier
        switch SourceLoader.load(
            SessionBuilder.sources(c, connections: c.jobs ?? defaultJobs(c)), onMigration: { notice($0.message) })
        {
        case .success(let loaded):
            loaded.warnings.forEach(notice)
            verifier = loaded.verifier(prompts: CommandLinePrompts.requests)
        case .failure(let error):
            notice(error.message)
            return error.exitCode
        }
        let path = c.requestsPath ?? "-"
        let fd: Int32
        if path == "-" {
            fd = 0
        } else {
            if let error = InputFiles.checkReadable(InputPath(path), what: "requests", allowingStreams: true) {
                environment.writeError("\(OctetVerifyTool.name): \(LogSafeText.escape(error.message))\n")
                return error.exitCode
            }
            fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                environment.writeError(
                    "\(OctetVerifyTool.name): requests \(LogSafeText.escape(path)): cannot be opened\n")
                return ExitStatus.unreadable
            }
        }
        defer { if fd != 0 { close(fd) } }
        // A reader that went away must be an EPIPE to notice, not a kill.
        signal(SIGPIPE, SIG_IGN)
        // The tool's own standard-output writer: answers in one write(2) from their own bytes
        // (flushed per line), a full non-blocking pipe waited for with poll(2).
        let output =
            environment.writeLines ?? { bytes in
                environment.writeOutput(String(decoding: bytes, as: UTF8.self))
                return environment.outputFailure() == nil
            }
        let runner = RequestsRunner(
            lines: RequestLines(fd: fd, limit: VerifyRequest.maxBytes), verifier: verifier,
            jobs: c.jobs ?? defaultJobs(c), now: environment.now, write: output)
        let summary = runner.run()
        if summary.outputGone {
            environment.writeError(
                "\(OctetVerifyTool.name): output cannot be written: stopped after \(summary.answered) answers;"
                    + " nothing more was recorded\n")
        } else if let code = summary.inputError {
            environment.writeError(
                "\(OctetVerifyTool.name): requests \(LogSafeText.escape(path)): read error (errno \(code)) after \(summary.answered) answers\n"
            )
        }
        return summary.exitStatus
    }
}
