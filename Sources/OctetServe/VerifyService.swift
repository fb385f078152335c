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

    let metrics = ServiceMetrics()
    let health: ReplayHealth
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
        clock: @escaping @Sendable () -> Int64
    ) {
        self.verifier = verifier
        self.tokens = tokens
        self.requireTokens = tokens != nil
        self.maxBody = maxBody
        self.log = log
        self.clock = clock
        self.health = ReplayHealth(store: verifier.replayStore, clock: clock)
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
            let draining = lock.withLock { self.draining }
            if draining { return .json(503, #"{"status":"stopping"}"#, headers: [("Retry-After", "1")]) }
            if !health.reachable {
                return .json(503, #"{"status":"replay-store-unavailable"}"#, headers: [("Retry-After", "1")])
            }
            return .json(200, #"{"status":"ok"}"#)
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
            health.sawReachable()
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

/// Whether the replay store answers, for `/healthz`: probed off the HTTP thread every second
/// (a look-up that records nothing), and updated by every verification.
///
/// `@unchecked Sendable`: `state` is guarded by `lock`.
final class ReplayHealth: @unchecked Sendable {
    private let store: (any ReplayStore)?
    private let clock: @Sendable () -> Int64
    private let lock = NSLock()
    private var state = true
    private var stopped = false

    init(store: (any ReplayStore)?, clock: @escaping @Sendable () -> Int64) {
        self.store = store
        self.clock = clock
    }

    var reachable: Bool { lock.withLock { state } }
    func sawUnavailable() { lock.withLock { state = false } }
    func sawReachable() { lock.withLock { state = true } }

    func startProbing() {
        guard store != nil else { return }
        let thread = Thread { [self] in
            while !lock.withLock({ stopped }) {
                probe()
                usleep(1_000_000)
            }
        }
        thread.name = "octet-replay-health"
        thread.start()
    }

    func stopProbing() { lock.withLock { stopped = true } }

    private func probe() {
        guard let store else { return }
        // A key no proof has (an identity and a proof id of all 0xFF), never recorded.
        let key = ReplayKey(
            proofIdentity: [UInt8](repeating: 0xFF, count: 32), proofId: [UInt8](repeating: 0xFF, count: 16),
            sessionNonce: nil)
        if case .unavailable = store.check(key, record: false, atMilliseconds: clock()) {
            sawUnavailable()
        } else {
            sawReachable()
        }
    }
}
