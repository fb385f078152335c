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
    /// Called on the connection's HTTP thread with the whole body: the verification runs there.
    /// `worker`: which HTTP thread calls (0 up to the server's `workers`), for state kept per thread.
    func answer(_ route: HTTPRoute.Accepted, body: [UInt8], worker: Int) -> HTTPAnswer
    /// Answers that need no verification thread (`/healthz`, `/metrics`), on the HTTP thread.
    func answerAtOnce(_ route: HTTPRoute.Accepted) -> HTTPAnswer?
    /// The body was larger than allowed.
    func tooLarge() -> HTTPAnswer
    /// The server is stopping: a request taken in from now on is answered this (503 `STOPPING`);
    /// nil while it is not.
    func stopping() -> HTTPAnswer?
    /// The body does not fit the memory budget (`--max-buffered-bytes`).
    func overBudget() -> HTTPAnswer
    /// The request's framing is ambiguous or its header fields malformed (`FramingDefect`).
    func malformed(_ defect: FramingDefect) -> HTTPAnswer
    /// The request target is longer, or has more query arguments, than the server takes.
    func targetTooLong() -> HTTPAnswer
    /// Every answer, for the access log and the metrics. `requestId`: the caller's safe
    /// `X-Request-Id` or a generated one, echoed in the answer's header of that name.
    func answered(
        _ answer: HTTPAnswer, method: String, route: HTTPRoute.Accepted?, path: String, requestId: String,
        seconds: Double)
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
/// `workers` libmicrohttpd daemons, each with one internal thread (epoll) that does the network
/// I/O of its connections **and verifies their requests**: no hand-over between threads, so a
/// request costs one wake-up of one thread. The server owns the listening socket; one accepting
/// thread hands each new connection to the daemon with the fewest, and enforces the connection
/// limits over all of them (MHD's own limits are per daemon).
///
/// Once a request's headers are in, its framing is checked (`FramingDefect`: what MHD 0.9.75 lets
/// through that two readers could read two ways); its body is then collected, bounded by its route
/// and by the `BufferBudget` shared by every connection; only a whole body is verified. A client
/// that sends slowly therefore holds a connection slot, never a verification, and a watchdog
/// closes a connection whose request is not complete within `requestTimeout`. While a daemon's
/// thread verifies, its other connections wait (in the kernel's socket buffers, bounded by the
/// connection limits): the queue in front of verification is the connections themselves.
///
/// `@unchecked Sendable`: `daemons`, `daemonContexts` and `listener` are set before any connection is accepted and
/// read-only after; the connection and watch tables are guarded by `watchLock`.
final class HTTPServer: @unchecked Sendable {
    struct Settings: Sendable {
        var address: ListenAddress
        var requestTimeoutSeconds: UInt32 = 30
        var connectionLimit: UInt32 = 1000
        var perIPConnectionLimit: UInt32 = 64
        /// MHD's per-connection pool: the request line and every header must fit.
        var headerMemory: Int = 32 << 10
        var backlog: UInt32 = 1024
        /// HTTP threads, each verifying its connections' requests (`--threads`).
        var workers: Int = 1
    }

    /// The longest request target (path and query) answered other than 414.
    static let maxTargetBytes = 8 << 10
    /// The most query arguments (`&`-separated pieces after `?`) answered other than 414.
    static let maxQueryArguments = 32

    let service: any HTTPService
    let settings: Settings
    let budget: BufferBudget
    let requestIds = RequestIdGenerator()
    private var daemons: [OpaquePointer] = []
    /// What each daemon's callbacks are given (`DaemonContext`), held as long as the daemons run.
    private var daemonContexts: [DaemonContext] = []
    private var listener: Int32 = -1
    private(set) var port: UInt16 = 0

    private let watchLock = NSLock()
    /// Connections by socket: when their current request started waiting, nil while one is being answered.
    private var watched: [Int32: UInt64?] = [:]
    /// Connections by socket: the daemon that has it and the client's address (for the limits).
    private var connections: [Int32: (daemon: Int, client: [UInt8])] = [:]
    private var connectionsPerDaemon: [Int] = []
    private var connectionsPerClient: [[UInt8]: Int] = [:]
    private var exchangesOpen = 0
    private var stopping = false
    private let watchdogEnded = DispatchSemaphore(value: 0)
    private let acceptorEnded = DispatchSemaphore(value: 0)

    /// `budget`: what request bodies may hold, over every connection (`--max-buffered-bytes`).
    init(service: any HTTPService, budget: BufferBudget, settings: Settings) {
        self.service = service
        self.budget = budget
        self.settings = settings
    }

    enum StartError: Error {
        /// The address cannot be listened on: the system's reason (`Address already in use`).
        case cannotListen(String)
        /// libmicrohttpd did not start.
        case cannotStart
    }

    func start() throws(StartError) {
        let fd = settings.address.withSockAddr { address in
            octet_http_listen(address, settings.address.isIPv6 ? 1 : 0, settings.backlog)
        }
        guard fd >= 0 else { throw .cannotListen(String(cString: strerror(errno))) }
        for index in 0..<max(1, settings.workers) {
            let daemonContext = DaemonContext(server: self, index: index)
            daemonContexts.append(daemonContext)
            let context = Unmanaged.passUnretained(daemonContext).toOpaque()
            let started: OpaquePointer? = settings.address.withSockAddr { address in
                var c = octet_http_settings(
                    address: address, ipv6: settings.address.isIPv6 ? 1 : 0,
                    connection_timeout_seconds: settings.requestTimeoutSeconds,
                    connection_limit: settings.connectionLimit, per_ip_connection_limit: settings.perIPConnectionLimit,
                    connection_memory_limit: settings.headerMemory, listen_backlog: settings.backlog)
                return octet_http_start_worker(
                    &c, accessHandler, requestCompleted, connectionNotified, uriLogged, context)
            }
            guard let started else {
                daemons.forEach { MHD_stop_daemon($0) }
                daemons = []
                daemonContexts = []
                close(fd)
                throw .cannotStart
            }
            daemons.append(started)
        }
        connectionsPerDaemon = [Int](repeating: 0, count: daemons.count)
        listener = fd
        port = octet_http_socket_port(fd)
        // Not kept: the threads hold the server until `stop()` ends them (keeping them would be a cycle).
        let watchdog = Thread { [self] in watch() }
        watchdog.name = "octet-http-watchdog"
        watchdog.start()
        let acceptor = Thread { [self] in acceptConnections() }
        acceptor.name = "octet-http-accept"
        acceptor.start()
    }

    /// Stops accepting, lets every request in flight be answered (up to `graceSeconds`), then stops.
    func stop(graceSeconds: Double = 10) {
        guard listener >= 0 else { return }
        // Ends the accepting thread's accept(2) (EINVAL), then the socket: nothing new comes in.
        shutdown(listener, Int32(SHUT_RDWR))
        _ = acceptorEnded.wait(timeout: .now() + 2)
        close(listener)
        listener = -1
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(graceSeconds * 1e9)
        while watchLock.withLock({ exchangesOpen }) > 0, DispatchTime.now().uptimeNanoseconds < deadline {
            usleep(10_000)
        }
        watchLock.withLock { stopping = true }
        // The watchdog holds the server: let it end, so that everything is released before exit.
        _ = watchdogEnded.wait(timeout: .now() + 2)
        daemons.forEach { MHD_stop_daemon($0) }
        daemons = []
        daemonContexts = []
    }

    /// Requests begun and not yet ended (for the `stopped` log line).
    var openExchanges: Int { watchLock.withLock { exchangesOpen } }

    /// The accepting thread: each connection goes to the daemon with the fewest, unless it is over
    /// the connection limit or its client's (closed at once, as libmicrohttpd would).
    private func acceptConnections() {
        defer { acceptorEnded.signal() }
        var address = sockaddr_storage()
        var length = socklen_t(0)
        while true {
            let fd = octet_http_accept(listener, &address, &length)
            if fd < 0 {
                switch errno {
                case EINTR, ECONNABORTED, EPROTO: continue
                // Out of descriptors or memory: a moment later some may be free.
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    usleep(10_000)
                    continue
                default: return  // EINVAL: shut down by `stop()`
                }
            }
            let client = Self.clientKey(&address)
            let daemon: Int? = watchLock.withLock {
                if let old = connections[fd] { forget(fd, old) }
                guard connections.count < Int(settings.connectionLimit),
                    connectionsPerClient[client, default: 0] < Int(settings.perIPConnectionLimit),
                    let least = connectionsPerDaemon.indices.min(by: {
                        connectionsPerDaemon[$0] < connectionsPerDaemon[$1]
                    })
                else { return nil }
                connections[fd] = (least, client)
                connectionsPerDaemon[least] += 1
                connectionsPerClient[client, default: 0] += 1
                return least
            }
            guard let daemon else {
                close(fd)
                continue
            }
            if octet_http_add_connection(daemons[daemon], fd, &address, length) != .YES {
                // MHD closed the socket; its number may not have been reused yet (only this thread accepts).
                watchLock.withLock { if let entry = connections[fd] { forget(fd, entry) } }
            }
        }
    }

    /// Drops a connection from the tables (called with `watchLock` held).
    private func forget(_ fd: Int32, _ entry: (daemon: Int, client: [UInt8])) {
        connections[fd] = nil
        connectionsPerDaemon[entry.daemon] -= 1
        let remaining = connectionsPerClient[entry.client, default: 1] - 1
        connectionsPerClient[entry.client] = remaining > 0 ? remaining : nil
    }

    /// The client's address bytes (IPv4 or IPv6), without the port: what the per-client limit counts.
    private static func clientKey(_ address: inout sockaddr_storage) -> [UInt8] {
        let family = Int32(address.ss_family)
        return withUnsafeBytes(of: &address) { raw in
            switch family {
            case AF_INET:
                // sin_addr: 4 bytes at offset 4 of sockaddr_in.
                return Array(raw[4..<8])
            case AF_INET6:
                // sin6_addr: 16 bytes at offset 8 of sockaddr_in6.
                return Array(raw[8..<24])
            default:
                return []
            }
        }
    }

    // MARK: Called by MHD (on its thread)

    /// The request line is in (MHD calls this before it splits the query or reads a header): a new
    /// exchange, which notes a target too long or with too many arguments for the first call of
    /// `access` to answer 414.
    fileprivate func uriSeen(_ uri: UnsafePointer<CChar>) -> UnsafeMutableRawPointer {
        let exchange = Exchange()
        let length = strlen(uri)
        exchange.target = uri
        exchange.targetLength = length
        var arguments = 0
        if let question = strchr(uri, Int32(UInt8(ascii: "?"))) {
            arguments = 1
            var cursor = question + 1
            while cursor.pointee != 0, arguments <= Self.maxQueryArguments {
                if cursor.pointee == CChar(UInt8(ascii: "&")) { arguments += 1 }
                cursor += 1
            }
        }
        if length > Self.maxTargetBytes || arguments > Self.maxQueryArguments {
            exchange.targetTooLong = true
            // MHD would store every argument in the connection's 32 KiB next: keep it from trying.
            octet_http_drop_query(uri)
        }
        watchLock.withLock { exchangesOpen += 1 }
        return Unmanaged.passRetained(exchange).toOpaque()
    }

    /// `methodPointer` and `versionPointer`: MHD's own strings, in its read buffer (for
    /// `FramingDefect.layoutDefect`).
    /// `urlPointer`: the path as MHD gives it; read as text only once, when the headers are in.
    /// `daemon`: the index of the daemon whose thread calls (`HTTPService.answer`'s `worker`).
    fileprivate func access(
        daemon: Int,
        connection: OpaquePointer, urlPointer: UnsafePointer<CChar>, methodPointer: UnsafePointer<CChar>,
        versionPointer: UnsafePointer<CChar>, upload: UnsafePointer<CChar>?,
        uploadSize: UnsafeMutablePointer<Int>, state: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        let exchange: Exchange
        if let raw = state.pointee {
            exchange = Unmanaged<Exchange>.fromOpaque(raw).takeUnretainedValue()
        } else {
            // Not seen by `uriSeen` (MHD calls it for every request; kept for safety).
            exchange = Exchange()
            state.pointee = Unmanaged.passRetained(exchange).toOpaque()
            watchLock.withLock { exchangesOpen += 1 }
        }
        guard exchange.routed else {
            // Headers are in: check the framing, then route the request.
            exchange.routed = true
            let method = String(cString: methodPointer)
            let url = String(cString: urlPointer)
            exchange.method = method
            exchange.path = url
            if exchange.targetTooLong {
                exchange.requestId = requestIds.make()
                return send(service.targetTooLong(), exchange: exchange, connection: connection, close: true)
            }
            let fields = HeaderFields(connection)
            exchange.requestId = RequestId.fromCaller(fields) ?? requestIds.make()
            let layout = FramingDefect.layoutDefect(
                method: methodPointer, blockSize: octet_http_header_block_size(connection), target: exchange.target,
                targetLength: exchange.targetLength, version: versionPointer, fields: fields.all)
            exchange.target = nil
            if let defect = layout ?? FramingDefect.find(in: fields.all) {
                return send(service.malformed(defect), exchange: exchange, connection: connection, close: true)
            }
            let header: (String) -> String? = { name in fields.value(name) }
            switch service.route(method: method, path: url, header: header) {
            case .answer(let answer):
                return send(answer, exchange: exchange, connection: connection, close: fields.announcesBody)
            case .accept(let route):
                exchange.route = route
                if let length = fields.contentLength {
                    if length > route.maxBody {
                        return send(service.tooLarge(), exchange: exchange, connection: connection, close: true)
                    }
                    // The whole body is reserved before a byte of it is read.
                    if length > 0 {
                        guard budget.reserve(length) else {
                            return send(service.overBudget(), exchange: exchange, connection: connection, close: true)
                        }
                        exchange.reserved = length
                        exchange.body.reserveCapacity(length)
                    }
                }
                return .YES
            }
        }
        guard let route = exchange.route else { return .NO }
        if uploadSize.pointee > 0 {
            let count = uploadSize.pointee
            uploadSize.pointee = 0
            exchange.received += count
            if !exchange.dropping, exchange.received <= route.maxBody, let upload {
                let needed = exchange.body.count + count
                if needed > exchange.reserved {
                    // A chunked body (MHD never passes more than a Content-Length): reserve as the
                    // buffer grows, doubling, never past --max-body.
                    let target = min(route.maxBody, max(needed, exchange.reserved * 2, 64 << 10))
                    if budget.reserve(target - exchange.reserved) {
                        exchange.reserved = target
                        exchange.body.reserveCapacity(target)
                    } else {
                        // Keep nothing more; answer 503 once the body ends (MHD 0.9.75 takes no
                        // answer mid-body).
                        exchange.overBudget = true
                        exchange.dropping = true
                        exchange.discard(budget)
                        return .YES
                    }
                }
                upload.withMemoryRebound(to: UInt8.self, capacity: count) {
                    exchange.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
                }
            } else {
                // Over --max-body without a Content-Length (chunked), or over the budget: keep
                // nothing more, answer once the body ends; close if it goes on past twice the limit.
                exchange.dropping = true
                exchange.discard(budget)
                if exchange.received > 2 * route.maxBody { return .NO }
            }
            return .YES
        }
        // The whole request is in.
        markAnswering(connection)
        if exchange.overBudget {
            return send(service.overBudget(), exchange: exchange, connection: connection, close: true)
        }
        if exchange.received > route.maxBody {
            return send(service.tooLarge(), exchange: exchange, connection: connection, close: true)
        }
        if let answer = service.answerAtOnce(route) {
            return send(answer, exchange: exchange, connection: connection)
        }
        if let stopping = service.stopping() {
            exchange.discard(budget)
            return send(stopping, exchange: exchange, connection: connection, close: true)
        }
        // Verified here, on this connection's thread. The body's bytes stay reserved until its
        // answer is made: the verification holds them.
        let body = exchange.body
        exchange.body = []
        let answer = service.answer(route, body: body, worker: daemon)
        exchange.discard(budget)
        return send(answer, exchange: exchange, connection: connection)
    }

    /// Queues `answer`. `close`: with `Connection: close`, so that MHD closes the connection once it
    /// is sent and reads nothing more from it (a refused request's bytes are never taken for the
    /// next request's).
    private func send(_ answer: HTTPAnswer, exchange: Exchange, connection: OpaquePointer, close: Bool = false)
        -> MHD_Result
    {
        let response = answer.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let response else { return .NO }
        defer { MHD_destroy_response(response) }
        _ = MHD_add_response_header(response, "Content-Type", answer.contentType)
        for (name, value) in answer.headers { _ = MHD_add_response_header(response, name, value) }
        _ = MHD_add_response_header(response, "X-Request-Id", exchange.requestId)
        if close { _ = MHD_add_response_header(response, "Connection", "close") }
        let result = MHD_queue_response(connection, UInt32(answer.status), response)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - exchange.started) / 1e9
        service.answered(
            answer, method: exchange.method, route: exchange.route, path: exchange.path,
            requestId: exchange.requestId, seconds: seconds)
        if close, result == .YES {
            // Nothing more will be kept for this request: its reservation goes now.
            exchange.discard(budget)
        }
        return result
    }

    fileprivate func completed(state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, connection: OpaquePointer?) {
        if let raw = state?.pointee {
            let exchange = Unmanaged<Exchange>.fromOpaque(raw)
            // Answered, refused or cut off: whatever it still holds goes back to the budget (a
            // submitted body's reservation is returned by its verification).
            exchange.takeUnretainedValue().discard(budget)
            exchange.release()
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
                // Before MHD closes the socket: its number cannot have been reused yet.
                if let entry = connections[fd] { forget(fd, entry) }
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

/// One request's state between MHD's calls, touched only on its daemon's thread.
private final class Exchange {
    var method = ""
    var path = ""
    /// The caller's safe `X-Request-Id`, or one made here (set when the headers are in).
    var requestId = ""
    let started = DispatchTime.now().uptimeNanoseconds
    /// The first call of `access` (headers in) is done.
    var routed = false
    /// Seen by `uriSeen`: a target over the bounds, answered 414.
    var targetTooLong = false
    /// The target as `uriSeen` saw it (MHD's buffer; used by the first call of `access` only).
    var target: UnsafePointer<CChar>?
    var targetLength = 0
    var route: HTTPRoute.Accepted?
    var body: [UInt8] = []
    /// Bytes of the budget this request holds (the body's capacity, or its Content-Length).
    var reserved = 0
    /// Body bytes MHD passed so far, kept or not.
    var received = 0
    /// Past --max-body or the budget: the rest of the body is read and dropped.
    var dropping = false
    var overBudget = false

    /// Drops the body kept so far and returns its reservation.
    func discard(_ budget: BufferBudget) {
        body = []
        budget.release(reserved)
        reserved = 0
    }

}

// MARK: C callbacks

/// A daemon's callback context: its server, unretained (the server stops its daemons before it
/// goes), and its index.
private final class DaemonContext {
    let server: Unmanaged<HTTPServer>
    let index: Int

    init(server: HTTPServer, index: Int) {
        self.server = Unmanaged.passUnretained(server)
        self.index = index
    }
}

/// `body` with the server and the daemon's index from a callback's `context`, neither retained:
/// the daemons' threads would otherwise both count the one server's references on every call.
private func withServer<Result>(
    _ context: UnsafeMutableRawPointer?, _ body: (HTTPServer, Int) -> Result
) -> Result? {
    guard let context else { return nil }
    return Unmanaged<DaemonContext>.fromOpaque(context)._withUnsafeGuaranteedRef { daemon in
        daemon.server._withUnsafeGuaranteedRef { body($0, daemon.index) }
    }
}

private func accessHandler(
    context: UnsafeMutableRawPointer?, connection: OpaquePointer?, url: UnsafePointer<CChar>?,
    method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?, upload: UnsafePointer<CChar>?,
    uploadSize: UnsafeMutablePointer<Int>?, state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let connection, let url, let method, let version, let uploadSize, let state else { return .NO }
    return withServer(context) { server, daemon in
        server.access(
            daemon: daemon, connection: connection, urlPointer: url, methodPointer: method, versionPointer: version,
            upload: upload, uploadSize: uploadSize, state: state)
    } ?? .NO
}

private func uriLogged(
    context: UnsafeMutableRawPointer?, uri: UnsafePointer<CChar>?, connection: OpaquePointer?
) -> UnsafeMutableRawPointer? {
    guard let uri else { return nil }
    return withServer(context) { server, _ in server.uriSeen(uri) }
}

private func requestCompleted(
    context: UnsafeMutableRawPointer?, connection: OpaquePointer?,
    state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, code: MHD_RequestTerminationCode
) {
    withServer(context) { server, _ in server.completed(state: state, connection: connection) }
}

private func connectionNotified(
    context: UnsafeMutableRawPointer?, connection: OpaquePointer?,
    socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, code: MHD_ConnectionNotificationCode
) {
    withServer(context) { server, _ in server.connection(connection, started: code == .CONNECTION_NOTIFY_STARTED) }
}
