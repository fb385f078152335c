import CMicroHTTPD
import Dispatch
import Foundation
import OctetBackend
import OctetHTTPShim
import Synchronization

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
    /// A connection was closed for a body slower than `--min-body-rate`.
    func bodyTooSlow()
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
/// and by the `BufferBudget` shared by every connection, which it draws on as its bytes arrive
/// (never for what a `Content-Length` announces); only a whole body is verified. A client that
/// sends slowly therefore holds a connection slot, never a verification, and a watchdog closes a
/// connection whose body brings less than `minBodyRate` (judged over windows of time its daemon
/// could read) or whose request is not complete within `requestTimeout`. While a daemon's
/// thread verifies, its other connections wait (in the kernel's socket buffers, bounded by the
/// connection limits): the queue in front of verification is the connections themselves.
///
/// `@unchecked Sendable`: `daemons`, `daemonContexts` and `listener` are set before any connection is accepted and
/// read-only after; the connection and watch tables are guarded by `watchLock`.
final class HTTPServer: @unchecked Sendable {
    struct Settings: Sendable {
        var address: ListenAddress
        var requestTimeoutSeconds: UInt32 = 30
        /// `--min-body-rate`: bytes a second a body must bring, judged every `bodyWindowSeconds` (0: off).
        var minBodyRate = 16 << 10
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
    /// How long a body's progress is judged over (`Settings.minBodyRate`): long enough that one
    /// late TCP segment does not count as a stall.
    static let bodyWindowSeconds = 2
    /// The first reservation of a body's buffer, which then doubles (never past its
    /// `Content-Length` or `--max-body`): a proof request fits it; a thousand connections that sent
    /// one byte each hold 16 MiB of the budget at most.
    static let firstBodyReservation = 16 << 10

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
    /// Connections by socket whose body is arriving: its progress, for `--min-body-rate`.
    private var bodies: [Int32: BodyWatch] = [:]
    /// Per daemon: nanoseconds its thread has spent verifying, and when the verification running
    /// now began (0: none). A body is judged only on time its daemon could have read it.
    private var verifyingNanos: [UInt64] = []
    private var verifyingSince: [UInt64] = []
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
        octet_http_set_refusal_callback(refusalLogged)
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
        verifyingNanos = [UInt64](repeating: 0, count: daemons.count)
        verifyingSince = [UInt64](repeating: 0, count: daemons.count)
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
    fileprivate func uriSeen(_ uri: UnsafePointer<CChar>, connection: OpaquePointer?, daemon: Int)
        -> UnsafeMutableRawPointer
    {
        let exchange = Exchange()
        if let connection {
            exchange.socket = octet_http_connection_fd(connection)
            daemonContexts[daemon].awaitingHeaders[ObjectIdentifier(exchange)] = exchange
        }
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
            daemonContexts[daemon].awaitingHeaders[ObjectIdentifier(exchange)] = nil
            let method = String(cString: methodPointer)
            let url = String(cString: urlPointer)
            exchange.method = method
            exchange.path = url
            if exchange.targetTooLong {
                exchange.requestId = requestIds.make()
                return send(service.targetTooLong(), exchange: exchange, connection: connection, close: true)
            }
            let fields = HeaderFields(connection)
            let layout = FramingDefect.layoutDefect(
                method: methodPointer, blockSize: octet_http_header_block_size(connection), target: exchange.target,
                targetLength: exchange.targetLength, version: versionPointer, fields: fields.all)
            exchange.target = nil
            // A layout defect means MHD cut some string at a NUL, perhaps the X-Request-Id: what is
            // left of it is not the caller's id, so none is echoed.
            exchange.requestId = (layout == nil ? RequestId.fromCaller(fields) : nil) ?? requestIds.make()
            let http10 = strcmp(versionPointer, "HTTP/1.0") == 0
            if let defect = layout ?? FramingDefect.find(in: fields.all, requiresHost: !http10) {
                return send(service.malformed(defect), exchange: exchange, connection: connection, close: true)
            }
            let header: (String) -> String? = { name in fields.value(name) }
            switch service.route(method: method, path: url, header: header) {
            case .answer(let answer):
                return send(answer, exchange: exchange, connection: connection, close: fields.announcesBody)
            case .accept(let route):
                exchange.route = route
                let length = fields.contentLength
                if let length, length > route.maxBody {
                    return send(service.tooLarge(), exchange: exchange, connection: connection, close: true)
                }
                // Nothing is reserved for what is announced: a body draws on the budget as its
                // bytes arrive, and is watched for progress until it is whole.
                exchange.bodyLimit = min(length ?? route.maxBody, route.maxBody)
                if fields.announcesBody { watchBody(exchange, connection: connection, daemon: daemon) }
                return .YES
            }
        }
        guard let route = exchange.route else { return .NO }
        if uploadSize.pointee > 0 {
            let count = uploadSize.pointee
            uploadSize.pointee = 0
            exchange.received += count
            exchange.progress?.add(count)
            // Past --max-body (a chunked body: MHD never passes more than a Content-Length),
            // answered at once, whatever the chunk announced.
            guard exchange.received <= route.maxBody, let upload else {
                return answerMidBody(service.tooLarge(), exchange: exchange, connection: connection)
            }
            let needed = exchange.body.count + count
            if needed > exchange.reserved {
                // Reserve as the buffer grows, doubling from `firstBodyReservation`, never past the
                // Content-Length or --max-body.
                let target = min(exchange.bodyLimit, max(needed, exchange.reserved * 2, Self.firstBodyReservation))
                guard budget.reserve(target - exchange.reserved) else {
                    return answerMidBody(service.overBudget(), exchange: exchange, connection: connection)
                }
                exchange.reserved = target
                exchange.body.reserveCapacity(target)
            }
            upload.withMemoryRebound(to: UInt8.self, capacity: count) {
                exchange.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
            }
            return .YES
        }
        // The whole request is in.
        unwatchBody(exchange)
        markAnswering(connection)
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
        verifying(daemon, true)
        let answer = service.answer(route, body: body, worker: daemon)
        verifying(daemon, false)
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

    /// Answers `answer` in the middle of a body and has MHD close the connection. libmicrohttpd
    /// 0.9.75 queues a response only right after the headers or once the whole body is in
    /// (`MHD_queue_response` is refused in between), so a body past `--max-body` or the budget
    /// could otherwise be answered only when it ends, or never. The answer is written here
    /// instead, straight to the socket: a status line, the same headers `send` gives, the body,
    /// then the write side is shut and MHD told to close (`.NO`). This writes a response; it
    /// parses nothing. During a body MHD has nothing of its own left to write on the connection.
    /// A client that does not read its socket may miss the answer (the write never waits).
    private func answerMidBody(_ answer: HTTPAnswer, exchange: Exchange, connection: OpaquePointer) -> MHD_Result {
        exchange.discard(budget)
        write(answer, exchange: exchange, to: octet_http_connection_fd(connection))
        unwatchBody(exchange)
        return .NO
    }

    /// libmicrohttpd refused the request whose headers it is reading, by itself (a
    /// `Content-Length` it cannot read, or past 2^64), and is about to answer with its response
    /// head written twice (its bug; `octet_http_refusal`). MHD's log, which tells, does not say
    /// which connection: it is the one request of this daemon between its request line and its
    /// headers, when there is only one (MHD reads a request's line before its headers, on this
    /// thread). Then the answer is ours, written as `answerMidBody` writes, and the socket's write
    /// side is shut: MHD's own answer fails to go out and MHD closes. With two or more such
    /// requests on the thread, nothing is guessed and MHD's answer goes out as it is.
    fileprivate func libraryRefused(_ refusal: octet_http_refusal, daemon: Int) {
        let waiting = daemonContexts[daemon].awaitingHeaders
        guard waiting.count == 1, let exchange = waiting.values.first, exchange.socket >= 0 else { return }
        daemonContexts[daemon].awaitingHeaders = [:]
        exchange.routed = true
        exchange.requestId = requestIds.make()
        let answer =
            refusal == OCTET_HTTP_CONTENT_LENGTH_TOO_LARGE
            ? service.tooLarge() : service.malformed(.invalidContentLength)
        write(answer, exchange: exchange, to: exchange.socket)
    }

    /// Writes `answer` whole to socket `fd` as `send` would have MHD write it (with `Connection:
    /// close`), without waiting, shuts the socket's write side, and logs it.
    private func write(_ answer: HTTPAnswer, exchange: Exchange, to fd: Int32) {
        let reason = MHD_get_reason_phrase_for(UInt32(answer.status)).map { String(cString: $0) } ?? ""
        var head = "HTTP/1.1 \(answer.status) \(reason)\r\nContent-Type: \(answer.contentType)\r\n"
        for (name, value) in answer.headers { head += "\(name): \(value)\r\n" }
        head += "X-Request-Id: \(exchange.requestId)\r\nConnection: close\r\n"
        head += "Content-Length: \(answer.body.count)\r\n\r\n"
        let bytes = Array(head.utf8) + answer.body
        if fd >= 0 {
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes {
                    Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                }
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            shutdown(fd, Int32(SHUT_WR))
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - exchange.started) / 1e9
        service.answered(
            answer, method: exchange.method, route: exchange.route, path: exchange.path,
            requestId: exchange.requestId, seconds: seconds)
    }

    /// Starts watching a body's progress (`--min-body-rate`).
    private func watchBody(_ exchange: Exchange, connection: OpaquePointer, daemon: Int) {
        guard settings.minBodyRate > 0 else { return }
        let fd = octet_http_connection_fd(connection)
        guard fd >= 0 else { return }
        let progress = BodyProgress()
        exchange.progress = progress
        exchange.watchedFd = fd
        let now = DispatchTime.now().uptimeNanoseconds
        watchLock.withLock {
            bodies[fd] = BodyWatch(
                progress: progress, daemon: daemon, windowStart: now, verifyingAtStart: verifyingTime(daemon, now),
                receivedAtStart: 0)
        }
    }

    /// Stops watching a body: it is whole, or refused.
    private func unwatchBody(_ exchange: Exchange) {
        guard let fd = exchange.watchedFd, let progress = exchange.progress else { return }
        exchange.watchedFd = nil
        exchange.progress = nil
        watchLock.withLock { if bodies[fd]?.progress === progress { bodies[fd] = nil } }
    }

    /// Marks daemon `daemon`'s thread verifying, or done.
    private func verifying(_ daemon: Int, _ started: Bool) {
        let now = DispatchTime.now().uptimeNanoseconds
        watchLock.withLock {
            guard daemon < verifyingSince.count else { return }
            if started {
                verifyingSince[daemon] = now
            } else if verifyingSince[daemon] > 0 {
                verifyingNanos[daemon] += now - min(now, verifyingSince[daemon])
                verifyingSince[daemon] = 0
            }
        }
    }

    /// The time daemon `daemon` has spent verifying up to `now` (called with `watchLock` held).
    private func verifyingTime(_ daemon: Int, _ now: UInt64) -> UInt64 {
        guard daemon < verifyingSince.count else { return 0 }
        let since = verifyingSince[daemon]
        return verifyingNanos[daemon] + (since > 0 && now > since ? now - since : 0)
    }

    fileprivate func completed(
        state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, connection: OpaquePointer?, daemon: Int
    ) {
        if let raw = state?.pointee {
            let exchange = Unmanaged<Exchange>.fromOpaque(raw)
            daemonContexts[daemon].awaitingHeaders[ObjectIdentifier(exchange.takeUnretainedValue())] = nil
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
                bodies[fd] = nil
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
        let window = UInt64(Self.bodyWindowSeconds) * 1_000_000_000
        let needed = settings.minBodyRate * Self.bodyWindowSeconds
        while true {
            usleep(250_000)
            let now = DispatchTime.now().uptimeNanoseconds
            var expired = 0
            var slow = 0
            let done: Bool = watchLock.withLock {
                if stopping { return true }
                for (fd, since) in watched {
                    guard let since = since, now > since, now - since > limit else { continue }
                    shutdown(fd, Int32(SHUT_RDWR))
                    watched[fd] = .some(nil)
                    bodies[fd] = nil
                    expired += 1
                }
                // Each body, once a window of time its daemon could read has passed: it brought
                // `needed` bytes in it, or its connection is closed.
                for (fd, body) in bodies {
                    let verifying = verifyingTime(body.daemon, now)
                    let elapsed = now > body.windowStart ? now - body.windowStart : 0
                    let busy = verifying > body.verifyingAtStart ? verifying - body.verifyingAtStart : 0
                    guard elapsed > busy, elapsed - busy >= window else { continue }
                    let received = body.progress.value
                    if received - body.receivedAtStart < needed {
                        shutdown(fd, Int32(SHUT_RDWR))
                        watched[fd] = .some(nil)
                        bodies[fd] = nil
                        slow += 1
                    } else {
                        bodies[fd] = BodyWatch(
                            progress: body.progress, daemon: body.daemon, windowStart: now,
                            verifyingAtStart: verifying, receivedAtStart: received)
                    }
                }
                return false
            }
            for _ in 0..<expired { service.timedOut() }
            for _ in 0..<slow { service.bodyTooSlow() }
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
    /// The most the body may hold: its Content-Length, or --max-body when chunked.
    var bodyLimit = 0
    /// Bytes of the budget this request holds (the body's capacity).
    var reserved = 0
    /// Body bytes MHD passed so far.
    var received = 0
    /// The body's bytes so far, as the watchdog reads them, while it is watched (on `watchedFd`).
    var progress: BodyProgress?
    var watchedFd: Int32?
    /// The connection's socket, as `uriSeen` found it.
    var socket: Int32 = -1

    /// Drops the body kept so far and returns its reservation.
    func discard(_ budget: BufferBudget) {
        body = []
        budget.release(reserved)
        reserved = 0
    }

}

/// A body's byte count, written by its daemon's thread and read by the watchdog.
private final class BodyProgress: Sendable {
    private let count = Atomic<Int>(0)
    func add(_ bytes: Int) { count.add(bytes, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}

/// A body being judged for `--min-body-rate`: since when, and what it had then.
private struct BodyWatch {
    let progress: BodyProgress
    let daemon: Int
    var windowStart: UInt64
    /// The daemon's verifying time (`HTTPServer.verifyingTime`) when the window began.
    var verifyingAtStart: UInt64
    var receivedAtStart: Int
}

// MARK: C callbacks

/// A daemon's callback context: its server, unretained (the server stops its daemons before it
/// goes), and its index.
private final class DaemonContext {
    let server: Unmanaged<HTTPServer>
    let index: Int
    /// Requests whose line is read and whose headers are not yet (`HTTPServer.libraryRefused`),
    /// touched only on the daemon's thread.
    var awaitingHeaders: [ObjectIdentifier: Exchange] = [:]

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
    return withServer(context) { server, daemon in server.uriSeen(uri, connection: connection, daemon: daemon) }
}

private func requestCompleted(
    context: UnsafeMutableRawPointer?, connection: OpaquePointer?,
    state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, code: MHD_RequestTerminationCode
) {
    withServer(context) { server, daemon in server.completed(state: state, connection: connection, daemon: daemon) }
}

private func refusalLogged(context: UnsafeMutableRawPointer?, refusal: octet_http_refusal) {
    withServer(context) { server, daemon in server.libraryRefused(refusal, daemon: daemon) }
}

private func connectionNotified(
    context: UnsafeMutableRawPointer?, connection: OpaquePointer?,
    socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, code: MHD_ConnectionNotificationCode
) {
    withServer(context) { server, _ in server.connection(connection, started: code == .CONNECTION_NOTIFY_STARTED) }
}
