import OctetBackend

/// `octet-verify serve`'s flags as parsed (the rows of `FlagTable.serveRows`): the server itself
/// is OctetServe's, which reads this.
package struct ServeConfiguration: Equatable, Sendable {
    /// `--request-timeout`'s default, in seconds.
    package static let defaultRequestTimeoutSeconds: UInt32 = 30
    /// `--min-body-rate`'s default, in bytes a second: far below any backend's link, far above a
    /// body held open to keep its connection (docs/service.md, "Memory").
    package static let defaultMinBodyRate = 16 << 10

    package var listen: ListenAddress?
    /// `--replay-store URL`, as given (checked to parse).
    package var replayStore: String?
    package var revocationListPath: String?
    /// `--revocation-max-age`: nil, no maximum (the list is not dated).
    package var revocationMaxAgeSeconds: Int64?
    package var trustAnchorsPath: String?
    package var tokenFilePath: String?
    package var insecureNoAuth = false
    package var threads: Int?
    package var maxBody = VerifyRequest.maxBytes
    package var maxBufferedBytes: Int?
    package var requestTimeoutSeconds: UInt32 = defaultRequestTimeoutSeconds
    /// `--min-body-rate BYTES`: what a body must bring a second, judged over 2-second windows (0: off).
    package var minBodyRate = defaultMinBodyRate
    /// `--prune-every DURATION`, in seconds (nil: the server does not prune).
    package var pruneEverySeconds: Int64?
    /// `--prune-older-than SECONDS` (nil: `ReplayPruneHorizon.defaultSeconds`).
    package var pruneOlderThanSeconds: Int64?
    package var help = false

    package init() {}

    /// What `serve --help` says below the usage.
    static let about = """
        Verifies proofs over HTTP/1.1 (docs/service.md; the API: docs/openapi.json): POST /v1/verify
        with one request as the body; GET /healthz; GET /metrics (Prometheus text). A request's
        options are members of its "options" object (options.expectedRegion, …), not flags.

        signals: SIGHUP re-reads the revocation list, the anchors and the tokens (a bad file keeps
        the old one, and /healthz and /metrics say so until a reload loads it); SIGTERM or SIGINT
        stops accepting, answers what is in flight, exits 0.
        """

    /// `--prune-every`'s DURATION: a whole number followed by `s`, `m` or `h`, from 10 s to 24 h.
    package static func duration(_ text: String) -> Int64? {
        let multiplier: Int64
        switch text.last {
        case "s": multiplier = 1
        case "m": multiplier = 60
        case "h": multiplier = 3600
        default: return nil
        }
        guard text.utf8.count >= 2, text.utf8.count <= 8 else { return nil }
        let digits = text.dropLast()
        guard digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int64(digits) else { return nil }
        let seconds = value * multiplier
        return (10...86_400).contains(seconds) ? seconds : nil
    }

    /// `serve --help`.
    package static var help: String { HelpText.render(FlagTable.serveCommand) }

    /// Reads `serve`'s arguments (after the word `serve`).
    package static func parse(_ arguments: [String]) throws(CLIError) -> ServeConfiguration {
        var c = ServeConfiguration()
        let outcome = try FlagParser.parse(
            arguments.map { Array($0.utf8) }, command: FlagTable.serveCommand, rows: FlagTable.serveRows, into: &c,
            operand: nil)
        if case .informational = outcome {
            c.help = true
            return c
        }
        if let budget = c.maxBufferedBytes, budget < c.maxBody {
            throw .usage("--max-buffered-bytes (\(budget)) must be at least --max-body (\(c.maxBody))")
        }
        guard let listen = c.listen else { throw .usage("--listen HOST:PORT is required") }
        if c.pruneEverySeconds != nil, c.replayStore == nil {
            throw .usage("--prune-every: there is nothing to prune without --replay-store")
        }
        if c.revocationMaxAgeSeconds != nil, c.revocationListPath == nil {
            throw .usage("--revocation-max-age goes with --revocation-list: it is the age of that list")
        }
        if c.pruneOlderThanSeconds != nil, c.pruneEverySeconds == nil {
            throw .usage("--prune-older-than goes with --prune-every")
        }
        if !listen.isLoopback, c.tokenFilePath == nil, !c.insecureNoAuth {
            throw .usage(
                "--listen \(listen) is not a loopback address: give --token-file, or --insecure-no-auth"
                    + " if something in front of the verifier authenticates callers")
        }
        return c
    }
}
