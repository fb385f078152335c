import Dispatch
import Foundation
import Octet
import OctetBackend

/// The endpoints of `octet-verify serve` (service.md): `POST /v1/verify`, `GET /healthz`,
/// `GET /metrics`, their statuses, the access log and the metrics. HTTP itself is `HTTPServer`'s.
///
/// Every error answer is the error object of a malformed request with its own code
/// (`UNAUTHORIZED`, `NOT_FOUND`, …), so a caller reads one shape whatever went wrong.
///
/// `@unchecked Sendable`: `verifier` and `tokens` are swapped under `lock` (SIGHUP); the rest is
/// immutable or thread-safe.
final class VerifyService: HTTPService, @unchecked Sendable {
    static let verifyPath = "/v1/verify"
    static let healthPath = "/healthz"
    static let metricsPath = "/metrics"

    let metrics: ServiceMetrics
    let health: ReplayHealth
    let reloads = ReloadStatus()
    private let maxBody: Int
    private let requireTokens: Bool
    private let log: AccessLog
    private let clock: @Sendable () -> Int64
    private let lock = NSLock()
    private var verifier: RequestVerifier
    private var tokens: AccessTokens?
    private var draining = false

    init(
        verifier: RequestVerifier, tokens: AccessTokens?, maxBody: Int, log: AccessLog,
        clock: @escaping @Sendable () -> Int64, budget: BufferBudget? = nil,
        recordingProbe: (any ReplayRecordingProbe)? = nil
    ) {
        self.verifier = verifier
        self.tokens = tokens
        self.requireTokens = tokens != nil
        self.maxBody = maxBody
        self.log = log
        self.clock = clock
        self.health = ReplayHealth(store: verifier.replayStore, probe: recordingProbe, clock: clock, log: log)
        self.metrics = ServiceMetrics(budget: budget, reloads: reloads)
    }

    var currentVerifier: RequestVerifier { lock.withLock { verifier } }
    func replace(verifier: RequestVerifier) { lock.withLock { self.verifier = verifier } }
    func replace(tokens: AccessTokens) { lock.withLock { self.tokens = tokens } }
    /// From SIGTERM on, `/healthz` says 503 so a load balancer stops sending.
    func startDraining() { lock.withLock { draining = true } }

    // MARK: HTTPService

    func route(method: String, path: String, header: (String) -> String?) -> HTTPRoute {
        let allowed: String
        switch path {
        case Self.verifyPath: allowed = "POST"
        case Self.healthPath, Self.metricsPath: allowed = "GET"
        default: return .answer(Self.error(404, "NOT_FOUND", "no such endpoint: see docs/openapi.json"))
        }
        guard method == allowed else {
            return .answer(
                Self.error(405, "METHOD_NOT_ALLOWED", "this endpoint takes \(allowed)", headers: [("Allow", allowed)]))
        }
        if path != Self.healthPath, requireTokens {
            let admitted = lock.withLock { tokens?.admits(authorization: header("Authorization")) ?? false }
            guard admitted else {
                return .answer(
                    Self.error(
                        401, "UNAUTHORIZED", "a bearer token from the server's token file is required",
                        headers: [("WWW-Authenticate", "Bearer")]))
            }
        }
        if path == Self.verifyPath {
            guard Self.isJSON(header("Content-Type")) else {
                return .answer(Self.error(415, "UNSUPPORTED_MEDIA_TYPE", "the body must be application/json"))
            }
            return .accept(HTTPRoute.Accepted(name: path, maxBody: maxBody))
        }
        return .accept(HTTPRoute.Accepted(name: path, maxBody: 0))
    }

    func answerAtOnce(_ route: HTTPRoute.Accepted) -> HTTPAnswer? {
        switch route.name {
        case Self.healthPath:
            return healthAnswer()
        case Self.metricsPath:
            return HTTPAnswer(
                status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8",
                body: Array(metrics.render().utf8))
        default:
            return nil
        }
    }

    func answer(_ route: HTTPRoute.Accepted, body: [UInt8]) -> HTTPAnswer {
        metrics.verificationStarted()
        defer { metrics.verificationFinished() }
        let answer = currentVerifier.answer(body, now: clock)
        switch answer {
        case .rejected(let rejection):
            var bad = HTTPAnswer.json(400, answer.json)
            bad.logFields = [("error", .string(rejection.error.code.rawValue))]
            if let field = rejection.error.logSafeField { bad.logFields.append(("field", .string(field))) }
            return bad
        case .result(let report, let id):
            if answer.replayStoreUnavailable {
                // Never a result that skipped a configured check: the caller retries.
                metrics.recordReplayStoreError()
                health.sawUnavailable()
                let error = RequestError(
                    RequestError.Code("REPLAY_STORE_UNAVAILABLE"), at: nil,
                    "the replay store cannot be reached: nothing was recorded; retry")
                var unavailable = HTTPAnswer.json(503, JSONReport.error(error, id: id), headers: [("Retry-After", "1")])
                unavailable.logFields = [("error", .string(error.code.rawValue))]
                return unavailable
            }
            // Only an acceptance the store recorded says it can record (a proof that is not
            // otherwise valid is looked up without recording, or never reaches the store).
            if report.verdict == .valid,
                report.checks.contains(where: { $0.name == CheckName.replayUniqueness && $0.status == .pass })
            {
                health.sawRecorded()
            }
            metrics.record(verdict: report.verdict.name, checks: report.checks)
            var ok = HTTPAnswer.json(200, answer.json)
            ok.logFields = [
                ("verdict", .string(report.verdict.name)),
                ("failing", .array(report.checks.filter { $0.status == .fail }.map { .string($0.name) })),
            ]
            return ok
        }
    }

    func tooLarge() -> HTTPAnswer {
        Self.error(413, "PAYLOAD_TOO_LARGE", "the body is larger than --max-body (\(maxBody) bytes)")
    }

    func saturated() -> HTTPAnswer {
        if lock.withLock({ draining }) {
            return Self.error(
                503, "STOPPING", "the server is stopping: nothing was verified; retry on another instance",
                headers: [("Retry-After", "1")])
        }
        metrics.recordSaturated()
        return Self.error(
            503, "SATURATED", "every verification thread is busy and the queue is full; retry",
            headers: [("Retry-After", "1")])
    }

    func overBudget() -> HTTPAnswer {
        metrics.recordOverBudget()
        return Self.error(
            503, "SATURATED",
            "the request bodies the server holds have reached --max-buffered-bytes: nothing was verified; retry",
            headers: [("Retry-After", "1")])
    }

    func malformed(_ defect: FramingDefect) -> HTTPAnswer {
        metrics.recordMalformed()
        var answer = Self.error(
            400, "HTTP_MALFORMED", "the request was refused unread: \(defect.description); the connection is closed")
        answer.logFields.append(("defect", .string(defect.rawValue)))
        return answer
    }

    func targetTooLong() -> HTTPAnswer {
        metrics.recordMalformed()
        return Self.error(
            414, "URI_TOO_LONG",
            "the request target is over \(HTTPServer.maxTargetBytes) bytes or has more than "
                + "\(HTTPServer.maxQueryArguments) query arguments; the connection is closed")
    }

    /// `/healthz` (docs/service.md): 503 while stopping or while the replay store cannot record;
    /// 200 otherwise, with status `reload-failed` while the last SIGHUP left a file unloaded.
    func healthAnswer() -> HTTPAnswer {
        let draining = lock.withLock { self.draining }
        var members: [(String, JSONOut)] = []
        var status = 200
        switch (draining, health.state) {
        case (true, _):
            members.append(("status", .string("stopping")))
            status = 503
        case (false, .unavailable):
            members.append(("status", .string("replay-store-unavailable")))
            status = 503
        case (false, .cannotRecord):
            members.append(("status", .string("replay-store-cannot-record")))
            status = 503
        case (false, .ok):
            break
        }
        let failed = reloads.failedFiles
        if members.isEmpty { members.append(("status", .string(failed.isEmpty ? "ok" : "reload-failed"))) }
        if !failed.isEmpty {
            members.append(
                (
                    "reloadFailed",
                    .array(failed.map { .object([("option", .string($0.option)), ("file", .string($0.file))]) })
                ))
        }
        return .json(
            status, JSONOut.object(members).rendered, headers: status == 503 ? [("Retry-After", "1")] : [])
    }

    func answered(_ answer: HTTPAnswer, method: String, route: HTTPRoute.Accepted?, path: String, seconds: Double) {
        metrics.record(status: answer.status, seconds: seconds)
        log.request(method: method, path: path, answer: answer, seconds: seconds)
    }

    func timedOut() {
        metrics.recordRequestTimeout()
        log.event("request-timeout", ["detail": .string("a connection did not send its request in time: closed")])
    }

    // MARK: Helpers

    static func error(_ status: Int, _ code: String, _ detail: String, headers: [(String, String)] = []) -> HTTPAnswer {
        var answer = HTTPAnswer.json(
            status, JSONReport.error(RequestError(RequestError.Code(code), at: nil, detail), id: nil), headers: headers)
        answer.logFields = [("error", .string(code))]
        return answer
    }

    /// `application/json`, any case, with or without parameters (`; charset=utf-8`).
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let media = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        return media.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
    }
}

/// Whether the replay store can record, for `/healthz`: probed off the HTTP thread every second
/// (first before the server says it is listening) with a look-up that records nothing and then,
/// when the store has a recording probe, a write it rolls back; updated by every verification that
/// found the store unavailable, or recorded an acceptance. A change is logged (`replay-store`
/// event, with the log-safe reason).
///
/// `@unchecked Sendable`: `current` and `stopped` are guarded by `lock`.
final class ReplayHealth: @unchecked Sendable {
    enum State: Equatable {
        case ok
        /// The store does not answer (its reason).
        case unavailable(String)
        /// The store answers look-ups but refuses writes (its reason).
        case cannotRecord(String)
    }

    private let store: (any ReplayStore)?
    private let probe: (any ReplayRecordingProbe)?
    private let clock: @Sendable () -> Int64
    private let log: AccessLog?
    private let lock = NSLock()
    private var current = State.ok
    private var stopped = false

    init(
        store: (any ReplayStore)?, probe: (any ReplayRecordingProbe)? = nil, clock: @escaping @Sendable () -> Int64,
        log: AccessLog? = nil
    ) {
        self.store = store
        self.probe = probe
        self.clock = clock
        self.log = log
    }

    var state: State { lock.withLock { current } }
    func sawUnavailable() { set(.unavailable("a verification found the replay store unavailable")) }
    func sawRecorded() { set(.ok) }

    /// Probes once now, then every second on a thread of its own.
    func startProbing() {
        guard store != nil else { return }
        probeOnce()
        let thread = Thread { [self] in
            while !lock.withLock({ stopped }) {
                usleep(1_000_000)
                probeOnce()
            }
        }
        thread.name = "octet-replay-health"
        thread.start()
    }

    func stopProbing() { lock.withLock { stopped = true } }

    func probeOnce() {
        guard let store else { return }
        // A key no proof has (an identity and a proof id of all 0xFF), never recorded.
        let key = ReplayKey(
            proofIdentity: [UInt8](repeating: 0xFF, count: 32), proofId: [UInt8](repeating: 0xFF, count: 16),
            sessionNonce: nil)
        if case .unavailable(let reason) = store.check(key, record: false, atMilliseconds: clock()) {
            set(.unavailable(reason))
        } else if let reason = probe?.cannotRecord() {
            set(.cannotRecord(reason))
        } else {
            set(.ok)
        }
    }

    private func set(_ state: State) {
        let changed: Bool = lock.withLock {
            defer { current = state }
            return current != state
        }
        guard changed, let log else { return }
        switch state {
        case .ok: log.event("replay-store", ["level": .string("info"), "status": .string("ok")])
        case .unavailable(let reason):
            log.event(
                "replay-store",
                ["level": .string("error"), "status": .string("replay-store-unavailable"), "reason": .string(reason)])
        case .cannotRecord(let reason):
            log.event(
                "replay-store",
                ["level": .string("error"), "status": .string("replay-store-cannot-record"), "reason": .string(reason)])
        }
    }
}

/// The outcome of the SIGHUP reloads, for `/healthz` and `/metrics`: which files the last reload
/// could not load (their option and file name), and when a reload last loaded everything.
///
/// `@unchecked Sendable`: every field is guarded by `lock`.
final class ReloadStatus: @unchecked Sendable {
    struct FailedFile: Equatable, Sendable {
        /// The option naming the file (`--token-file`).
        let option: String
        /// The file's last path component (the operator's own name for it).
        let file: String
    }

    private let lock = NSLock()
    private var failed: [FailedFile] = []
    private var successes = 0
    private var failures = 0
    /// Unix seconds of the last reload that loaded every file (start-up counts as one).
    private var lastSuccess = Double(Date().timeIntervalSince1970)

    var failedFiles: [FailedFile] { lock.withLock { failed } }

    func record(failed files: [FailedFile], atSeconds now: Double) {
        lock.withLock {
            failed = files
            if files.isEmpty {
                successes += 1
                lastSuccess = now
            } else {
                failures += 1
            }
        }
    }

    /// (last reload loaded everything, its time, reloads that did, reloads that did not)
    var snapshot: (ok: Bool, lastSuccess: Double, successes: Int, failures: Int) {
        lock.withLock { (failed.isEmpty, lastSuccess, successes, failures) }
    }
}
