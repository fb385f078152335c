import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Requests that two HTTP implementations could read two ways (issue 21, item 2), each sent as raw
/// bytes on its own connection: exactly one answer (400 `HTTP_MALFORMED`, or 414 `URI_TOO_LONG`),
/// with `Connection: close`, then the connection closed by the server, at once. Where a case
/// carries a second, smuggled request after its first, that second one is never answered.
@Suite("serve: HTTP framing that cannot be split", .serialized)
struct FramingTests {
    static let token = "framing-test-token-0123456789abcdefghij"

    struct Case: Sendable {
        let name: String
        let bytes: [UInt8]
        let status: Int
        let code: String
        /// Words the error's detail must hold (it names the rule broken).
        let detail: String
    }

    static let smuggled = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"

    /// A POST to /v1/verify with the test's token and `headers` (CRLF-ended lines) and `body`.
    static func post(_ headers: String, body: String = #"{"proofBase64":"AAAA"}"#) -> [UInt8] {
        Array("POST /v1/verify HTTP/1.1\r\nHost: x\r\n\(headers)\r\n\(body)".utf8)
    }

    static let auth = "Authorization: Bearer \(token)\r\n"
    static let json = "Content-Type: application/json\r\n"
    static let body = #"{"proofBase64":"AAAA"}"#

    static let cases: [Case] = {
        var cases: [Case] = []
        func add(_ name: String, _ bytes: [UInt8], _ detail: String, status: Int = 400, code: String = "HTTP_MALFORMED")
        {
            cases.append(Case(name: name, bytes: bytes, status: status, code: code, detail: detail))
        }
        let length = body.utf8.count
        // The first Content-Length covers the JSON; the second would also swallow the smuggled request.
        add(
            "two different Content-Length headers, a request smuggled after the shorter body",
            post(
                auth + json + "Content-Length: \(length)\r\nContent-Length: \(length + smuggled.utf8.count)\r\n",
                body: body + smuggled),
            "more than one Content-Length")
        add(
            "two equal Content-Length headers",
            post(auth + json + "Content-Length: \(length)\r\nContent-Length: \(length)\r\n"),
            "more than one Content-Length")
        add(
            "Content-Length and Transfer-Encoding: chunked, a request smuggled after the last chunk",
            post(
                auth + json + "Content-Length: 4\r\nTransfer-Encoding: chunked\r\n",
                body: String(length, radix: 16) + "\r\n" + body + "\r\n0\r\n\r\n" + smuggled),
            "both Content-Length and Transfer-Encoding")
        add(
            "Transfer-Encoding: chunked twice",
            post(auth + json + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n", body: "0\r\n\r\n"),
            "more than one Transfer-Encoding")
        add(
            "a Transfer-Encoding other than chunked",
            post(auth + json + "Transfer-Encoding: gzip, chunked\r\n", body: "0\r\n\r\n"),
            "other than chunked")
        add(
            "a space between a header name and its colon (Content-Length : N), the body read as a next request",
            post(auth + json + "Content-Length : \(length)\r\n"), "header name")
        add(
            "a space inside a header name", post(auth + json + "X Padding: a\r\nContent-Length: \(length)\r\n"),
            "header name")
        add(
            "a tab inside a header name", post(auth + json + "X\tPadding: a\r\nContent-Length: \(length)\r\n"),
            "header name")
        add(
            "a NUL after the token in Authorization (Bearer <token>\\0anything)",
            post("Authorization: Bearer \(token)\0anything\r\n" + json + "Content-Length: \(length)\r\n"), "NUL")
        add(
            "a NUL right before the line end of Authorization",
            post("Authorization: Bearer \(token)\0\r\n" + json + "Content-Length: \(length)\r\n"), "NUL")
        add(
            "a NUL in the last header of a bodiless request",
            Array("GET /metrics HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\0junk\r\n\r\n".utf8), "NUL")
        add(
            "a NUL in the last header, LF line endings",
            Array("GET /metrics HTTP/1.1\nHost: x\nAuthorization: Bearer \(token)\0\n\n".utf8), "NUL")
        add("a NUL in the request target", Array("GET /healthz\0/x HTTP/1.1\r\nHost: x\r\n\r\n".utf8), "NUL")
        add(
            "a bare CR inside a header value", post(auth + json + "X-Note: a\rb\r\nContent-Length: \(length)\r\n"), "CR"
        )
        add(
            "a control character inside a header value",
            post(auth + json + "X-Note: a\u{1}b\r\nContent-Length: \(length)\r\n"), "control")
        add(
            "two Authorization headers, the first one valid",
            post(auth + "Authorization: Bearer someone-else\r\n" + json + "Content-Length: \(length)\r\n"),
            "more than one Authorization")
        add(
            "two Content-Type headers", post(auth + json + "Content-Type: text/plain\r\nContent-Length: \(length)\r\n"),
            "more than one Content-Type")
        add(
            "two Host headers", post("Host: y\r\n" + auth + json + "Content-Length: \(length)\r\n"),
            "more than one Host")
        add(
            "a header line folded onto the next (obs-fold)",
            post(auth + json + "X-Note: a\r\n b\r\nContent-Length: \(length)\r\n"), "folded")
        add(
            "an HTTP/1.1 request without Host",
            Array("GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n".utf8), "no Host")
        add("an HTTP/1.1 request without any header", Array("GET /healthz HTTP/1.1\r\n\r\n".utf8), "no Host")
        add(
            "a POST without Host, a body that would be verified",
            Array("POST /v1/verify HTTP/1.1\r\n\(auth)\(json)Content-Length: \(length)\r\n\r\n\(body)".utf8),
            "no Host")
        add(
            "bare LF line endings", Array("GET /healthz HTTP/1.1\nHost: x\nConnection: close\n\n".utf8),
            "bare LF")
        add(
            "bare LF line endings on a POST, a request smuggled after its body",
            Array(
                "POST /v1/verify HTTP/1.1\nHost: x\n\(auth)\(json)Content-Length: \(length)\n\n\(body)\(smuggled)"
                    .replacingOccurrences(of: "\r\n", with: "\n").utf8), "bare LF")
        add("bare LF line endings, HTTP/1.0 and no header", Array("GET /healthz HTTP/1.0\n\n".utf8), "bare LF")
        add(
            "CR LF and bare LF line endings mixed",
            Array("GET /healthz HTTP/1.1\r\nHost: x\nX-Note: b\r\n\r\n".utf8), "mixed line endings")
        add(
            "a request target of 9000 bytes",
            Array("GET /healthz?\(String(repeating: "a", count: 9000)) HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
            "8192 bytes", status: 414, code: "URI_TOO_LONG")
        add(
            "33 query arguments",
            Array(
                "GET /healthz?\((0..<33).map { "a\($0)=1" }.joined(separator: "&")) HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
            "32 query arguments", status: 414, code: "URI_TOO_LONG")
        add(
            "500 query arguments (held until --request-timeout before)",
            Array(
                "GET /healthz?\((0..<500).map { "a\($0)=1" }.joined(separator: "&")) HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
            "32 query arguments", status: 414, code: "URI_TOO_LONG")
        return cases
    }()

    static func server(in scratch: Scratch) throws -> ServeProcess {
        try token.write(toFile: scratch.path("tokens"), atomically: true, encoding: .utf8)
        // --request-timeout 30: an answer within 2 s is the server's doing, not its watchdog's.
        return try ServeProcess(["--token-file", scratch.path("tokens"), "--request-timeout", "30"], in: scratch)
    }

    @Test("each case is refused with exactly one answer, Connection: close, and a closed connection, at once")
    func refused() throws {
        let scratch = try Scratch()
        let server = try Self.server(in: scratch)
        defer { server.stop() }
        for item in Self.cases {
            let outcome = try TestClient.raw(server.port, item.bytes)
            let (responses, trailing) = outcome.split
            #expect(responses.count == 1, "\(item.name): answers \(responses.map(\.status))")
            #expect(trailing == 0, "\(item.name): \(trailing) bytes after the answer")
            #expect(outcome.closedByServer, "\(item.name): the connection was left open")
            #expect(outcome.seconds < 2, "\(item.name): took \(outcome.seconds) s")
            guard let reply = responses.first else { continue }
            #expect(reply.status == item.status, "\(item.name)")
            #expect(reply.header("Connection")?.lowercased() == "close", "\(item.name)")
            #expect(reply.json?.errorCode == item.code, "\(item.name): \(reply.text)")
            if case .object(let error)? = reply.json?["error"], case .string(let detail)? = error["detail"] {
                #expect(detail.contains(item.detail), "\(item.name): \(detail)")
            } else {
                Issue.record("\(item.name): no error detail in \(reply.text)")
            }
        }
        // Every case, and nothing else, was counted; the server goes on answering.
        let metrics = try TestClient.request(
            server.port, method: "GET", path: "/metrics", headers: ["Authorization": "Bearer \(Self.token)"])
        #expect(metrics.text.contains("octet_http_malformed_total \(Self.cases.count)\n"))
        #expect(
            try TestClient.verify(server.port, FreshProofs.request(FreshProofs.proof()), token: Self.token).status
                == 200)
    }

    @Test(
        "a Content-Length libmicrohttpd cannot read (+N, N, N, 0x, -1, past 2^64) gets exactly one answer, ours, not its head written twice"
    )
    func contentLengthNotANumber() throws {
        let scratch = try Scratch()
        let server = try Self.server(in: scratch)
        defer { server.stop() }
        let length = Self.body.utf8.count
        let values: [(String, Int, String)] = [
            ("+\(length)", 400, "HTTP_MALFORMED"), ("\(length), \(length)", 400, "HTTP_MALFORMED"),
            ("\(length) \(length)", 400, "HTTP_MALFORMED"), ("0x\(String(length, radix: 16))", 400, "HTTP_MALFORMED"),
            ("-1", 400, "HTTP_MALFORMED"), ("99999999999999999999999", 413, "PAYLOAD_TOO_LARGE"),
        ]
        for (value, status, code) in values {
            let outcome = try TestClient.raw(
                server.port,
                Self.post(Self.auth + Self.json + "Content-Length: \(value)\r\n", body: Self.body + Self.smuggled))
            // MHD 0.9.75 refuses these before any handler runs and builds its answer's head twice
            // (docs/service.md "Framing"); the server answers first and MHD's answer never goes out.
            let (responses, trailing) = outcome.split
            #expect(
                responses.map(\.status) == [status],
                "\(value): \(String(decoding: outcome.bytes.prefix(80), as: UTF8.self))")
            #expect(trailing == 0, "\(value): \(trailing) bytes after the answer")
            #expect(responses.first?.json?.errorCode == code, "\(value)")
            #expect(responses.first?.header("Connection")?.lowercased() == "close", "\(value)")
            #expect(responses.first?.header("X-Request-Id")?.hasPrefix("o-") == true, "\(value)")
            #expect(outcome.closedByServer, "\(value)")
            #expect(outcome.seconds < 2, "\(value)")
        }
        // Each logged once (a line may follow its answer by a write), nothing verified, and the
        // server goes on.
        #expect(server.waitFor("request", count: values.count))
        let logged = server.events("request").compactMap { line -> String? in
            if case .number(let status)? = line["status"] { return status.text }
            return nil
        }
        // (In any order: each connection may go to another HTTP thread, and each writes its own lines.)
        #expect(logged.sorted() == values.map { String($0.1) }.sorted())
        #expect(
            try TestClient.verify(server.port, FreshProofs.request(FreshProofs.proof()), token: Self.token).status
                == 200)
    }

    @Test(
        "with another request of the thread between its line and its headers, nothing is guessed: libmicrohttpd's own 400 goes to the malformed one, the other is answered"
    )
    func contentLengthRefusalNeverMisdirected() throws {
        let scratch = try Scratch()
        // One HTTP thread: both connections are its.
        let server = try ServeProcess(["--threads", "1", "--request-timeout", "30"], in: scratch)
        defer { server.stop() }
        let waiting = try TestClient.connect(server.port, timeoutSeconds: 5)
        defer { close(waiting) }
        #expect(TestClient.send(waiting, Array("GET /healthz HTTP/1.1\r\nHost: x\r\n".utf8)))
        usleep(200_000)
        let outcome = try TestClient.raw(
            server.port, Self.post(Self.json + "Content-Length: +2\r\n", body: "{}"))
        // MHD's answer (its head twice, docs/service.md "Framing"), not the server's.
        #expect(String(decoding: outcome.bytes, as: UTF8.self).hasPrefix("HTTP/1.1 400 "))
        #expect(outcome.split.responses.first?.json == nil)
        #expect(outcome.closedByServer)
        // The waiting request was not answered for it, and is answered once it is whole.
        #expect(TestClient.send(waiting, Array("Connection: close\r\n\r\n".utf8)))
        let reply = try TestClient.parse(TestClient.readAll(waiting))
        #expect(reply.status == 200)
        #expect(reply.json?["status"] == .string("ok"))
    }

    @Test("well-formed variants are still answered: a pipelined pair, a cookie, a short query, padding, HTTP/1.0")
    func wellFormedVariants() throws {
        let scratch = try Scratch()
        let server = try Self.server(in: scratch)
        defer { server.stop() }
        let auth = "Authorization: Bearer \(Self.token)"
        let accepted: [(String, String, Int)] = [
            ("a leading empty line", "\r\nGET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 1),
            (
                "spaces after a colon, an empty value, trailing spaces",
                "GET /healthz HTTP/1.1\r\nHost:    x\r\nX-Empty:\r\nX-Pad: v  \r\nConnection: close\r\n\r\n", 1
            ),
            (
                "a cookie",
                "GET /metrics HTTP/1.1\r\nHost: x\r\nCookie: a=b; c=d\r\n\(auth)\r\nConnection: close\r\n\r\n", 1
            ),
            (
                "a short query and an escaped path",
                "GET /heal%74hz?a=1&b=2 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 1
            ),
            (
                "two requests pipelined on one connection",
                "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                2
            ),
            ("HTTP/1.0 without Host", "GET /healthz HTTP/1.0\r\n\r\n", 1),
        ]
        for (name, text, count) in accepted {
            let outcome = try TestClient.raw(server.port, Array(text.utf8))
            let (responses, trailing) = outcome.split
            #expect(
                responses.count == count && responses.allSatisfy { $0.status == 200 },
                "\(name): \(responses.map(\.status))")
            #expect(trailing == 0, "\(name)")
        }
        // A POST whose body is chunked, and one with one Content-Length, are verified.
        let body = Self.body
        for head in ["Transfer-Encoding: chunked\r\n", "Content-Length: \(body.utf8.count)\r\n"] {
            let payload =
                head.hasPrefix("Transfer") ? String(body.utf8.count, radix: 16) + "\r\n" + body + "\r\n0\r\n\r\n" : body
            let outcome = try TestClient.raw(
                server.port,
                Self.post(
                    "Authorization: Bearer \(Self.token)\r\n" + Self.json + "Connection: close\r\n" + head,
                    body: payload))
            #expect(outcome.split.responses.map(\.status) == [200], "\(head)")
        }
    }

    @Test("an X-Request-Id cut by a NUL is refused and never echoed: the answer and the log carry a generated id")
    func requestIdWithNul() throws {
        let scratch = try Scratch()
        let server = try Self.server(in: scratch)
        defer { server.stop() }
        let outcome = try TestClient.raw(
            server.port, Array("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Request-Id: abc\0def\r\n\r\n".utf8))
        let reply = try #require(outcome.split.responses.first)
        #expect(reply.status == 400)
        #expect(reply.json?.errorCode == "HTTP_MALFORMED")
        let echoed = try #require(reply.header("X-Request-Id"))
        #expect(echoed.hasPrefix("o-"), "echoed \(echoed)")
        #expect(server.waitFor("request"))
        let logged = server.events("request").compactMap { line -> String? in
            if case .string(let id)? = line["requestId"] { return id }
            return nil
        }
        #expect(logged == [echoed])
        // A safe id with no NUL anywhere is still the caller's.
        let plain = try TestClient.request(
            server.port, method: "GET", path: "/healthz", headers: ["X-Request-Id": "abc"])
        #expect(plain.header("X-Request-Id") == "abc")
    }

    @Test("a token hidden after a NUL does not authenticate, nor does one before it; the server logs the defect")
    func tokenAfterNul() throws {
        let scratch = try Scratch()
        let server = try Self.server(in: scratch)
        defer { server.stop() }
        for value in ["Bearer wrong\0\(Self.token)", "Bearer \(Self.token)\0wrong"] {
            let outcome = try TestClient.raw(
                server.port, Array("GET /metrics HTTP/1.1\r\nHost: x\r\nAuthorization: \(value)\r\n\r\n".utf8))
            let responses = outcome.split.responses
            #expect(responses.map(\.status) == [400])
            #expect(!(responses.first?.text.contains("octet_http_requests_total") ?? true))
        }
        // The access log names the rule, never the bytes.
        let logged = server.events("request").compactMap { line -> String? in
            if case .string(let defect)? = line["defect"] { return defect }
            return nil
        }
        #expect(logged.contains("unreadBytes"))
        #expect(!server.log.contains("wrong"))
    }
}
