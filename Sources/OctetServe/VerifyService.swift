import Dispatch
import Foundation
import Octet
import OctetBackend
import OctetCLI

/// The endpoints of `octet-verify serve` (service.md): `POST /v1/verify`, `GET /healthz`,
/// `GET /metrics`, their statuses, the access log and the metrics. HTTP itself is `HTTPServer`'s.
///
/// Every error answer is the error object of a malformed request with its own code
/// (`UNAUTHORIZED`, `NOT_FOUND`, …), so a caller reads one shape whatever went wrong.
///
/// `@unchecked Sendable`: `verifier`, `workerVerifiers` and `tokens` are swapped under `lock`
/// (SIGHUP); the rest is immutable or thread-safe.
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
    /// `--prune-every`'s horizon, when the server prunes its store: what a request may not outlast.
    private let pruning: PruningHorizon?
    private let lock = NSLock()
    private var verifier: Verifier
    /// The HTTP threads' own copies of `verifier` (`Verifier.forAnotherThread()`), for workers 1
    /// and up, made on first use: two threads verifying at once never count the references of one
    /// verifier's hint texts (docs/performance.md). Dropped when `verifier` is replaced.
    private var workerVerifiers: [Verifier] = []
    private var tokens: AccessTokens?
    private var draining = false

    init(
        verifier: Verifier, tokens: AccessTokens?, maxBody: Int, log: AccessLog,
        clock: @escaping @Sendable () -> Int64, budget: BufferBudget? = nil,
        recordingProbe: (any ReplayRecordingProbe)? = nil, pruning: PruningHorizon? = nil
    ) {
        self.pruning = pruning
        self.verifier = verifier
        self.tokens = tokens
        self.requireTokens = tokens != nil
        self.maxBody = maxBody
        self.log = log
        self.clock = clock
        self.health = ReplayHealth(store: verifier.replayStore, probe: recordingProbe, clock: clock, log: log)
        self.metrics = ServiceMetrics(
            budget: budget, reloads: reloads, version: Release.version, commit: BuildInfo.commit,
            anchors: verifier.anchorsFingerprint)
    }

    var currentVerifier: Verifier { lock.withLock { verifier } }
    /// The verifier in force, as HTTP thread `worker` uses it.
    func currentVerifier(worker: Int) -> Verifier {
        lock.withLock {
            guard worker > 0 else { return verifier }
            while workerVerifiers.count < worker { workerVerifiers.append(verifier.forAnotherThread()) }
            return workerVerifiers[worker - 1]
        }
    }
    func replace(verifier: Verifier) {
        lock.withLock {
            self.verifier = verifier
            workerVerifiers = []
        }
        metrics.setAnchors(verifier.anchorsFingerprint)
    }
    func replace(tokens: AccessTokens) { lock.withLock { self.tokens = tokens } }
    /// The tokens in force (0 without a token file).
    var tokenCount: Int { lock.withLock { tokens?.count ?? 0 } }
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
            let admission = lock.withLock { tokens?.admits(authorization: header("Authorization")) ?? .noToken }
            guard admission == .admitted else {
                var refused = Self.error(
                    401, "UNAUTHORIZED", "a bearer token from the server's token file is required",
                    headers: [("WWW-Authenticate", "Bearer")])
                refused.logFields.append(("auth", .string(admission.rawValue)))
                return .answer(refused)
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

    func answer(_ route: HTTPRoute.Accepted, body: [UInt8], worker: Int) -> HTTPAnswer {
        metrics.verificationStarted()
        defer { metrics.verificationFinished() }
        func invalid(_ error: RequestError, id: String?) -> HTTPAnswer {
            var bad = HTTPAnswer.json(400, JSONReport.error(error, id: id))
            bad.logFields = [("error", .string(error.code.rawValue))]
            if let field = error.logSafeField { bad.logFields.append(("field", .string(field))) }
            return bad
        }
        let answer: Verifier.Answer
        switch VerifyRequest.decode(body) {
        case .failure(let rejection): return invalid(rejection.error, id: rejection.id)
        case .success(let request):
            if let refusal = pruning?.refusal(request, now: clock()) { return invalid(refusal, id: request.id) }
            answer = .result(currentVerifier(worker: worker).verify(request, now: clock), id: request.id)
        }
        switch answer {
        case .rejected(let rejection):
            return invalid(rejection.error, id: rejection.id)
        case .result(let report, let id):
            if answer.replayStoreUnavailable {
                // Never a result that skipped a configured check: the caller retries.
                metrics.recordReplayStoreError()
                let detail = report.checks.first { $0.name == CheckName.replayUniqueness }?.detail
                health.sawUnavailable(detail ?? "a verification found the replay store unavailable")
                let error = RequestError(
                    .replayStoreUnavailable, at: nil,
                    "the replay store cannot be reached: nothing was recorded; retry")
                var unavailable = HTTPAnswer.json(503, JSONReport.error(error, id: id), headers: [("Retry-After", "1")])
                unavailable.logFields = [("error", .string(error.code.rawValue))]
                return unavailable
            }
            // One pass over the checks for the health probe and the log line, reading each
            // check's fields in place (a copy of a check retains its strings).
            var recorded = false
            var failing: [JSONOut] = []
            report.checks.withUnsafeBufferPointer { checks in
                for index in checks.indices {
                    switch checks[index].status {
                    case .fail: failing.append(.string(checks[index].name))
                    case .pass where report.verdict == .valid:
                        if checks[index].name == CheckName.replayUniqueness { recorded = true }
                    default: break
                    }
                }
            }
            // Only an acceptance the store recorded says it can record (a proof that is not
            // otherwise valid is looked up without recording, or never reaches the store).
            if recorded { health.sawRecorded() }
            metrics.record(verdict: report.verdict.name, checks: report.checks)
            // Written straight into the body's bytes (no `String` between: it would be checked as
            // UTF-8 and copied again), and the buffer's own storage handed over as the body.
            var json = JSONBuffer(capacity: 2048)
            answer.write(into: &json)
            var ok = HTTPAnswer(status: 200, contentType: "application/json", body: json.takeBytes())
            ok.logFields = [("verdict", .string(report.verdict.name)), ("failing", .array(failing))]
            return ok
        }
    }

    func tooLarge() -> HTTPAnswer {
        Self.error(413, "PAYLOAD_TOO_LARGE", "the body is larger than --max-body (\(maxBody) bytes)")
    }

    func stopping() -> HTTPAnswer? {
        guard lock.withLock({ draining }) else { return nil }
        return Self.error(
            503, "STOPPING", "the server is stopping: nothing was verified; retry on another instance",
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

    func answered(
        _ answer: HTTPAnswer, method: String, route: HTTPRoute.Accepted?, path: String, requestId: String,
        seconds: Double
    ) {
        metrics.record(status: answer.status, seconds: seconds)
        log.request(method: method, path: path, requestId: requestId, answer: answer, seconds: seconds)
    }

    func timedOut() {
        metrics.recordRequestTimeout()
        log.event("request-timeout", ["detail": .string("a connection did not send its request in time: closed")])
    }

    func bodyTooSlow() {
        metrics.recordSlowBody()
        log.event(
            "body-too-slow",
            ["detail": .string("a request body brought less than --min-body-rate while the server could read: closed")])
    }

    // MARK: Helpers

    static func error(_ status: Int, _ code: String, _ detail: String, headers: [(String, String)] = []) -> HTTPAnswer {
        var answer = HTTPAnswer.json(
            status, JSONReport.error(RequestError(RequestError.Code(code), at: nil, detail), id: nil), headers: headers)
        answer.logFields = [("error", .string(code))]
        return answer
    }

    /// `application/json`, any case, with or without parameters (`; charset=utf-8`).
    ///
    /// Read as bytes: the media type before any `;`, spaces and tabs around it ignored, compared
    /// ASCII case-insensitively (Foundation's trimming and lower-casing cost more than the rest
    /// of routing together).
    static func isJSON(_ contentType: String?) -> Bool {
        guard var contentType else { return false }
        return contentType.withUTF8 { bytes in
            var end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
            var start = 0
            func blank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
            while start < end, blank(bytes[start]) { start += 1 }
            while end > start, blank(bytes[end - 1]) { end -= 1 }
            let wanted = "application/json".utf8
            guard end - start == wanted.count else { return false }
            return zip(bytes[start..<end], wanted).allSatisfy { ($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) == $1 }
        }
    }
}

/// Whether the replay store can record, for `/healthz`: probed off the HTTP thread every second
/// (first before the server says it is listening) with a look-up that records nothing and then,
/// when the store has a recording probe, a write it rolls back; updated by every verification that
/// found the store unavailable, or recorded an acceptance.
///
/// An **outage** (any state but `ok`) is logged twice, whatever happens in between: a
/// `replay-store` line with `outage` `started` when it begins (`level` `error`, the store's
/// `status` and its first `reason`, credentials masked), and one with `outage` `ended` when the
/// store can record again (`level` `info`, the same `reason`, `since`, `until` and `durationMs`).
/// A store that flaps between "unavailable" and "cannot record" is one outage; the per-request
/// 503s are counted by `/metrics`, not logged again with a reason.
///
/// `@unchecked Sendable`: `current`, `outage` and `stopped` are guarded by `lock`.
final class ReplayHealth: @unchecked Sendable {
    enum State: Equatable {
        case ok
        /// The store does not answer (its reason).
        case unavailable(String)
        /// The store answers look-ups but refuses writes (its reason).
        case cannotRecord(String)

        var status: String {
            switch self {
            case .ok: "ok"
            case .unavailable: "replay-store-unavailable"
            case .cannotRecord: "replay-store-cannot-record"
            }
        }

        var reason: String? {
            switch self {
            case .ok: nil
            case .unavailable(let reason), .cannotRecord(let reason): reason
            }
        }
    }

    /// The outage in progress: when it began (Unix milliseconds), its first status and reason.
    private struct Outage {
        let since: Int64
        let status: String
        let reason: String
    }

    private let store: (any ReplayStore)?
    private let probe: (any ReplayRecordingProbe)?
    private let clock: @Sendable () -> Int64
    private let log: AccessLog?
    private let lock = NSLock()
    private var current = State.ok
    private var outage: Outage?
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
    func sawUnavailable(_ reason: String) { set(.unavailable(reason)) }
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
        let now = clock()
        // What to log, decided under the lock, written outside it.
        enum Change {
            case started(Outage)
            case ended(Outage)
        }
        let change: Change? = lock.withLock {
            current = state
            switch (outage, state.reason) {
            case (nil, let reason?):
                let started = Outage(since: now, status: state.status, reason: CredentialMask.mask(reason))
                outage = started
                return .started(started)
            case (let ended?, nil):
                outage = nil
                return .ended(ended)
            default:
                return nil
            }
        }
        guard let change, let log else { return }
        switch change {
        case .started(let outage):
            log.event(
                "replay-store",
                [
                    "level": .string("error"), "outage": .string("started"), "status": .string(outage.status),
                    "reason": .string(outage.reason), "since": .string(RFC3339.format(milliseconds: outage.since)),
                ])
        case .ended(let outage):
            log.event(
                "replay-store",
                [
                    "level": .string("info"), "outage": .string("ended"), "status": .string("ok"),
                    "reason": .string(outage.reason), "since": .string(RFC3339.format(milliseconds: outage.since)),
                    "until": .string(RFC3339.format(milliseconds: now)), "durationMs": .int(now - outage.since),
                ])
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
