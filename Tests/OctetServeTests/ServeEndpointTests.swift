import Foundation
import OctetCrypto
import OctetEncoding
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `octet-verify serve` as a process on loopback: every endpoint, status and body shape of
/// docs/service.md. Each test starts its own server and stops it.
@Suite("serve: endpoints, statuses and shapes", .serialized)
struct ServeEndpointTests {
    static let token = "test-token-0123456789abcdef0123456789"

    @Test("a fresh proof is answered 200 with the result: id after schema, no proof member, then a replay FAILs")
    func verifyAndReplay() throws {
        let scratch = try Scratch()
        let server = try ServeProcess(["--replay-store", "sqlite:" + scratch.path("replay.db")], in: scratch)
        defer { server.stop() }
        let proof = FreshProofs.proof()
        let first = try TestClient.verify(server.port, FreshProofs.request(proof, id: "r-1"))
        #expect(first.status == 200)
        #expect(first.header("Content-Type") == "application/json")
        let result = try #require(first.json)
        #expect(result.names.prefix(3) == ["schema", "id", "proofSha256"])
        #expect(result["proof"] == nil)
        #expect(result["id"] == .string("r-1"))
        #expect(result.verdict == "valid")
        #expect(result.checkStatus("replay-uniqueness") == "PASS")
        let again = try #require(try TestClient.verify(server.port, FreshProofs.request(proof)).json)
        #expect(again.verdict == "invalid")
        #expect(again.checkStatus("replay-uniqueness") == "FAIL")
        #expect(again["id"] == nil)
        #expect(server.stop() == 0)
        // The access log never carries the id, and has one line per request.
        #expect(!server.log.contains("r-1"))
        #expect(server.events("request").count == 2)
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        let name: String
        let method: String
        let path: String
        let headers: [String: String]
        let body: String
        let status: Int
        let code: String
        var testDescription: String { name }
    }

    static let json = ["Content-Type": "application/json"]
    static let refusals: [Refusal] = [
        Refusal(
            name: "not JSON", method: "POST", path: "/v1/verify", headers: json, body: "{", status: 400,
            code: "REQUEST_INVALID"),
        Refusal(
            name: "an unknown member", method: "POST", path: "/v1/verify", headers: json,
            body: #"{"proofBase64":"CAES","extra":1}"#, status: 400, code: "REQUEST_INVALID"),
        Refusal(
            name: "trustAnchors in a request", method: "POST", path: "/v1/verify", headers: json,
            body:
                #"{"proofBase64":"CAES","options":{"trustAnchors":{"appAttestRootsDERBase64":[],"androidRootsDERBase64":[]}}}"#,
            status: 400, code: "REQUEST_INVALID"),
        Refusal(
            name: "another content type", method: "POST", path: "/v1/verify", headers: ["Content-Type": "text/plain"],
            body: #"{"proofBase64":"CAES"}"#, status: 415, code: "UNSUPPORTED_MEDIA_TYPE"),
        Refusal(
            name: "no content type", method: "POST", path: "/v1/verify", headers: [:], body: #"{"proofBase64":"CAES"}"#,
            status: 415, code: "UNSUPPORTED_MEDIA_TYPE"),
        Refusal(
            name: "GET /v1/verify", method: "GET", path: "/v1/verify", headers: [:], body: "", status: 405,
            code: "METHOD_NOT_ALLOWED"),
        Refusal(
            name: "POST /healthz", method: "POST", path: "/healthz", headers: json, body: "{}", status: 405,
            code: "METHOD_NOT_ALLOWED"),
        Refusal(
            name: "DELETE /metrics", method: "DELETE", path: "/metrics", headers: [:], body: "", status: 405,
            code: "METHOD_NOT_ALLOWED"),
        Refusal(
            name: "an unknown path", method: "GET", path: "/v2/verify", headers: [:], body: "", status: 404,
            code: "NOT_FOUND"),
        Refusal(name: "the root", method: "GET", path: "/", headers: [:], body: "", status: 404, code: "NOT_FOUND"),
        Refusal(
            name: "over --max-body", method: "POST", path: "/v1/verify", headers: json,
            body: #"{"proofBase64":""# + String(repeating: "A", count: 4096) + #""}"#, status: 413,
            code: "PAYLOAD_TOO_LARGE"),
    ]

    @Test("each refusal has its status and the error object with its code", arguments: refusals)
    func refusal(_ refusal: Refusal) throws {
        let scratch = try Scratch()
        let server = try ServeProcess(["--max-body", "2048"], in: scratch)
        defer { server.stop() }
        let reply = try TestClient.request(
            server.port, method: refusal.method, path: refusal.path, headers: refusal.headers,
            body: Array(refusal.body.utf8))
        #expect(reply.status == refusal.status)
        let error = try #require(reply.json)
        #expect(error["schema"] == .string("octet-verify/1"))
        #expect(error.errorCode == refusal.code)
        if refusal.status == 405 { #expect(reply.header("Allow") != nil) }
        if refusal.code == "REQUEST_INVALID" { #expect(error.errorField != nil) }
    }

    @Test("a malformed request names its field and keeps the id it could read")
    func malformedField() throws {
        let scratch = try Scratch()
        let server = try ServeProcess([], in: scratch)
        defer { server.stop() }
        let reply = try TestClient.verify(
            server.port, #"{"id":"x-9","proofBase64":"CAES","options":{"maxAgeSeconds":"5"}}"#)
        #expect(reply.status == 400)
        let error = try #require(reply.json)
        #expect(error.names == ["schema", "id", "error"])
        #expect(error["id"] == .string("x-9"))
        #expect(error.errorField == .string("options.maxAgeSeconds"))
    }

    @Test("a chunked body over --max-body is 413 and nothing is verified")
    func chunkedTooLarge() throws {
        let scratch = try Scratch()
        let server = try ServeProcess(["--max-body", "1024"], in: scratch)
        defer { server.stop() }
        let fd = try TestClient.connect(server.port)
        defer { close(fd) }
        var request = "POST /v1/verify HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n"
        request += "Transfer-Encoding: chunked\r\n\r\n"
        let chunk = String(repeating: "A", count: 600)
        for _ in 0..<3 { request += String(chunk.utf8.count, radix: 16) + "\r\n" + chunk + "\r\n" }
        request += "0\r\n\r\n"
        #expect(TestClient.send(fd, Array(request.utf8)))
        let reply = try TestClient.parse(TestClient.readAll(fd))
        #expect(reply.status == 413)
        #expect(reply.json?.errorCode == "PAYLOAD_TOO_LARGE")
    }

    @Test("healthz needs no token and says ok; metrics needs one and names no request data")
    func healthAndMetrics() throws {
        let scratch = try Scratch()
        try Self.token.write(toFile: scratch.path("tokens"), atomically: true, encoding: .utf8)
        let server = try ServeProcess(["--token-file", scratch.path("tokens")], in: scratch)
        defer { server.stop() }
        let health = try TestClient.request(server.port, method: "GET", path: "/healthz")
        #expect(health.status == 200)
        #expect(health.text == #"{"status":"ok"}"#)
        #expect(try TestClient.request(server.port, method: "GET", path: "/metrics").status == 401)
        _ = try TestClient.verify(
            server.port, FreshProofs.request(FreshProofs.proof(), id: "secret-id-77"), token: Self.token)
        let metrics = try TestClient.request(
            server.port, method: "GET", path: "/metrics", headers: ["Authorization": "Bearer \(Self.token)"])
        #expect(metrics.status == 200)
        #expect(metrics.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
        for family in [
            "octet_http_requests_total{status=\"200\"} 2", "octet_http_requests_total{status=\"401\"} 1",
            "octet_verifications_total{verdict=\"valid\"} 1",
            "octet_check_results_total{check=\"stage-signatures\",status=\"PASS\"} 1",
            "octet_http_request_duration_seconds_bucket{le=\"+Inf\"}", "octet_replay_store_errors_total 0",
        ] {
            #expect(metrics.text.contains(family), "\(family)")
        }
        #expect(!metrics.text.contains("secret-id-77"))
        // Every sample line is a known family with labels from closed sets.
        for line in metrics.text.split(separator: "\n") where !line.hasPrefix("#") {
            #expect(line.hasPrefix("octet_"), "\(line)")
        }
    }

    @Test("a missing or wrong token is 401 and records nothing: the proof is still valid afterwards")
    func unauthorizedRecordsNothing() throws {
        let scratch = try Scratch()
        try (Self.token + "\n# a comment\n\n").write(toFile: scratch.path("tokens"), atomically: true, encoding: .utf8)
        let server = try ServeProcess(
            ["--token-file", scratch.path("tokens"), "--replay-store", "sqlite:" + scratch.path("replay.db")],
            in: scratch)
        defer { server.stop() }
        let proof = FreshProofs.proof()
        let missing = try TestClient.verify(server.port, FreshProofs.request(proof))
        #expect(missing.status == 401)
        #expect(missing.header("WWW-Authenticate") == "Bearer")
        #expect(missing.json?.errorCode == "UNAUTHORIZED")
        #expect(try TestClient.verify(server.port, FreshProofs.request(proof), token: "wrong").status == 401)
        #expect(try TestClient.verify(server.port, FreshProofs.request(proof), token: Self.token + "x").status == 401)
        let accepted = try TestClient.verify(server.port, FreshProofs.request(proof), token: Self.token)
        #expect(accepted.status == 200)
        #expect(accepted.json?.verdict == "valid")
    }

    @Test("a 401's log line says no-token or unknown-token, and never the token presented")
    func unauthorizedSaysWhy() throws {
        let scratch = try Scratch()
        try (Self.token + "\n").write(toFile: scratch.path("tokens"), atomically: true, encoding: .utf8)
        let server = try ServeProcess(["--token-file", scratch.path("tokens")], in: scratch)
        defer { server.stop() }
        let body = FreshProofs.request(FreshProofs.proof())
        let presented = "stale-token-0123456789abcdefghijklmnop"
        #expect(try TestClient.verify(server.port, body).status == 401)
        let basic = try TestClient.request(
            server.port, method: "POST", path: "/v1/verify",
            headers: ["Authorization": "Basic b2N0ZXQ6b2N0ZXQ=", "Content-Type": "application/json"],
            body: Array(body.utf8))
        #expect(basic.status == 401)
        #expect(try TestClient.verify(server.port, body, token: presented).status == 401)
        #expect(server.waitFor("request", count: 3))
        let reasons = server.events("request").map { line -> String in
            if case .string(let auth)? = line["auth"] { return auth }
            return "none"
        }
        #expect(reasons == ["no-token", "no-token", "unknown-token"])
        #expect(!server.log.contains(presented) && !server.log.contains("b2N0ZXQ6"))
    }

    @Test("SIGHUP re-reads the token file; a bad one keeps the old tokens and says so")
    func reloadTokens() throws {
        let scratch = try Scratch()
        let path = scratch.path("tokens")
        try Self.token.write(toFile: path, atomically: true, encoding: .utf8)
        let server = try ServeProcess(["--token-file", path], in: scratch)
        defer { server.stop() }
        let second = "second-token-abcdefghijklmnopqrstuvwxyz"
        try second.write(toFile: path, atomically: true, encoding: .utf8)
        server.signal(SIGHUP)
        #expect(server.waitFor("reload"))
        let proof = FreshProofs.request(FreshProofs.proof())
        #expect(try TestClient.verify(server.port, proof, token: second).status == 200)
        #expect(try TestClient.verify(server.port, proof, token: Self.token).status == 401)
        try "short".write(toFile: path, atomically: true, encoding: .utf8)
        server.signal(SIGHUP)
        #expect(server.waitFor("reload", count: 2))
        #expect(try TestClient.verify(server.port, proof, token: second).status == 200)
        let line = server.events("reload").last
        #expect(line?["tokenFile"] == .string("kept"))
        // A number however the reload went: the tokens in force (the second file's one).
        #expect(line?["tokens"] == JSONNumber("1").map { .number($0) })
        #expect(line?["errors"].map { "\($0)".contains("--token-file tokens: ") } == true)
    }

    @Test("SIGHUP re-reads the revocation list; a malformed one keeps the list in force and says so")
    func reloadRevocationList() throws {
        let scratch = try Scratch()
        let path = scratch.path("status.json")
        try #"{"entries": {}}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let server = try ServeProcess(["--revocation-list", path], in: scratch)
        defer { server.stop() }
        let before = try #require(try TestClient.verify(server.port, FreshProofs.request(FreshProofs.proof())).json)
        #expect(before.checkStatus("revocation") == "PASS")
        let keyHash = Hex.encode(SHA256.hash(FreshProofs.issuer.proofKey.publicKey.x963Representation))
        try #"{"proofKeys": {"\#(keyHash)": {"status": "REVOKED"}}}"#.write(
            toFile: path, atomically: true, encoding: .utf8)
        server.signal(SIGHUP)
        #expect(server.waitFor("reload"))
        let revoked = try #require(try TestClient.verify(server.port, FreshProofs.request(FreshProofs.proof())).json)
        #expect(revoked.checkStatus("revocation") == "FAIL")
        try "not a list".write(toFile: path, atomically: true, encoding: .utf8)
        server.signal(SIGHUP)
        #expect(server.waitFor("reload", count: 2))
        let kept = try #require(try TestClient.verify(server.port, FreshProofs.request(FreshProofs.proof())).json)
        #expect(kept.checkStatus("revocation") == "FAIL")
        #expect(server.events("reload").last?["revocationList"] == .string("kept"))
        #expect(
            server.events("reload").last?["errors"].map { "\($0)".contains("--revocation-list status.json: ") } == true)
    }

    @Test("a non-loopback address without a token file is refused at start-up")
    func nonLoopbackNeedsTokens() throws {
        let binary = try #require(VerifierBinary.url)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "--listen", "0.0.0.0:0"]
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
    }

    @Test(
        "start-up errors say 'octet-verify serve:' once and the file once, never 'serve: serve:' or 'token file: token file'"
    )
    func startUpMessagesAreNotDoubled() throws {
        let binary = try #require(VerifierBinary.url)
        for (arguments, says) in [
            (
                ["--listen", "127.0.0.1:0", "--token-file", "/nonexistent/tokens.txt"],
                "token file /nonexistent/tokens.txt"
            ),
            (["--listen", "0.0.0.0:0"], "--listen 0.0.0.0:0 is not a loopback address"),
            (["--lisen", "127.0.0.1:0"], "did you mean --listen?"),
            (
                ["--listen", "127.0.0.1:0", "--replay-db", "r.db"],
                "it is an option of octet-verify, not of octet-verify serve"
            ),
        ] {
            let process = Process()
            let errors = Pipe()
            process.executableURL = binary
            process.arguments = ["serve"] + arguments
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(text.hasPrefix("octet-verify serve: ") && text.contains(says), "\(text)")
            #expect(!text.contains("serve: serve:") && !text.contains("token file: token file"), "\(text)")
            #expect(text.split(separator: "\n").count == 1, "\(text)")
        }
    }

    /// Runs `octet-verify serve ARGUMENTS` through `sh` (for redirections), killing it if it has
    /// not exited after 20 s: a hang then fails the test instead of stalling the suite.
    static func serveExit(_ arguments: [String], redirect: String = "") throws -> (status: Int32, killed: Bool) {
        let binary = try #require(VerifierBinary.url)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" serve \"$@\" " + redirect, binary.path] + arguments
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        if redirect.isEmpty { process.standardOutput = FileHandle.nullDevice }
        try process.run()
        var killed = false
        for _ in 0..<200 where process.isRunning { usleep(100_000) }
        if process.isRunning {
            killed = true
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        return (process.terminationStatus, killed)
    }

    @Test("a FIFO as --token-file is refused at start-up at once, never read")
    func tokenFileFIFO() throws {
        let scratch = try Scratch()
        let fifo = scratch.path("tokens")
        #expect(mkfifo(fifo, 0o600) == 0)
        let (status, killed) = try Self.serveExit(["--listen", "127.0.0.1:0", "--token-file", fifo])
        #expect(!killed)
        #expect(status == 66)
    }

    @Test("serve --help into a full disk is exit 74, not a crash")
    func helpIntoFullDisk() throws {
        let (status, killed) = try Self.serveExit(["--help"], redirect: "> /dev/full")
        #expect(!killed)
        #expect(status == 74)
    }

    @Test("SIGTERM answers what is in flight, then exits 0")
    func gracefulStop() throws {
        let scratch = try Scratch()
        let server = try ServeProcess(["--threads", "1"], in: scratch)
        let proofs = (0..<8).map { _ in FreshProofs.request(FreshProofs.proof()) }
        let statuses = Statuses()
        let group = DispatchGroup()
        for body in proofs {
            DispatchQueue.global().async(group: group) {
                let reply = try? TestClient.verify(server.port, body)
                statuses.add(reply?.status ?? -1)
                if reply?.status == 503 {
                    statuses.add(
                        reply?.json?.errorCode == "STOPPING" && reply?.header("Retry-After") == "1" ? 503 : -503)
                }
            }
        }
        usleep(50_000)
        server.signal(SIGTERM)
        #expect(group.wait(timeout: .now() + 30) == .success)
        #expect(server.stop() == 0)
        #expect(server.waitFor("stopped"))
        // Whatever was taken in was answered 200; what came after found the door closed (-1) or
        // was told to retry elsewhere (503 STOPPING with Retry-After); nothing else.
        #expect(statuses.all.allSatisfy { $0 == 200 || $0 == -1 || $0 == 503 })
    }
}

/// Statuses gathered from several threads.
final class Statuses: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int] = []
    func add(_ value: Int) { lock.withLock { values.append(value) } }
    var all: [Int] { lock.withLock { values } }
}
