import CMicroHTTPD
import Dispatch
import Foundation
import OctetBackend
import OctetHTTPShim

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One answer to send: a status, a body and its headers.
struct HTTPAnswer: Sendable, Equatable {
    var status: Int
    var contentType: String
    var body: [UInt8]
    var headers: [(String, String)] = []
    /// What the access log may say about the answer (a verdict, failing check names, an error code).
    var logFields: [(String, JSONOut)] = []

    static func == (lhs: HTTPAnswer, rhs: HTTPAnswer) -> Bool {
        lhs.status == rhs.status && lhs.contentType == rhs.contentType && lhs.body == rhs.body
            && lhs.headers.map { $0.0 + ":" + $0.1 } == rhs.headers.map { $0.0 + ":" + $0.1 }
    }

    static func json(_ status: Int, _ text: String, headers: [(String, String)] = []) -> HTTPAnswer {
        HTTPAnswer(status: status, contentType: "application/json", body: Array(text.utf8), headers: headers)
    }
}

/// What the server asks of the service: where a request goes once its headers are in, and the
/// answer once its body is.
protocol HTTPService: AnyObject, Sendable {
    /// Called on the HTTP thread with the request line and headers. An answer is sent at once
    /// (the body, if any, is not read); a route asks for the body.
    func route(method: String, path: String, header: (String) -> String?) -> HTTPRoute
    /// Called on a verification thread with the whole body.
    func answer(_ route: HTTPRoute.Accepted, body: [UInt8]) -> HTTPAnswer
    /// Answers that need no verification thread (`/healthz`, `/metrics`), on the HTTP thread.
    func answerAtOnce(_ route: HTTPRoute.Accepted) -> HTTPAnswer?
    /// The body was larger than allowed.
    func tooLarge() -> HTTPAnswer
    /// No verification thread is free and the queue is full.
    func saturated() -> HTTPAnswer
    /// Every answer, for the access log and the metrics.
    func answered(_ answer: HTTPAnswer, method: String, route: HTTPRoute.Accepted?, path: String, seconds: Double)
    /// A connection was closed for not sending its request within the deadline.
    func timedOut()
}

enum HTTPRoute: Sendable {
    struct Accepted: Sendable, Equatable {
        /// A name for logs and metrics: one of the service's paths.
        var name: String
        /// Bytes of body allowed.
        var maxBody: Int
    }

    case accept(Accepted)
    case answer(HTTPAnswer)
}

/// GNU libmicrohttpd behind a small Swift face (no HTTP parsing here: MHD parses and bounds the
/// request line, headers and body framing).
///
/// One MHD thread does all network I/O (epoll). A request's body is collected there, bounded by
/// its route; only a whole body is handed to the verification pool, with the connection
/// suspended meanwhile and resumed with the answer. A client that sends slowly therefore holds a
/// connection slot, never a verification thread, and a watchdog closes a connection whose request
/// is not complete within `requestTimeout`.
///
/// `@unchecked Sendable`: `daemon` is set before MHD starts calling back and read-only after;
/// the watch table is guarded by `watchLock`.
final class HTTPServer: @unchecked Sendable {
    struct Settings: Sendable {
        var address: ListenAddress
        var requestTimeoutSeconds: UInt32 = 30
        var connectionLimit: UInt32 = 1000
        var perIPConnectionLimit: UInt32 = 64
        /// MHD's per-connection pool: the request line and every header must fit.
        var headerMemory: Int = 32 << 10
        var backlog: UInt32 = 1024
    }

    let service: any HTTPService
    let pool: VerificationPool
    let settings: Settings
    private var daemon: OpaquePointer?
    private(set) var port: UInt16 = 0

    private let watchLock = NSLock()
    /// Connections by socket: when their current request started waiting, nil while one is being answered.
    private var watched: [Int32: UInt64?] = [:]
    private var exchangesOpen = 0
    private var stopping = false
    private let watchdogEnded = DispatchSemaphore(value: 0)

    init(service: any HTTPService, pool: VerificationPool, settings: Settings) {
        self.service = service
        self.pool = pool
        self.settings = settings
    }

    enum StartError: Error { case cannotListen }

    func start() throws(StartError) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        let started: OpaquePointer? = settings.address.withSockAddr { address in
            var c = octet_http_settings(
                address: address, ipv6: settings.address.isIPv6 ? 1 : 0,
                connection_timeout_seconds: settings.requestTimeoutSeconds,
                connection_limit: settings.connectionLimit, per_ip_connection_limit: settings.perIPConnectionLimit,
                connection_memory_limit: settings.headerMemory, listen_backlog: settings.backlog)
            return octet_http_start(&c, accessHandler, requestCompleted, connectionNotified, context)
        }
        guard let started else { throw .cannotListen }
        daemon = started
        port = octet_http_bound_port(started)
        // Not kept: the thread holds the server until `stop()` ends it (keeping it would be a cycle).
        let thread = Thread { [self] in watch() }
        thread.name = "octet-http-watchdog"
        thread.start()
    }

    /// Stops accepting, lets every request in flight be answered (up to `graceSeconds`), then stops.
    func stop(graceSeconds: Double = 10) {
        guard let daemon else { return }
        let listener = MHD_quiesce_daemon(daemon)
        pool.drain()
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(graceSeconds * 1e9)
        while watchLock.withLock({ exchangesOpen }) > 0, DispatchTime.now().uptimeNanoseconds < deadline {
            usleep(10_000)
        }
        watchLock.withLock { stopping = true }
        // The watchdog holds the server: let it end, so that everything is released before exit.
        _ = watchdogEnded.wait(timeout: .now() + 2)
        MHD_stop_daemon(daemon)
        if listener >= 0 { close(listener) }
        self.daemon = nil
    }

    // MARK: Called by MHD (on its thread)

    fileprivate func access(
        connection: OpaquePointer, url: String, method: String, upload: UnsafePointer<CChar>?,
        uploadSize: UnsafeMutablePointer<Int>, state: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let raw = state.pointee else {
            // Headers are in: route the request.
            let exchange = Exchange(method: method, path: url)
            state.pointee = Unmanaged.passRetained(exchange).toOpaque()
            watchLock.withLock { exchangesOpen += 1 }
            let header: (String) -> String? = { name in
                MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
            }
            switch service.route(method: method, path: url, header: header) {
            case .answer(let answer):
                return send(answer, exchange: exchange, connection: connection)
            case .accept(let route):
                exchange.route = route
                if let length = header("Content-Length").flatMap({ Int($0) }), length > route.maxBody {
                    return send(service.tooLarge(), exchange: exchange, connection: connection)
                }
                return .YES
            }
        }
        let exchange = Unmanaged<Exchange>.fromOpaque(raw).takeUnretainedValue()
        guard let route = exchange.route else { return .NO }
        if uploadSize.pointee > 0 {
            let count = uploadSize.pointee
            uploadSize.pointee = 0
            if exchange.body.count + count <= route.maxBody, let upload {
                upload.withMemoryRebound(to: UInt8.self, capacity: count) {
                    exchange.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
                }
            } else {
                // Over the limit without a Content-Length (chunked): keep nothing more, answer 413
                // once the body ends; close if it goes on past twice the limit.
                exchange.overflow += count
                exchange.body = []
                if exchange.overflow > route.maxBody { return .NO }
            }
            return .YES
        }
        // The whole request is in.
        markAnswering(connection)
        if let answer = exchange.takeAnswer() {
            return send(answer, exchange: exchange, connection: connection)
        }
        if exchange.overflow > 0 { return send(service.tooLarge(), exchange: exchange, connection: connection) }
        if let answer = service.answerAtOnce(route) {
            return send(answer, exchange: exchange, connection: connection)
        }
        guard !exchange.submitted else { return .YES }
        guard pool.reserve() else { return send(service.saturated(), exchange: exchange, connection: connection) }
        exchange.submitted = true
        MHD_suspend_connection(connection)
        let body = exchange.body
        exchange.body = []
        let service = service
        let suspended = SuspendedConnection(pointer: connection)
        pool.submit {
            exchange.setAnswer(service.answer(route, body: body))
            MHD_resume_connection(suspended.pointer)
        }
        return .YES
    }

    private func send(_ answer: HTTPAnswer, exchange: Exchange, connection: OpaquePointer) -> MHD_Result {
        let response = answer.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let response else { return .NO }
        defer { MHD_destroy_response(response) }
        _ = MHD_add_response_header(response, "Content-Type", answer.contentType)
        for (name, value) in answer.headers { _ = MHD_add_response_header(response, name, value) }
        let result = MHD_queue_response(connection, UInt32(answer.status), response)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - exchange.started) / 1e9
        service.answered(answer, method: exchange.method, route: exchange.route, path: exchange.path, seconds: seconds)
        return result
    }

    fileprivate func completed(state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, connection: OpaquePointer?) {
        if let raw = state?.pointee {
            Unmanaged<Exchange>.fromOpaque(raw).release()
            state?.pointee = nil
            watchLock.withLock { exchangesOpen -= 1 }
        }
        // A kept-alive connection now waits for its next request: its clock starts again.
        if let connection {
            let fd = octet_http_connection_fd(connection)
            watchLock.withLock { if watched[fd] != nil { watched[fd] = .some(DispatchTime.now().uptimeNanoseconds) } }
        }
    }

    fileprivate func connection(_ connection: OpaquePointer?, started: Bool) {
        guard let connection else { return }
        let fd = octet_http_connection_fd(connection)
        guard fd >= 0 else { return }
        watchLock.withLock {
            if started {
                watched[fd] = .some(DispatchTime.now().uptimeNanoseconds)
            } else {
                watched[fd] = nil
            }
        }
    }

    private func markAnswering(_ connection: OpaquePointer) {
        let fd = octet_http_connection_fd(connection)
        watchLock.withLock { if watched[fd] != nil { watched[fd] = .some(nil) } }
    }

    /// Closes (shuts down) connections whose request has not fully arrived in time. MHD notices
    /// the shut socket and closes the connection itself. Safe against a reused descriptor: MHD
    /// reports a connection closed (removing it here, under the same lock) before it closes the socket.
    private func watch() {
        defer { watchdogEnded.signal() }
        let limit = UInt64(settings.requestTimeoutSeconds) * 1_000_000_000
        while true {
            usleep(250_000)
            let now = DispatchTime.now().uptimeNanoseconds
            var expired = 0
            let done: Bool = watchLock.withLock {
                if stopping { return true }
                for (fd, since) in watched {
                    guard let since = since, now > since, now - since > limit else { continue }
                    shutdown(fd, Int32(SHUT_RDWR))
                    watched[fd] = .some(nil)
                    expired += 1
                }
                return false
            }
            for _ in 0..<expired { service.timedOut() }
            if done { return }
        }
    }
}

/// A suspended connection handed to the thread that resumes it; MHD allows resuming from any thread.
private struct SuspendedConnection: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// One request's state between MHD's calls: collected on the HTTP thread; the answer is set by a
/// verification thread before it resumes the connection, and read on the HTTP thread after.
/// `@unchecked Sendable`: `answer` is guarded by `lock`; the rest is touched on the HTTP thread only.
private final class Exchange: @unchecked Sendable {
    let method: String
    let path: String
    let started = DispatchTime.now().uptimeNanoseconds
    var route: HTTPRoute.Accepted?
    var body: [UInt8] = []
    var overflow = 0
    var submitted = false
    private let lock = NSLock()
    private var answer: HTTPAnswer?

    init(method: String, path: String) {
        self.method = method
        self.path = path
    }

    func setAnswer(_ value: HTTPAnswer) { lock.withLock { answer = value } }
    func takeAnswer() -> HTTPAnswer? {
        lock.withLock {
            defer { answer = nil }
            return answer
        }
    }
}

// MARK: C callbacks

private func server(_ context: UnsafeMutableRawPointer?) -> HTTPServer? {
    context.map { Unmanaged<HTTPServer>.fromOpaque($0).takeUnretainedValue() }
}

private func accessHandler(
    context: UnsafeMutableRawPointer?, connection: OpaquePointer?, url: UnsafePointer<CChar>?,
    method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?, upload: UnsafePointer<CChar>?,
    uploadSize: UnsafeMutablePointer<Int>?, state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let server = server(context), let connection, let url, let method, let uploadSize, let state else {
        return .NO
    }
    return server.access(
        connection: connection, url: String(cString: url), method: String(cString: method), upload: upload,
        uploadSize: uploadSize, state: state)
}

private func requestCompleted(
    context: UnsafeMutableRawPointer?, connection: OpaquePointer?,
    state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, code: MHD_RequestTerminationCode
) {
    server(context)?.completed(state: state, connection: connection)
}

private func connectionNotified(
    context: UnsafeMutableRawPointer?, connection: OpaquePointer?,
    socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, code: MHD_ConnectionNotificationCode
) {
    server(context)?.connection(connection, started: code == .CONNECTION_NOTIFY_STARTED)
}
