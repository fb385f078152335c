import Foundation
import OctetBackend
import OctetCLI

/// `octet-verify revocation fetch URL --out FILE` (docs/cli.md): fetches a revocation list, judges
/// it as `--revocation-list` reads it, and installs it with its fetch record; one exit status per
/// way of failing (`RevocationFetchExit`), FILE untouched on every failure.
public enum RevocationFetchCommand {
    /// Runs the command on the arguments after `revocation`; returns the exit status.
    public static func run(_ arguments: [[UInt8]], environment: ToolEnvironment = .process) -> Int32 {
        let prefix = "\(OctetVerifyTool.name): revocation fetch: "
        func say(_ line: String) { environment.writeError(prefix + LogSafeText.escape(line) + "\n") }
        let c: RevocationFetchConfiguration
        do {
            c = try RevocationFetchConfiguration.parse(arguments)
        } catch {
            environment.writeError("\(OctetVerifyTool.name): \(LogSafeText.escape(error.message))\n")
            return error.exitCode
        }
        if c.help {
            environment.writeOutput(RevocationFetchConfiguration.help)
            return environment.outputFailure() == nil ? 0 : ExitStatus.ioError
        }
        guard let text = c.url, let url = URL(string: text), let path = c.outPath else { return ExitStatus.usage }
        let fetch = HTTPFetch(
            maxBytes: c.maxBytes, timeoutSeconds: c.timeoutSeconds, policy: RedirectPolicy(maxRedirects: c.maxRedirects)
        )
        let source = RevocationFetchURL.logSafe(url)
        let bytes: [UInt8]
        switch fetch.get(url) {
        case .success(let body): bytes = body
        case .failure(let failure):
            let (status, line) = describe(failure)
            say("\(source): \(line); \(path) kept")
            return status
        }
        let list: RevocationList
        switch RevocationListInstaller.judge(bytes, allowEmpty: c.allowEmpty) {
        case .success(let judged): list = judged
        case .failure(let failure):
            say("\(source): \(reason(failure)); \(path) kept")
            return RevocationFetchExit.malformed
        }
        let record = RevocationFetchRecord(dating: bytes, fetchedAtMilliseconds: environment.now())
        switch RevocationListInstaller.install(bytes, record: record, at: path) {
        case .success:
            say("\(source): \(list.count) entries, \(bytes.count) bytes, written to \(path)")
            return RevocationFetchExit.replaced
        case .failure(let failure):
            say("\(reason(failure)); \(path) kept")
            return RevocationFetchExit.writeFailed
        }
    }

    static func describe(_ failure: HTTPFetch.Failure) -> (Int32, String) {
        switch failure {
        case .network(let reason): (RevocationFetchExit.network, "network: \(reason)")
        case .httpStatus(let status): (RevocationFetchExit.httpStatus, "HTTP status \(status), not 200")
        case .redirectRefused(let reason): (RevocationFetchExit.redirectRefused, "redirect refused: \(reason)")
        case .tooLarge(let limit): (RevocationFetchExit.tooLarge, "the body is larger than --max-bytes \(limit)")
        case .tooSlow(let seconds): (RevocationFetchExit.tooSlow, "not fetched within --timeout \(seconds) s")
        }
    }

    static func reason(_ failure: RevocationListInstaller.Failure) -> String {
        switch failure {
        case .malformed(let reason): "not a revocation list: \(reason)"
        case .writeFailed(let reason): "cannot write: \(reason)"
        }
    }
}
