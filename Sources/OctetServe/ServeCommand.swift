import Foundation
import Octet
import OctetBackend
import OctetCLI
import OctetHTTPShim

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `octet-verify serve` (service.md): the verifier over HTTP until SIGTERM.
public enum ServeCommand {
    public static let help = """
        usage: octet-verify serve --listen HOST:PORT [OPTIONS]

        Verifies proofs over HTTP/1.1 (docs/service.md, docs/openapi.yaml): POST /v1/verify with one
        request as the body; GET /healthz; GET /metrics (Prometheus text).

        options:
          --listen HOST:PORT          numeric IPv4, or [IPv6]:PORT; port 0 picks a free one (logged)
          --replay-store URL          sqlite:PATH or postgresql://… : enables replay-uniqueness
          --revocation-list FILE      enables revocation (re-read on SIGHUP)
          --trust-anchors DIR         replaces the bundled roots (re-read on SIGHUP)
          --token-file FILE           bearer tokens, one per line, 32+ characters (re-read on SIGHUP)
          --insecure-no-auth          allow a non-loopback --listen without --token-file
          --threads N                 verification threads (default: every core; 3 per core with PostgreSQL)
          --max-body BYTES            largest request body (default and most 16777216)
          --max-buffered-bytes BYTES  request bodies held at once, all connections together; past it
                                      503 SATURATED (default: max-body x (threads + 2), at most
                                      268435456, at least max-body)
          --request-timeout SECONDS   a request must arrive within this (default 30)
          --prune-every DURATION      prune the replay store every DURATION (30s, 15m, 1h; 10s to 24h),
                                      removing records older than --prune-older-than; logged
          --prune-older-than SECONDS  with --prune-every: the records' age (default 3600, at least 360);
                                      a request whose window reaches further back is refused (400)
          --help

        signals: SIGHUP re-reads the revocation list, the anchors and the tokens (a bad file keeps
        the old one, and /healthz and /metrics say so until a reload loads it); SIGTERM or SIGINT
        stops accepting, answers what is in flight, exits 0.

        exit status: 0 stopped by a signal · 64 usage error · 66 a FILE could not be read ·
                     69 the address cannot be listened on

        """

    struct Configuration: Equatable {
        var listen: ListenAddress?
        var replayStore: String?
        var revocationListPath: String?
        var trustAnchorsPath: String?
        var tokenFilePath: String?
        var insecureNoAuth = false
        var threads: Int?
        var maxBody = VerifyRequest.maxBytes
        var maxBufferedBytes: Int?
        var requestTimeoutSeconds: UInt32 = 30
        var pruneEverySeconds: Int64?
        var pruneOlderThanSeconds: Int64?
        var help = false
    }

    /// `--prune-every`'s DURATION: a whole number followed by `s`, `m` or `h`, from 10 s to 24 h.
    static func duration(_ text: String) -> Int64? {
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

    static func parse(_ arguments: [String]) throws(CLIError) -> Configuration {
        var c = Configuration()
        var seen = Set<String>()
        var index = 0
        func value(_ flag: String, _ inline: String?) throws(CLIError) -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count else { throw .usage("\(flag) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            let flag: String
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            } else {
                flag = argument
            }
            guard seen.insert(flag).inserted else { throw .usage("\(flag) given twice") }
            switch flag {
            case "--help", "-h": c.help = true
            case "--listen":
                let text = try value(flag, inline)
                guard let address = ListenAddress(text) else {
                    throw .usage("--listen: expected HOST:PORT with a numeric address (127.0.0.1:8080, [::1]:8080)")
                }
                c.listen = address
            case "--replay-store": c.replayStore = try nonEmpty(flag, try value(flag, inline))
            case "--revocation-list": c.revocationListPath = try nonEmpty(flag, try value(flag, inline))
            case "--trust-anchors": c.trustAnchorsPath = try nonEmpty(flag, try value(flag, inline))
            case "--token-file": c.tokenFilePath = try nonEmpty(flag, try value(flag, inline))
            case "--insecure-no-auth":
                guard inline == nil else { throw .usage("--insecure-no-auth takes no value") }
                c.insecureNoAuth = true
            case "--threads": c.threads = try number(flag, try value(flag, inline), 1...256)
            case "--max-body": c.maxBody = try number(flag, try value(flag, inline), 1...VerifyRequest.maxBytes)
            case "--max-buffered-bytes":
                c.maxBufferedBytes = try number(flag, try value(flag, inline), 1...(1 << 40))
            case "--request-timeout":
                c.requestTimeoutSeconds = UInt32(try number(flag, try value(flag, inline), 1...3600))
            case "--prune-every":
                let text = try value(flag, inline)
                guard let seconds = duration(text) else {
                    throw .usage("--prune-every: expected a duration from 10s to 24h (30s, 15m, 1h)")
                }
                c.pruneEverySeconds = seconds
            case "--prune-older-than":
                c.pruneOlderThanSeconds = Int64(
                    try number(
                        flag, try value(flag, inline),
                        Int(ReplayPruneHorizon.minimumSeconds)...(100 * 366 * 86_400)))
            default: throw .usage("serve: unknown option \(flag) (see serve --help)")
            }
            index += 1
        }
        if c.help { return c }
        if let budget = c.maxBufferedBytes, budget < c.maxBody {
            throw .usage("--max-buffered-bytes (\(budget)) must be at least --max-body (\(c.maxBody))")
        }
        guard let listen = c.listen else { throw .usage("serve: --listen HOST:PORT is required") }
        if c.pruneEverySeconds != nil, c.replayStore == nil {
            throw .usage("--prune-every: there is nothing to prune without --replay-store")
        }
        if c.pruneOlderThanSeconds != nil, c.pruneEverySeconds == nil {
            throw .usage("--prune-older-than goes with --prune-every")
        }
        if !listen.isLoopback, c.tokenFilePath == nil, !c.insecureNoAuth {
            throw .usage(
                "serve: --listen \(listen) is not a loopback address: give --token-file, or --insecure-no-auth"
                    + " if something in front of the verifier authenticates callers")
        }
        return c
    }

    private static func nonEmpty(_ flag: String, _ text: String) throws(CLIError) -> String {
        guard !text.isEmpty else { throw .usage("\(flag): expected a value") }
        return text
    }

    private static func number(_ flag: String, _ text: String, _ range: ClosedRange<Int>) throws(CLIError) -> Int {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(text),
            range.contains(value)
        else { throw .usage("\(flag): expected a whole number from \(range.lowerBound) to \(range.upperBound)") }
        return value
    }

    /// Runs the server until SIGTERM or SIGINT; returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        // A reader that went away is an EPIPE for the checked writes below, not a kill.
        signal(SIGPIPE, SIG_IGN)
        // Checked writes: a closed or full standard error must not crash start-up.
        let standardError = StreamWriter(fileDescriptor: STDERR_FILENO)
        let clock = ToolEnvironment.systemClock
        let log = AccessLog(clock: clock)
        func fail(_ error: CLIError) -> Int32 {
            standardError.write(Array("octet-verify serve: \(LogSafeText.escape(error.message))\n".utf8))
            return error.exitCode
        }
        let c: Configuration
        do {
            c = try parse(arguments)
        } catch {
            return fail(error)
        }
        if c.help {
            let output = StreamWriter(fileDescriptor: STDOUT_FILENO)
            output.write(Array(help.utf8))
            return output.failure == nil ? 0 : ExitStatus.ioError
        }
        guard let listen = c.listen else { return fail(.usage("serve: --listen HOST:PORT is required")) }
        // Signals go to a pipe read below, before any thread starts: no Swift code runs in a handler.
        let signals: [Int32] = [SIGHUP, SIGTERM, SIGINT]
        let signalFD = signals.withUnsafeBufferPointer { octet_signal_pipe($0.baseAddress, Int32($0.count)) }
        guard signalFD >= 0 else { return fail(CLIError(.unreadable, "cannot install signal handlers")) }

        var tokens: AccessTokens?
        if let path = c.tokenFilePath {
            switch AccessTokens.load(path) {
            case .success(let loaded): tokens = loaded
            case .failure(let error): return fail(.unreadable(error.description))
            }
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // With PostgreSQL a verification thread waits on the database for part of each request:
        // three per core keep the cores busy (measured: docs/service.md, "Load, measured").
        let isPostgreSQL = c.replayStore.map { $0.hasPrefix("postgres") } ?? false
        let threads = c.threads ?? (isPostgreSQL ? 3 * cores : cores)
        let store: (any ReplayStore)?
        let migrated: ReplaySchemaMigrationHandler = { migration in
            log.event(
                "replayStoreMigrated",
                ["fromVersion": .int(Int64(migration.fromVersion)), "toVersion": .int(Int64(migration.toVersion))])
        }
        switch openReplayStore(c.replayStore, connections: threads, onMigration: migrated) {
        case .success(let opened): store = opened
        case .failure(let error): return fail(error)
        }
        let anchors: TrustAnchors
        switch loadAnchors(c.trustAnchorsPath) {
        case .success(let loaded): anchors = loaded
        case .failure(let error): return fail(error)
        }
        let revocation: (any RevocationSource)?
        switch loadRevocationList(c.revocationListPath) {
        case .success(let loaded): revocation = loaded
        case .failure(let error): return fail(error)
        }
        let bufferBudget = c.maxBufferedBytes ?? BufferBudget.defaultLimit(maxBody: c.maxBody, threads: threads)
        let budget = BufferBudget(limit: bufferBudget)
        let horizon = c.pruneEverySeconds.map { _ in
            PruningHorizon(olderThanSeconds: c.pruneOlderThanSeconds ?? ReplayPruneHorizon.defaultSeconds)
        }
        let service = VerifyService(
            verifier: RequestVerifier(trustAnchors: anchors, revocationSource: revocation, replayStore: store),
            tokens: tokens, maxBody: c.maxBody, log: log, clock: clock, budget: budget,
            recordingProbe: recordingProbe(c.replayStore), pruning: horizon)
        var pruner: ReplayPruner?
        if let every = c.pruneEverySeconds, let horizon {
            guard let prunable = store as? any ReplayPruning else {
                return fail(.usage("--prune-every: this replay store cannot be pruned"))
            }
            pruner = ReplayPruner(store: prunable, everySeconds: every, horizon: horizon, clock: clock, log: log)
        }
        let server = HTTPServer(
            service: service, budget: budget,
            settings: HTTPServer.Settings(
                address: listen, requestTimeoutSeconds: c.requestTimeoutSeconds, workers: threads))
        do throws(HTTPServer.StartError) {
            try server.start()
        } catch {
            switch error {
            case .cannotListen(let reason):
                standardError.write(Array("octet-verify serve: cannot listen on \(listen): \(reason)\n".utf8))
            case .cannotStart:
                standardError.write(Array("octet-verify serve: cannot start the HTTP server (libmicrohttpd)\n".utf8))
            }
            return 69
        }
        service.health.startProbing()
        pruner?.start()
        let bound = ListenAddress("\(listen.isIPv6 ? "[\(listen.host)]" : listen.host):\(server.port)")
        log.event(
            "listening",
            [
                "address": .string(bound?.description ?? listen.description),
                "replayStore": .string(c.replayStore.map(logSafeStore) ?? "none"),
                "revocationList": .bool(c.revocationListPath != nil),
                "trustAnchors": .string(anchors.fingerprint),
                "auth": .string(tokens == nil ? "none" : "bearer"),
                "threads": .int(Int64(threads)),
                "maxBufferedBytes": .int(Int64(bufferBudget)),
                "version": .string(Release.version),
                "commit": .string(BuildInfo.commit),
                "pruneEverySeconds": .int(c.pruneEverySeconds ?? 0),
            ])

        while true {
            var byte: UInt8 = 0
            let count = read(signalFD, &byte, 1)
            if count < 0, errno == EINTR { continue }
            guard count == 1 else { break }
            let signal = Int32(byte)
            if signal == SIGHUP {
                reload(c, service: service, log: log)
                continue
            }
            log.event("stopping", ["signal": .string(signal == SIGTERM ? "SIGTERM" : "SIGINT")])
            service.startDraining()
            server.stop()
            service.health.stopProbing()
            pruner?.stop()
            // Close the database connections now rather than at exit (SQLite closes with its last reference).
            (store as? PostgreSQLReplayStore)?.closeIdleConnections()
            break
        }
        log.event("stopped", ["pending": .int(Int64(server.openExchanges))])
        return 0
    }

    /// SIGHUP: each file is re-read; one that does not load keeps what was in force, and says so:
    /// in the `reload` log line (level `error`, naming it), in `/healthz` (`reload-failed`, until a
    /// reload loads every file) and in `/metrics`.
    ///
    /// The `reload` line has the same members, of the same types, every time: `level`;
    /// `trustAnchors`, `revocationList` and `tokenFile`, each `reloaded`, `kept` (the file did not
    /// load: the previous one stays in force) or `none` (not configured); `anchors`, the fingerprint
    /// of the anchors in force; `tokens`, how many tokens are in force (a number, 0 without a token
    /// file); `failed`, each failed option and file name; `errors`, each failed option, file name
    /// and reason (both arrays of strings, empty when every file loaded).
    static func reload(_ c: Configuration, service: VerifyService, log: AccessLog) {
        var failed: [ReloadStatus.FailedFile] = []
        var errors: [String] = []
        func failure(_ option: String, _ path: String, _ reason: String) {
            let file = ReloadStatus.FailedFile(option: option, file: fileName(path))
            failed.append(file)
            errors.append("\(option) \(file.file): \(reason)")
        }
        var outcome = ["trustAnchors": "none", "revocationList": "none", "tokenFile": "none"]
        var verifier = service.currentVerifier
        if let path = c.trustAnchorsPath {
            switch loadAnchors(path) {
            case .success(let anchors):
                verifier = verifier.replacing(trustAnchors: anchors)
                outcome["trustAnchors"] = "reloaded"
            case .failure(let error):
                outcome["trustAnchors"] = "kept"
                failure("--trust-anchors", path, error.message)
            }
        }
        if let path = c.revocationListPath {
            switch loadRevocationList(path) {
            case .success(let list):
                verifier = verifier.replacing(revocationSource: .some(list))
                outcome["revocationList"] = "reloaded"
            case .failure(let error):
                outcome["revocationList"] = "kept"
                failure("--revocation-list", path, error.message)
            }
        }
        service.replace(verifier: verifier)
        if let path = c.tokenFilePath {
            switch AccessTokens.load(path) {
            case .success(let tokens):
                service.replace(tokens: tokens)
                outcome["tokenFile"] = "reloaded"
            case .failure(let error):
                outcome["tokenFile"] = "kept"
                failure("--token-file", path, error.description)
            }
        }
        service.reloads.record(failed: failed, atSeconds: Double(ToolEnvironment.systemClock()) / 1000)
        var fields: [String: JSONOut] = outcome.mapValues { .string($0) }
        fields["level"] = .string(failed.isEmpty ? "info" : "error")
        fields["anchors"] = .string(verifier.anchorsFingerprint)
        fields["tokens"] = .int(Int64(service.tokenCount))
        fields["failed"] = .array(failed.map { .string("\($0.option) \($0.file)") })
        fields["errors"] = .array(errors.map { .string(LogSafeText.escape($0)) })
        log.event("reload", fields)
    }

    /// A path's last component (what `/healthz` shows of an operator's path).
    static func fileName(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        let name = trimmed.split(separator: "/").last.map(String.init) ?? String(trimmed)
        return LogSafeText.escape(name)
    }

    /// The recording probe for `--replay-store`'s store (nil without one, or for a URL that did not
    /// open a store, which start-up has refused already).
    static func recordingProbe(_ text: String?) -> (any ReplayRecordingProbe)? {
        guard let text, let url = try? ReplayStoreURL(parsing: text) else { return nil }
        switch url {
        case .sqlite(let path):
            return SQLiteRecordingProbe(path: path, busyTimeoutMilliseconds: 2000)
        case .postgreSQL(let uri):
            return try? PostgreSQLRecordingProbe(uri: uri)
        }
    }

    static func loadAnchors(_ path: String?) -> Result<TrustAnchors, CLIError> {
        guard let path else { return .success(.bundled) }
        return TrustAnchorDirectory.load(InputPath(path)).map(\.anchors)
    }

    static func loadRevocationList(_ path: String?) -> Result<(any RevocationSource)?, CLIError> {
        guard let path else { return .success(nil) }
        return InputFiles.read(InputPath(path), what: "revocation list", limit: InputFiles.maxRevocationListBytes)
            .flatMap { data in
                RevocationList.parse(data).mapError { CLIError.dataError($0.message) }.map {
                    $0 as (any RevocationSource)?
                }
            }
    }

    /// `connections`: the PostgreSQL pool's size, one per verification thread.
    static func openReplayStore(
        _ text: String?, connections: Int, onMigration: ReplaySchemaMigrationHandler? = nil
    ) -> Result<(any ReplayStore)?, CLIError> {
        guard let text else { return .success(nil) }
        do throws(ReplayStoreError) {
            switch try ReplayStoreURL(parsing: text) {
            case .sqlite(let path):
                // A service answers 503 after 2 s of a busy database rather than holding the caller a minute.
                do throws(BackendError) {
                    return .success(
                        try SQLiteReplayStore(path: path, busyTimeoutMilliseconds: 2000, onMigration: onMigration))
                } catch {
                    return .failure(.unreadable(error.message))
                }
            case .postgreSQL(let uri):
                // Reached lazily: a database that is down at start-up is 503s until it is up.
                return .success(
                    try PostgreSQLReplayStore(
                        uri: uri, options: PostgreSQLReplayStore.Options(maximumConnections: connections),
                        onMigration: onMigration))
            }
        } catch {
            return .failure(
                error.code == .invalidURL ? .usage("--replay-store: \(error.reason)") : .unreadable(error.reason))
        }
    }

    static func logSafeStore(_ url: String) -> String {
        (try? ReplayStoreURL(parsing: url))?.logSafeDescription ?? "invalid"
    }
}
