import Foundation
import Octet
import OctetBackend
import OctetCrypto
import OctetEncoding
import OctetIssuer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The built `octet-verify` (beside the test runner, or `OCTET_VERIFY_BINARY`).
enum VerifierBinary {
    static let url: URL? = {
        let fm = FileManager.default
        if let override = ProcessInfo.processInfo.environment["OCTET_VERIFY_BINARY"] {
            return fm.isExecutableFile(atPath: override) ? URL(fileURLWithPath: override) : nil
        }
        var candidates: [URL] = []
        var folder = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(folder.appendingPathComponent("octet-verify"))
            folder = folder.deletingLastPathComponent()
        }
        candidates.append(Repository.root.appendingPathComponent(".build/debug/octet-verify"))
        return candidates.first { fm.isExecutableFile(atPath: $0.path) }
    }()
}

enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}

/// A scratch directory removed when the value goes.
final class Scratch: @unchecked Sendable {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("octet-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// One `octet-verify serve` process on a loopback port it picked. Stopped by the test (`stop`),
/// or killed when the value goes.
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    let logURL: URL
    private(set) var port: UInt16 = 0

    struct StartFailure: Error, CustomStringConvertible {
        let log: String
        var description: String { "serve did not start: \(log)" }
    }

    init(_ arguments: [String], in scratch: Scratch, listen: String = "127.0.0.1:0") throws {
        guard let binary = VerifierBinary.url else { throw StartFailure(log: "no octet-verify binary") }
        logURL = scratch.url.appendingPathComponent("serve-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        process.executableURL = binary
        process.arguments = ["serve", "--listen", listen] + arguments
        process.standardError = try FileHandle(forWritingTo: logURL)
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Bounded: 20 s for the start-up line.
        for _ in 0..<1000 {
            if let line = events("listening").first, case .string(let address)? = line["address"],
                let colon = address.lastIndex(of: ":"), let port = UInt16(address[address.index(after: colon)...])
            {
                self.port = port
                return
            }
            if !process.isRunning { break }
            usleep(20_000)
        }
        let log = self.log
        kill()
        throw StartFailure(log: log)
    }

    deinit { kill() }

    var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

    /// The log's JSON lines whose `event` is `name`.
    func events(_ name: String) -> [JSONObject] {
        log.split(separator: "\n").compactMap { line in
            guard case .success(.object(let object)) = JSONReader.parse(Array(line.utf8)),
                case .string(name)? = object["event"]
            else { return nil }
            return object
        }
    }

    func signal(_ number: Int32) { Glibc.kill(process.processIdentifier, number) }

    /// SIGTERM, then waits (bounded: 20 s, then SIGKILL); the exit status.
    @discardableResult
    func stop() -> Int32 {
        guard process.isRunning else { return process.terminationStatus }
        signal(SIGTERM)
        for _ in 0..<1000 where process.isRunning { usleep(20_000) }
        if process.isRunning { kill() }
        process.waitUntilExit()
        return process.terminationStatus
    }

    func kill() {
        guard process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Waits (bounded: 10 s) until the log has `count` events named `name`.
    func waitFor(_ name: String, count: Int = 1) -> Bool {
        for _ in 0..<500 {
            if events(name).count >= count { return true }
            usleep(20_000)
        }
        return false
    }
}

/// An HTTP response as the test client read it: the status line's code, the header lines and the body.
struct HTTPReply: Sendable {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    var json: JSONObject? {
        guard case .success(.object(let object)) = JSONReader.parse(body) else { return nil }
        return object
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A deliberately small HTTP/1.1 client over a blocking socket, for tests only: it writes the
/// bytes it is given (so tests can send malformed, slow or half-closed requests) and reads until
/// the server closes (every request asks `Connection: close`).
enum TestClient {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A connected socket to 127.0.0.1:`port`, with a receive timeout.
    static func connect(_ port: UInt16, timeoutSeconds: Int = 20) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: inet_addr("127.0.0.1"))
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(fd)
            throw Failure(description: "connect: errno \(errno)")
        }
        return fd
    }

    static func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Everything until the server closes (or the timeout); nil when nothing arrived.
    static func readAll(_ fd: Int32) -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            out += chunk[..<count]
        }
        return out
    }

    /// Splits a whole response: status line, headers, body (read to the close, so no length is needed).
    static func parse(_ bytes: [UInt8]) throws -> HTTPReply {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == separator }) else {
            throw Failure(description: "no complete response (\(bytes.count) bytes)")
        }
        let head = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw Failure(description: "bad status line")
        }
        let headers = head.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return HTTPReply(status: status, headers: headers, body: Array(bytes[(end + 4)...]))
    }

    /// One request, whole.
    static func request(
        _ port: UInt16, method: String, path: String, headers: [String: String] = [:], body: [UInt8] = []
    ) throws -> HTTPReply {
        let fd = try connect(port)
        defer { close(fd) }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if method == "POST" || !body.isEmpty { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        guard send(fd, Array(head.utf8) + body) else { throw Failure(description: "send failed") }
        return try parse(readAll(fd))
    }

    /// What a server did with raw bytes: everything it sent, whether it closed the connection
    /// (rather than the read timing out), and how long that took.
    struct RawOutcome {
        var bytes: [UInt8]
        var closedByServer: Bool
        var seconds: Double

        /// The responses in `bytes`, each cut by its Content-Length (every answer of `serve` has
        /// one), and how many bytes follow the last whole one.
        var split: (responses: [HTTPReply], trailing: Int) {
            var replies: [HTTPReply] = []
            var rest = bytes[...]
            while !rest.isEmpty, let reply = try? TestClient.parse(Array(rest)),
                let length = reply.header("Content-Length").flatMap({ Int($0) }), length <= reply.body.count
            {
                replies.append(
                    HTTPReply(status: reply.status, headers: reply.headers, body: Array(reply.body.prefix(length))))
                rest = rest.dropFirst(rest.count - reply.body.count + length)
            }
            return (replies, rest.count)
        }
    }

    /// Sends `bytes` on a new connection and reads until the server closes it or `timeoutSeconds`
    /// pass without a byte. Sending stops quietly when the server has closed.
    static func raw(_ port: UInt16, _ bytes: [UInt8], timeoutSeconds: Int = 5) throws -> RawOutcome {
        let fd = try connect(port, timeoutSeconds: timeoutSeconds)
        defer { close(fd) }
        let start = Date()
        _ = send(fd, bytes)
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var closed = false
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                out += chunk[..<count]
                continue
            }
            // 0: an orderly close; ECONNRESET: closed with bytes of ours unread. Both are the server's.
            closed = count == 0 || errno == ECONNRESET
            break
        }
        return RawOutcome(bytes: out, closedByServer: closed, seconds: Date().timeIntervalSince(start))
    }

    static func verify(_ port: UInt16, _ body: String, token: String? = nil) throws -> HTTPReply {
        var headers = ["Content-Type": "application/json"]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        return try request(port, method: "POST", path: "/v1/verify", headers: headers, body: Array(body.utf8))
    }
}

/// Fresh proofs from the issuer (software keys), valid at the time they are made.
enum FreshProofs {
    static let issuer = ProofIssuer()

    static func proof(nonce: [UInt8]? = nil, createdAt: Date = Date()) -> [UInt8] {
        var draft = ProofDraft(createdAt: createdAt)
        draft.sessionNonce = nonce
        return issuer.issueBytes(draft)
    }

    /// A request line for `proof`, checked against `nonce` when given.
    static func request(_ proof: [UInt8], id: String? = nil, nonce: [UInt8]? = nil) -> String {
        var members: [String] = []
        if let id { members.append(#""id":"\#(id)""#) }
        members.append(#""proofBase64":"\#(Base64.encode(proof))""#)
        if let nonce { members.append(#""options":{"expectedSessionNonceBase64":"\#(Base64.encode(nonce))"}"#) }
        return "{" + members.joined(separator: ",") + "}"
    }
}

extension JSONObject {
    var verdict: String? {
        if case .string(let text)? = self["verdict"] { return text }
        return nil
    }

    func checkStatus(_ name: String) -> String? {
        guard case .array(let checks)? = self["checks"] else { return nil }
        for case .object(let check) in checks {
            if case .string(name)? = check["name"], case .string(let status)? = check["status"] { return status }
        }
        return nil
    }

    var errorCode: String? {
        guard case .object(let error)? = self["error"], case .string(let code)? = error["code"] else { return nil }
        return code
    }

    var errorField: JSONValue? {
        guard case .object(let error)? = self["error"] else { return nil }
        return error["field"]
    }
}
