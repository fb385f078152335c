import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Clients that send too slowly, too much, or stop halfway: each gets its status or a closed
/// connection, and a well-behaved client at the same time is still answered.
@Suite("serve: hostile clients", .serialized)
struct HostileClientTests {
    @Test("a client dribbling one byte a second is cut off at --request-timeout while another is answered")
    func slowClient() throws {
        let scratch = try Scratch()
        let server = try ServeProcess(["--request-timeout", "2", "--threads", "1"], in: scratch)
        defer { server.stop() }
        let slow = try TestClient.connect(server.port, timeoutSeconds: 15)
        defer { close(slow) }
        let request = Array("POST /v1/verify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n".utf8)
        let start = Date()
        var sent = 0
        var closedByServer = false
        // Bounded: at most 10 bytes, one a second; the server must close within the deadline and a bit.
        for byte in request.prefix(10) {
            guard TestClient.send(slow, [byte]) else {
                closedByServer = true
                break
            }
            sent += 1
            // Meanwhile a normal client is answered at once (the slow one holds no verification thread).
            if sent == 1 {
                let reply = try TestClient.verify(server.port, FreshProofs.request(FreshProofs.proof()))
                #expect(reply.status == 200)
            }
            var probe = pollfd(fd: slow, events: Int16(POLLIN), revents: 0)
            if poll(&probe, 1, 1000) > 0, (probe.revents & Int16(POLLIN | POLLHUP)) != 0 {
                var byte: UInt8 = 0
                if recv(slow, &byte, 1, 0) <= 0 {
                    closedByServer = true
                    break
                }
            }
        }
        #expect(closedByServer, "the server kept a dribbling connection open for \(sent) s")
        #expect(Date().timeIntervalSince(start) < 8)
        #expect(server.waitFor("request-timeout"))
    }

    /// `name`'s value in the server's `/metrics` (read with `token`, when the server has one).
    static func metric(_ port: UInt16, _ name: String, token: String? = nil) throws -> Int? {
        let reply = try TestClient.request(
            port, method: "GET", path: "/metrics", headers: token.map { ["Authorization": "Bearer \($0)"] } ?? [:])
        for line in reply.text.split(separator: "\n") where line.hasPrefix(name + " ") {
            return Int(line.split(separator: " ")[1])
        }
        return nil
    }

    /// Whether the server closed `fd` (an orderly close or a reset), waiting at most `seconds`.
    static func closedByServer(_ fd: Int32, within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var byte: UInt8 = 0
        while Date() < deadline {
            var probe = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&probe, 1, 100) > 0 else { continue }
            return recv(fd, &byte, 1, Int32(MSG_DONTWAIT)) <= 0
        }
        return false
    }

    @Test(
        "eight connections that send only headers announcing 16 MiB hold none of the body budget: a well-behaved client still gets 200, and they are closed within two --min-body-rate windows"
    )
    func idleHolders() throws {
        let scratch = try Scratch()
        let token = "idle-holders-token-0123456789abcdefghijk"
        try token.write(toFile: scratch.path("tokens"), atomically: true, encoding: .utf8)
        // The default --max-body (16 MiB) with 2 threads: a 64 MiB budget, which four such
        // announcements used to take whole, for up to --request-timeout.
        let server = try ServeProcess(
            ["--token-file", scratch.path("tokens"), "--threads", "2", "--request-timeout", "30"], in: scratch)
        defer { server.stop() }
        let head = Array(
            ("POST /v1/verify HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(16 << 20)\r\n\r\n").utf8)
        var holders: [Int32] = []
        defer { holders.forEach { close($0) } }
        for _ in 0..<8 {
            let fd = try TestClient.connect(server.port, timeoutSeconds: 10)
            #expect(TestClient.send(fd, head))
            holders.append(fd)
        }
        usleep(200_000)
        // Well inside the first window: every holder is still open, and holds nothing.
        let start = Date()
        #expect(try Self.metric(server.port, "octet_buffered_request_bytes", token: token) == 0)
        let reply = try TestClient.verify(server.port, FreshProofs.request(FreshProofs.proof()), token: token)
        #expect(reply.status == 200, "\(reply.status): \(reply.text)")
        #expect(reply.json?.verdict == "valid")
        // A body that brings nothing is not kept until --request-timeout (30 s).
        for fd in holders {
            let remaining = 6 - Date().timeIntervalSince(start)
            #expect(Self.closedByServer(fd, within: max(0.1, remaining)), "a holder was still open after 6 s")
        }
        #expect(server.waitFor("body-too-slow", count: 8))
        #expect(try Self.metric(server.port, "octet_slow_bodies_total", token: token) == 8)
        #expect(try Self.metric(server.port, "octet_request_timeouts_total", token: token) == 0)
    }

    @Test(
        "a body trickling above --min-body-rate is verified; one that stalls is closed after a window, long before --request-timeout"
    )
    func minimumBodyRate() throws {
        let scratch = try Scratch()
        let server = try ServeProcess(["--min-body-rate", "2048", "--request-timeout", "30"], in: scratch)
        defer { server.stop() }
        // 12 KiB sent 1 KiB every 250 ms (4 KiB a second, twice the rate) over 3 s: more than a window.
        let request = Array(FreshProofs.request(FreshProofs.proof()).utf8)
        let body = request + [UInt8](repeating: 0x20, count: 12 << 10 - request.count)
        let steady = try TestClient.connect(server.port, timeoutSeconds: 10)
        defer { close(steady) }
        #expect(
            TestClient.send(
                steady,
                Array(
                    ("POST /v1/verify HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                        + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n").utf8)))
        for offset in stride(from: 0, to: body.count, by: 1024) {
            usleep(250_000)
            #expect(TestClient.send(steady, Array(body[offset..<min(body.count, offset + 1024)])))
        }
        let reply = try TestClient.parse(TestClient.readAll(steady))
        #expect(reply.status == 200)
        #expect(reply.json?.verdict == "valid")

        // 10 bytes of a 1000-byte body, then nothing.
        let stalled = try TestClient.connect(server.port, timeoutSeconds: 10)
        defer { close(stalled) }
        let start = Date()
        #expect(
            TestClient.send(
                stalled,
                Array(
                    ("POST /v1/verify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 1000\r\n\r\n{\"proofBase").utf8)))
        #expect(Self.closedByServer(stalled, within: 8))
        let took = Date().timeIntervalSince(start)
        #expect(took >= 1.5 && took < 5, "closed after \(took) s")
        #expect(server.waitFor("body-too-slow"))
        #expect(server.events("body-too-slow").count == 1)
        #expect(server.events("request").count == 1)
    }

    @Test(
        "a chunk larger than --max-body is answered 413 as soon as its bytes pass the limit, not at --request-timeout")
    func chunkOverMaxBody() throws {
        let scratch = try Scratch()
        let server = try ServeProcess(["--max-body", "65536", "--request-timeout", "30"], in: scratch)
        defer { server.stop() }
        // A chunk announced at 1 MiB, 70,000 of its bytes sent, then the client waits.
        let outcome = try TestClient.raw(
            server.port,
            Array(
                ("POST /v1/verify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n100000\r\n").utf8) + [UInt8](repeating: 0x20, count: 70_000),
            timeoutSeconds: 5)
        let responses = outcome.split.responses
        #expect(responses.map(\.status) == [413], "after \(outcome.seconds) s: \(outcome.bytes.count) bytes")
        #expect(responses.first?.json?.errorCode == "PAYLOAD_TOO_LARGE")
        #expect(responses.first?.header("Connection")?.lowercased() == "close")
        #expect(responses.first?.header("X-Request-Id")?.hasPrefix("o-") == true)
        #expect(outcome.closedByServer)
        #expect(outcome.seconds < 2)
        // Logged and counted as an answer (the line may follow the answer by a write).
        #expect(server.waitFor("request"))
        let statuses = server.events("request").compactMap { line -> String? in
            if case .number(let status)? = line["status"] { return status.text }
            return nil
        }
        #expect(statuses == ["413"])
    }

    @Test("a request half-closed before its body ends is closed at --request-timeout, unverified, others answered")
    func halfClosed() throws {
        let scratch = try Scratch()
        let server = try ServeProcess(["--request-timeout", "2"], in: scratch)
        defer { server.stop() }
        let body = Array(FreshProofs.request(FreshProofs.proof()).utf8)
        let head = Array(
            "POST /v1/verify HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
                .utf8)
        let partial = try TestClient.connect(server.port, timeoutSeconds: 10)
        defer { close(partial) }
        #expect(TestClient.send(partial, head + body.prefix(body.count / 2)))
        shutdown(partial, Int32(SHUT_WR))
        let start = Date()
        // Meanwhile another client is answered.
        let reply = try TestClient.verify(server.port, FreshProofs.request(FreshProofs.proof()))
        #expect(reply.status == 200)
        let cut = TestClient.readAll(partial)
        #expect(cut.isEmpty)
        #expect(Date().timeIntervalSince(start) < 8)
        // Only the whole request was verified and logged.
        #expect(server.events("request").count == 1)
    }

    @Test("headers larger than the server's header memory are refused by libmicrohttpd, and the server goes on")
    func oversizedHeaders() throws {
        let scratch = try Scratch()
        let server = try ServeProcess([], in: scratch)
        defer { server.stop() }
        let reply = try TestClient.request(
            server.port, method: "GET", path: "/healthz",
            headers: ["X-Padding": String(repeating: "a", count: 64 << 10)])
        #expect(reply.status == 431)
        #expect(try TestClient.request(server.port, method: "GET", path: "/healthz").status == 200)
    }

    @Test("a malformed request line is closed by libmicrohttpd unanswered, and the server goes on")
    func malformedRequestLine() throws {
        let scratch = try Scratch()
        let server = try ServeProcess([], in: scratch)
        defer { server.stop() }
        let fd = try TestClient.connect(server.port)
        #expect(TestClient.send(fd, Array("GARBAGE\r\n\r\n".utf8)))
        let bytes = TestClient.readAll(fd)
        close(fd)
        // MHD 0.9.75 closes a connection whose request line it cannot read; a later one may say 400.
        #expect(bytes.isEmpty || (try? TestClient.parse(bytes))?.status == 400)
        #expect(server.events("request").isEmpty)
        #expect(try TestClient.request(server.port, method: "GET", path: "/healthz").status == 200)
    }

    @Test("a burst beyond the queue is 503 with Retry-After, never a wrong answer")
    func saturation() throws {
        let scratch = try Scratch()
        // One thread, a queue of 64: 200 requests at once must see some 503s.
        let server = try ServeProcess(["--threads", "1"], in: scratch)
        defer { server.stop() }
        let body = FreshProofs.request(FreshProofs.proof(createdAt: Date(timeIntervalSince1970: 0)))
        let statuses = Statuses()
        let retryAfter = Statuses()
        DispatchQueue.concurrentPerform(iterations: 200) { _ in
            if let reply = try? TestClient.verify(server.port, body) {
                statuses.add(reply.status)
                if reply.status == 503 { retryAfter.add(reply.header("Retry-After") == "1" ? 1 : 0) }
            }
        }
        #expect(statuses.all.allSatisfy { $0 == 200 || $0 == 503 })
        #expect(statuses.all.contains(200))
        #expect(retryAfter.all.allSatisfy { $0 == 1 })
    }
}
