import Foundation
import Octet

/// What `GET /metrics` exposes, in the Prometheus text format (version 0.0.4). Every label value
/// comes from a closed set chosen here (status codes, verdict names, check names and statuses),
/// never from a request.
///
/// `@unchecked Sendable`: every field is guarded by `lock`.
final class ServiceMetrics: @unchecked Sendable {
    /// Upper bounds of the latency histogram, in seconds.
    static let latencyBuckets: [Double] = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

    private let budget: BufferBudget?
    private let reloads: ReloadStatus?
    private let lock = NSLock()
    // Unchecked for exclusivity at run time: `lock` already makes every access exclusive, and
    // each request updates these (`SHA256ContextPool` does the same).
    @exclusivity(unchecked) private var requestsByStatus: [Int: Int] = [:]
    @exclusivity(unchecked) private var verdicts: [String: Int] = [:]
    /// One row per check name seen: its outcomes by status (indexed as `OutcomeStatus.allCases`)
    /// and, for those with a reason code, by code. A request costs one look-up per check (its
    /// name), not one per check per label.
    private struct CheckRow {
        var statuses = [Int](repeating: 0, count: CheckStatus.allCases.count)
        /// By code (hashed as an enum case, not as its text).
        var codes: [ReasonCode: Int] = [:]
    }
    @exclusivity(unchecked) private var checkRows: [CheckRow] = []
    @exclusivity(unchecked) private var checkRowByName: [String: Int] = [:]
    /// The rows of the last answer's checks, in its order. The next answer almost always has the
    /// same checks in the same order, and a name compared with the one at its position (the same
    /// string, so equal at once) costs less than hashing it.
    @exclusivity(unchecked) private var lastOrder: [(name: String, row: Int)] = []

    /// `octet_build_info`'s labels: the release, the commit built from, the anchors in force.
    private let version: String
    private let commit: String
    private var anchors: String
    @exclusivity(unchecked) private var latencyCounts = [Int](repeating: 0, count: latencyBuckets.count + 1)
    @exclusivity(unchecked) private var latencySum = 0.0
    @exclusivity(unchecked) private var latencyCount = 0
    private var replayStoreErrors = 0
    private var requestTimeouts = 0
    private var slowBodies = 0
    @exclusivity(unchecked) private var inFlight = 0
    private var overBudget = 0
    private var malformed = 0

    init(
        budget: BufferBudget? = nil, reloads: ReloadStatus? = nil, version: String = "unknown",
        commit: String = "unknown", anchors: String = "unknown"
    ) {
        self.budget = budget
        self.reloads = reloads
        self.version = version
        self.commit = commit
        self.anchors = anchors
    }

    /// The anchors' fingerprint in force (start-up, and each SIGHUP that loaded anchors).
    func setAnchors(_ fingerprint: String) { lock.withLock { anchors = fingerprint } }

    func record(status: Int, seconds: Double) {
        lock.withLock {
            requestsByStatus[status, default: 0] += 1
            let bucket = Self.latencyBuckets.firstIndex { seconds <= $0 } ?? Self.latencyBuckets.count
            latencyCounts[bucket] += 1
            latencySum += seconds
            latencyCount += 1
        }
    }

    func record(verdict: String, checks: [ProofCheck]) {
        lock.withLock {
            verdicts[verdict, default: 0] += 1
            // Each check's fields read in place: a copy of a check retains its strings.
            checks.withUnsafeBufferPointer { checks in
                for position in checks.indices {
                    let name = checks[position].name
                    let row: Int
                    if position < lastOrder.count, lastOrder[position].name == name {
                        row = lastOrder[position].row
                    } else {
                        if let known = checkRowByName[name] {
                            row = known
                        } else {
                            row = checkRows.count
                            checkRows.append(CheckRow())
                            checkRowByName[name] = row
                        }
                        if position < lastOrder.count {
                            lastOrder[position] = (name, row)
                        } else {
                            lastOrder.append((name, row))
                        }
                    }
                    checkRows[row].statuses[Self.index(checks[position].status)] += 1
                    if let code = checks[position].code { checkRows[row].codes[code, default: 0] += 1 }
                }
            }
        }
    }

    private static func index(_ status: CheckStatus) -> Int {
        switch status {
        case .pass: 0
        case .fail: 1
        case .warn: 2
        case .notChecked: 3
        case .inconclusive: 4
        }
    }

    func recordReplayStoreError() { lock.withLock { replayStoreErrors += 1 } }
    func recordOverBudget() { lock.withLock { overBudget += 1 } }
    func recordMalformed() { lock.withLock { malformed += 1 } }
    func recordRequestTimeout() { lock.withLock { requestTimeouts += 1 } }
    func recordSlowBody() { lock.withLock { slowBodies += 1 } }
    func verificationStarted() { lock.withLock { inFlight += 1 } }
    func verificationFinished() { lock.withLock { inFlight -= 1 } }

    /// A label value escaped as the text format wants (backslash, quote, newline); ours never hold
    /// them, this keeps a strange build string from breaking the exposition.
    static func label(_ text: String) -> String {
        var out = ""
        for character in text.unicodeScalars {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// The whole exposition, ending with a newline.
    func render() -> String {
        let buffered = budget.map { ($0.buffered, $0.limit) }
        let reload = reloads?.snapshot
        return lock.withLock {
            var out = ""
            func family(_ name: String, _ type: String, _ help: String) {
                out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
            }
            family(
                "octet_build_info", "gauge",
                "1, labelled with the release, the commit built from and the fingerprint of the trust anchors in force."
            )
            out +=
                "octet_build_info{version=\"\(Self.label(version))\",commit=\"\(Self.label(commit))\",anchors=\"\(Self.label(anchors))\"} 1\n"
            family("octet_http_requests_total", "counter", "HTTP requests answered, by status code.")
            for (status, count) in requestsByStatus.sorted(by: { $0.key < $1.key }) {
                out += "octet_http_requests_total{status=\"\(status)\"} \(count)\n"
            }
            family("octet_verifications_total", "counter", "Proofs verified and answered 200, by verdict.")
            for verdict in ["valid", "invalid", "inconclusive"] {
                out += "octet_verifications_total{verdict=\"\(verdict)\"} \(verdicts[verdict] ?? 0)\n"
            }
            family("octet_check_results_total", "counter", "Check outcomes of answered proofs, by check and status.")
            let rows = checkRowByName.sorted { $0.key < $1.key }
            let statuses: [CheckStatus] = [.pass, .fail, .warn, .notChecked, .inconclusive]
            for (name, row) in rows {
                for (status, count) in statuses.map({ ($0.wireTag, checkRows[row].statuses[Self.index($0)]) })
                    .sorted(by: { $0.0 < $1.0 }) where count > 0
                {
                    out += "octet_check_results_total{check=\"\(name)\",status=\"\(status)\"} \(count)\n"
                }
            }
            family(
                "octet_check_codes_total", "counter",
                "Check outcomes of answered proofs that carry a reason code, by check and code (docs/checks.md).")
            for (name, row) in rows {
                let codes = checkRows[row].codes.map { (code: $0.key.rawValue, count: $0.value) }
                for (code, count) in codes.sorted(by: { $0.code < $1.code }) {
                    out += "octet_check_codes_total{check=\"\(name)\",code=\"\(code)\"} \(count)\n"
                }
            }
            family("octet_http_request_duration_seconds", "histogram", "Time from a request's headers to its answer.")
            var cumulative = 0
            for (index, bound) in Self.latencyBuckets.enumerated() {
                cumulative += latencyCounts[index]
                out += "octet_http_request_duration_seconds_bucket{le=\"\(bound)\"} \(cumulative)\n"
            }
            cumulative += latencyCounts[Self.latencyBuckets.count]
            out += "octet_http_request_duration_seconds_bucket{le=\"+Inf\"} \(cumulative)\n"
            out += "octet_http_request_duration_seconds_sum \(latencySum)\n"
            out += "octet_http_request_duration_seconds_count \(latencyCount)\n"
            family(
                "octet_replay_store_errors_total", "counter", "Verifications the replay store could not answer (503).")
            out += "octet_replay_store_errors_total \(replayStoreErrors)\n"
            family("octet_request_timeouts_total", "counter", "Connections closed for not sending a request in time.")
            out += "octet_request_timeouts_total \(requestTimeouts)\n"
            family(
                "octet_slow_bodies_total", "counter", "Connections closed for a body slower than --min-body-rate.")
            out += "octet_slow_bodies_total \(slowBodies)\n"
            family("octet_verifications_in_flight", "gauge", "Verifications queued or running.")
            out += "octet_verifications_in_flight \(inFlight)\n"
            family(
                "octet_http_malformed_total", "counter",
                "Requests refused unread for their framing or header fields (400) or target (414), connection closed.")
            out += "octet_http_malformed_total \(malformed)\n"
            if let (held, limit) = buffered {
                family(
                    "octet_buffered_request_bytes", "gauge",
                    "Bytes of request bodies reserved now (received, or announced by Content-Length, and not yet answered)."
                )
                out += "octet_buffered_request_bytes \(held)\n"
                family("octet_buffered_request_bytes_limit", "gauge", "--max-buffered-bytes.")
                out += "octet_buffered_request_bytes_limit \(limit)\n"
                family(
                    "octet_buffer_budget_refusals_total", "counter",
                    "Requests refused with 503 SATURATED because their body did not fit --max-buffered-bytes.")
                out += "octet_buffer_budget_refusals_total \(overBudget)\n"
            }
            if let reload {
                family(
                    "octet_config_last_reload_successful", "gauge",
                    "1 when the last SIGHUP reload loaded every file (or none was made), 0 when one kept the previous.")
                out += "octet_config_last_reload_successful \(reload.ok ? 1 : 0)\n"
                family(
                    "octet_config_last_reload_success_timestamp_seconds", "gauge",
                    "When the configuration was last loaded whole (start-up, or a SIGHUP that loaded every file).")
                out += "octet_config_last_reload_success_timestamp_seconds \(Int64(reload.lastSuccess))\n"
                family("octet_config_reloads_total", "counter", "SIGHUP reloads, by whether every file loaded.")
                out += "octet_config_reloads_total{result=\"ok\"} \(reload.successes)\n"
                out += "octet_config_reloads_total{result=\"failed\"} \(reload.failures)\n"
            }
            return out
        }
    }
}
