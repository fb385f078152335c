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
    private var requestsByStatus: [Int: Int] = [:]
    private var verdicts: [String: Int] = [:]
    private var checkStatuses: [String: [String: Int]] = [:]
    private var latencyCounts = [Int](repeating: 0, count: latencyBuckets.count + 1)
    private var latencySum = 0.0
    private var latencyCount = 0
    private var replayStoreErrors = 0
    private var saturated = 0
    private var requestTimeouts = 0
    private var inFlight = 0
    private var overBudget = 0
    private var malformed = 0

    init(budget: BufferBudget? = nil, reloads: ReloadStatus? = nil) {
        self.budget = budget
        self.reloads = reloads
    }

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
            for check in checks { checkStatuses[check.name, default: [:]][check.status.wireTag, default: 0] += 1 }
        }
    }

    func recordReplayStoreError() { lock.withLock { replayStoreErrors += 1 } }
    func recordSaturated() { lock.withLock { saturated += 1 } }
    func recordOverBudget() { lock.withLock { overBudget += 1 } }
    func recordMalformed() { lock.withLock { malformed += 1 } }
    func recordRequestTimeout() { lock.withLock { requestTimeouts += 1 } }
    func verificationStarted() { lock.withLock { inFlight += 1 } }
    func verificationFinished() { lock.withLock { inFlight -= 1 } }

    /// The whole exposition, ending with a newline.
    func render() -> String {
        let buffered = budget.map { ($0.buffered, $0.limit) }
        let reload = reloads?.snapshot
        return lock.withLock {
            var out = ""
            func family(_ name: String, _ type: String, _ help: String) {
                out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
            }
            family("octet_http_requests_total", "counter", "HTTP requests answered, by status code.")
            for (status, count) in requestsByStatus.sorted(by: { $0.key < $1.key }) {
                out += "octet_http_requests_total{status=\"\(status)\"} \(count)\n"
            }
            family("octet_verifications_total", "counter", "Proofs verified and answered 200, by verdict.")
            for verdict in ["valid", "invalid", "inconclusive"] {
                out += "octet_verifications_total{verdict=\"\(verdict)\"} \(verdicts[verdict] ?? 0)\n"
            }
            family("octet_check_results_total", "counter", "Check outcomes of answered proofs, by check and status.")
            for (name, statuses) in checkStatuses.sorted(by: { $0.key < $1.key }) {
                for (status, count) in statuses.sorted(by: { $0.key < $1.key }) {
                    out += "octet_check_results_total{check=\"\(name)\",status=\"\(status)\"} \(count)\n"
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
            family(
                "octet_saturated_total", "counter", "Requests refused with 503 because the verification queue was full."
            )
            out += "octet_saturated_total \(saturated)\n"
            family("octet_request_timeouts_total", "counter", "Connections closed for not sending a request in time.")
            out += "octet_request_timeouts_total \(requestTimeouts)\n"
            family("octet_verifications_in_flight", "gauge", "Verifications queued or running.")
            out += "octet_verifications_in_flight \(inFlight)\n"
            family(
                "octet_http_malformed_total", "counter",
                "Requests refused unread for their framing or header fields (400) or target (414), connection closed.")
            out += "octet_http_malformed_total \(malformed)\n"
            if let (held, limit) = buffered {
                family(
                    "octet_buffered_request_bytes", "gauge",
                    "Bytes of request bodies reserved now (received, or announced by Content-Length, and not yet answered).")
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
