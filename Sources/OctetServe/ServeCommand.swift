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

/// `--listen`'s address, parsed with the rest of serve's flags in OctetCLI.
typealias ListenAddress = OctetCLI.ListenAddress

/// `octet-verify serve` (service.md): the verifier over HTTP until SIGTERM.
public enum ServeCommand {
    /// `serve --help`, made from the flag table (`FlagTable.serveCommand`).
    public static var help: String { ServeConfiguration.help }

    typealias Configuration = ServeConfiguration

    static func parse(_ arguments: [String]) throws(CLIError) -> Configuration {
        try ServeConfiguration.parse(arguments)
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
        guard let listen = c.listen else { return fail(.usage("--listen HOST:PORT is required")) }
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
        // three per core keep the cores busy (measured: docs/performance.md, "Load, measured").
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
        switch loadRevocationList(c) {
        case .success(let loaded):
            revocation = loaded.source
            for warning in loaded.warnings {
                log.event(
                    "revocationList", ["level": .string("warning"), "message": .string(LogSafeText.escape(warning))])
            }
        case .failure(let error): return fail(error)
        }
        let bufferBudget = c.maxBufferedBytes ?? BufferBudget.defaultLimit(maxBody: c.maxBody, threads: threads)
        let budget = BufferBudget(limit: bufferBudget)
        let horizon = c.pruneEverySeconds.map { _ in
            PruningHorizon(olderThanSeconds: c.pruneOlderThanSeconds ?? ReplayPruneHorizon.defaultSeconds)
        }
        let service = VerifyService(
            verifier: Verifier(
                trustAnchors: anchors, revocationSource: revocation, replayStore: store,
                prompts: CommandLinePrompts.serve),
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
                address: listen, requestTimeoutSeconds: c.requestTimeoutSeconds, minBodyRate: c.minBodyRate,
                workers: threads))
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
                "minBodyRate": .int(Int64(c.minBodyRate)),
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
            switch loadRevocationList(c) {
            case .success(let list):
                verifier = verifier.replacing(revocationSource: .some(list.source))
                for warning in list.warnings {
                    log.event(
                        "revocationList",
                        ["level": .string("warning"), "message": .string(LogSafeText.escape(warning))])
                }
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
            return SQLiteRecordingProbe(path: path)
        case .postgreSQL(let uri):
            return try? PostgreSQLRecordingProbe(uri: uri)
        }
    }

    // The sources are loaded by the one loader every front end uses (`SourceLoader`).

    static func loadAnchors(_ path: String?) -> Result<TrustAnchors, CLIError> {
        SourceLoader.trustAnchors(path.map { InputPath($0) })
    }

    /// `--revocation-list`, dated by its fetch record with `--revocation-max-age`.
    static func loadRevocationList(_ c: Configuration) -> Result<SourceLoader.LoadedRevocationList, CLIError> {
        SourceLoader.revocationList(
            c.revocationListPath.map { InputPath($0) }, maxAgeSeconds: c.revocationMaxAgeSeconds)
    }

    /// `connections`: the PostgreSQL pool's size, one per verification thread.
    static func openReplayStore(
        _ text: String?, connections: Int, onMigration: ReplaySchemaMigrationHandler? = nil
    ) -> Result<(any ReplayStore)?, CLIError> {
        guard let text else { return .success(nil) }
        do throws(ReplayStoreError) {
            return SourceLoader.replayStore(
                try ReplayStoreURL(parsing: text), connections: connections, onMigration: onMigration)
        } catch {
            return .failure(.usage("--replay-store: \(error.reason)"))
        }
    }

    static func logSafeStore(_ url: String) -> String {
        (try? ReplayStoreURL(parsing: url))?.logSafeDescription ?? "invalid"
    }
}
