import Foundation
import OctetEncoding
import OctetTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Several `serve` processes on one PostgreSQL (`scripts/with-postgres swift test`): each proof,
/// and each session nonce, is accepted once across the fleet, whatever runs concurrently, whatever
/// instance dies, and a database outage is 503s that end by themselves.
@Suite(
    "Fleet: serve instances on one PostgreSQL", .serialized,
    .enabled(if: PostgresTestEnvironment.enabled, "\(PostgresTestEnvironment.missing)"))
struct FleetTests {
    static func fleet(_ count: Int, url: String, in scratch: Scratch) throws -> [ServeProcess] {
        try (0..<count).map { _ in try ServeProcess(["--replay-store", url, "--threads", "2"], in: scratch) }
    }

    /// Posts `bodies[i]` to `servers[i % count]`, all at once (one thread each); the replies by index.
    static func postAll(_ bodies: [String], to servers: [ServeProcess]) -> [HTTPReply?] {
        let replies = Replies(count: bodies.count)
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for (index, body) in bodies.enumerated() {
            done.enter()
            let port = servers[index % servers.count].port
            Thread {
                start.wait()
                replies.set(index, try? TestClient.verify(port, body))
                done.leave()
            }.start()
        }
        for _ in bodies { start.signal() }
        _ = done.wait(timeout: .now() + 120)
        return replies.all
    }

    @Test("the same fresh proof posted 64 times at once across 4 instances: exactly one valid, the rest replays")
    func oneProof() throws {
        let base = try #require(PostgresTestEnvironment.url, "\(PostgresTestEnvironment.missing)")
        let url = try PostgresAdmin.freshSchema(base)
        let scratch = try Scratch()
        let servers = try Self.fleet(4, url: url, in: scratch)
        defer { servers.forEach { $0.stop() } }
        let body = FreshProofs.request(FreshProofs.proof())
        let replies = Self.postAll(Array(repeating: body, count: 64), to: servers)
        let results = replies.compactMap { $0?.status == 200 ? $0?.json : nil }
        #expect(results.count == 64, "statuses: \(replies.map { $0?.status ?? -1 })")
        #expect(results.filter { $0.verdict == "valid" }.count == 1)
        #expect(results.filter { $0.checkStatus("replay-uniqueness") == "FAIL" }.count == 63)
    }

    @Test("64 different proofs bound to one session nonce, at once across 4 instances: exactly one valid")
    func oneNonce() throws {
        let base = try #require(PostgresTestEnvironment.url, "\(PostgresTestEnvironment.missing)")
        let url = try PostgresAdmin.freshSchema(base)
        let scratch = try Scratch()
        let servers = try Self.fleet(4, url: url, in: scratch)
        defer { servers.forEach { $0.stop() } }
        let nonce = Array("fleet-session-nonce-0001".utf8)
        let bodies = (0..<64).map { _ in FreshProofs.request(FreshProofs.proof(nonce: nonce), nonce: nonce) }
        let replies = Self.postAll(bodies, to: servers)
        let results = replies.compactMap { $0?.status == 200 ? $0?.json : nil }
        #expect(results.count == 64, "statuses: \(replies.map { $0?.status ?? -1 })")
        #expect(results.filter { $0.verdict == "valid" }.count == 1)
        #expect(results.filter { $0.checkStatus("replay-uniqueness") == "FAIL" }.count == 63)
    }

    @Test("kill -9 of one instance under load: no proof is accepted twice, the others keep serving")
    func killOne() throws {
        let base = try #require(PostgresTestEnvironment.url, "\(PostgresTestEnvironment.missing)")
        let url = try PostgresAdmin.freshSchema(base)
        let scratch = try Scratch()
        let servers = try Self.fleet(4, url: url, in: scratch)
        defer { servers.forEach { $0.stop() } }
        // 96 proofs, each posted twice (to two different instances), while instance 0 is killed.
        let proofs = (0..<96).map { _ in FreshProofs.request(FreshProofs.proof()) }
        let bodies = proofs + proofs
        let killer = Thread {
            usleep(30_000)
            servers[0].kill()
        }
        killer.start()
        let replies = Self.postAll(bodies, to: servers)
        var accepted = [Int](repeating: 0, count: proofs.count)
        for (index, reply) in replies.enumerated() where reply?.json?.verdict == "valid" {
            accepted[index % proofs.count] += 1
        }
        // Every instance still alive answered every request sent to it.
        for (index, reply) in replies.enumerated() where index % servers.count != 0 {
            #expect(reply?.status == 200, "request \(index) to a live instance: \(reply?.status ?? -1)")
        }
        // Afterwards, each proof once more through a survivor: never a second acceptance.
        for (index, body) in proofs.enumerated() {
            let again = try TestClient.verify(servers[1].port, body)
            #expect(again.status == 200)
            if again.json?.verdict == "valid" { accepted[index] += 1 }
        }
        #expect(accepted.allSatisfy { $0 <= 1 }, "accepted counts: \(accepted)")
        // A proof whose acceptance was recorded is refused afterwards even if its answer was lost.
        #expect(accepted.filter { $0 == 1 }.count >= proofs.count / 2)
    }

    @Test("PostgreSQL stopped mid-run: 503 with Retry-After and /healthz 503, then served again without a restart")
    func outage() throws {
        let cluster = try PrivatePostgresCluster()
        let url = try PostgresAdmin.freshSchema(cluster.url)
        let scratch = try Scratch()
        let server = try ServeProcess(["--replay-store", url], in: scratch)
        defer { server.stop() }
        let before = try TestClient.verify(server.port, FreshProofs.request(FreshProofs.proof()))
        #expect(before.status == 200)
        #expect(before.json?.verdict == "valid")
        try cluster.stop()
        let proof = FreshProofs.request(FreshProofs.proof())
        let during = try TestClient.verify(server.port, proof)
        #expect(during.status == 503)
        #expect(during.header("Retry-After") == "1")
        #expect(during.json?.errorCode == "REPLAY_STORE_UNAVAILABLE")
        #expect(try TestClient.request(server.port, method: "GET", path: "/healthz").status == 503)
        try cluster.start()
        var after: HTTPReply?
        // Bounded: 30 s for the store to reconnect on its own.
        for _ in 0..<150 {
            after = try TestClient.verify(server.port, proof)
            if after?.status == 200 { break }
            usleep(200_000)
        }
        #expect(after?.status == 200)
        // The proof refused with 503 was not recorded then: it is accepted now, once.
        #expect(after?.json?.verdict == "valid")
        var healthy = false
        for _ in 0..<50 where !healthy {
            healthy = (try? TestClient.request(server.port, method: "GET", path: "/healthz"))?.status == 200
            if !healthy { usleep(200_000) }
        }
        #expect(healthy)
        #expect(server.stop() == 0)
    }

    @Test("--requests against a stopped PostgreSQL answers replay-uniqueness INCONCLUSIVE, never PASS")
    func requestsOutage() throws {
        let cluster = try PrivatePostgresCluster()
        let url = try PostgresAdmin.freshSchema(cluster.url)
        try cluster.stop()
        let scratch = try Scratch()
        try (FreshProofs.request(FreshProofs.proof()) + "\n").write(
            toFile: scratch.path("in.jsonl"), atomically: true, encoding: .utf8)
        let process = Process()
        let binary = try #require(VerifierBinary.url)
        process.executableURL = binary
        process.arguments = ["--requests", scratch.path("in.jsonl"), "--replay-store", url]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard case .success(.object(let result)) = JSONReader.parse(Array(data.dropLast())) else {
            Issue.record("no result line")
            return
        }
        #expect(result.checkStatus("replay-uniqueness") == "INCONCLUSIVE")
        #expect(result.verdict == "inconclusive")
        #expect(process.terminationStatus == 0)
    }
}

/// Replies gathered from several threads, by index.
final class Replies: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [HTTPReply?]
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ reply: HTTPReply?) { lock.withLock { values[index] = reply } }
    var all: [HTTPReply?] { lock.withLock { values } }
}
