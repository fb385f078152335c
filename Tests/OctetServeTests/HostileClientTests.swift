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
