import Foundation
import OctetEncoding
import OctetTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `/healthz` and reloads that tell the truth (issue 21, item 5): not ready while the replay store
/// cannot record, not only while it cannot be reached; a failed SIGHUP reload keeps serving with
/// the previous configuration and says so in `/healthz`, `/metrics` and an error log line.
@Suite("serve: health and reloads that tell the truth", .serialized)
struct HealthTests {
    static let token = "health-test-token-0123456789abcdefghijkl"

    static func health(_ port: UInt16) throws -> HTTPReply {
        try TestClient.request(port, method: "GET", path: "/healthz")
    }

    static func status(_ reply: HTTPReply) -> String? {
        if case .string(let text)? = reply.json?["status"] { return text }
        return nil
    }

    /// Polls `/healthz` (bounded: `seconds`) until its status is `wanted`; the last answer.
    static func waitForHealth(_ port: UInt16, _ wanted: String, seconds: Int = 15) throws -> HTTPReply {
        var reply = try health(port)
        for _ in 0..<(seconds * 5) where status(reply) != wanted {
            usleep(200_000)
            reply = try health(port)
        }
        return reply
    }

    static func metrics(_ port: UInt16) throws -> String {
        try TestClient.request(port, method: "GET", path: "/metrics", headers: ["Authorization": "Bearer \(token)"])
            .text
    }

    /// Runs the sqlite3 shell on `database` with `sql`; its exit status.
    @discardableResult
    static func sqlite(_ database: String, _ sql: String) throws -> Int32 {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        shell.arguments = [database, sql]
        shell.standardOutput = FileHandle.nullDevice
        shell.standardError = FileHandle.nullDevice
        try shell.run()
        shell.waitUntilExit()
        return shell.terminationStatus
    }

    static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test("a read-only SQLite store answers look-ups but cannot record: /healthz 503 replay-store-cannot-record")
    func readOnlySQLite() throws {
        let scratch = try Scratch()
        let database = scratch.path("replay.db")
        // A store with its schema, made by a first server.
        do {
            let first = try ServeProcess(["--replay-store", "sqlite:" + database], in: scratch)
            #expect(try Self.health(first.port).status == 200)
            #expect(first.stop() == 0)
        }
        // Read-only for this process: mode 0444, and for root (whom modes do not stop) immutable.
        chmod(database, 0o444)
        let immutable = geteuid() == 0 && Self.run("/usr/bin/chattr", ["+i", database]) == 0
        defer {
            if immutable { _ = Self.run("/usr/bin/chattr", ["-i", database]) }
            chmod(database, 0o644)
        }
        let refusesWrites = try Self.sqlite(database, "CREATE TABLE t (x);") != 0
        try #require(refusesWrites, "cannot make a read-only file here (root without chattr?)")

        let server = try ServeProcess(["--replay-store", "sqlite:" + database], in: scratch)
        defer { server.stop() }
        // The first probe runs before the server says it is listening.
        let reply = try Self.health(server.port)
        #expect(reply.status == 503)
        #expect(reply.header("Retry-After") == "1")
        #expect(reply.text == #"{"status":"replay-store-cannot-record"}"#)
        // And it is true: a valid proof cannot be accepted.
        let verified = try TestClient.verify(server.port, FreshProofs.request(FreshProofs.proof()))
        #expect(verified.status == 503)
        #expect(verified.json?.errorCode == "REPLAY_STORE_UNAVAILABLE")
        #expect(try Self.health(server.port).status == 503)
        // The reason is in the log (an operator's file: fine there), not in the open endpoint.
        let event = server.events("replay-store").first
        #expect(event?["level"] == .string("error"))
        if case .string(let reason)? = event?["reason"] { #expect(reason.contains("read-only")) }
    }

    @Test("an SQLite store write-locked by another process: /healthz 503 within seconds, ok again once released")
    func writeLockedSQLite() throws {
        let scratch = try Scratch()
        let database = scratch.path("replay.db")
        let server = try ServeProcess(["--replay-store", "sqlite:" + database], in: scratch)
        defer { server.stop() }
        #expect(try Self.health(server.port).text == #"{"status":"ok"}"#)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        holder.arguments = [database]
        let input = Pipe()
        holder.standardInput = input
        holder.standardOutput = FileHandle.nullDevice
        holder.standardError = FileHandle.nullDevice
        try holder.run()
        input.fileHandleForWriting.write(Data("BEGIN EXCLUSIVE;\nSELECT 1;\n".utf8))
        let locked = try Self.waitForHealth(server.port, "replay-store-unavailable")
        #expect(locked.status == 503)
        #expect(Self.status(locked) == "replay-store-unavailable")
        input.fileHandleForWriting.write(Data("COMMIT;\n.quit\n".utf8))
        holder.waitUntilExit()
        let released = try Self.waitForHealth(server.port, "ok")
        #expect(released.status == 200)
        #expect(server.events("replay-store").compactMap { $0["status"] }.contains(.string("replay-store-unavailable")))
    }

    @Test(
        "a SIGHUP with a broken token file keeps the old tokens, and /healthz, /metrics and the log say so until fixed")
    func failedReload() throws {
        let scratch = try Scratch()
        let path = scratch.path("tokens")
        try Self.token.write(toFile: path, atomically: true, encoding: .utf8)
        let server = try ServeProcess(["--token-file", path], in: scratch)
        defer { server.stop() }
        #expect(try Self.health(server.port).text == #"{"status":"ok"}"#)
        let before = try Self.metrics(server.port)
        #expect(before.contains("octet_config_last_reload_successful 1\n"))
        let startedAt = before.split(separator: "\n").first {
            $0.hasPrefix("octet_config_last_reload_success_timestamp_seconds ")
        }
        .flatMap { Int($0.split(separator: " ")[1]) }

        // An edit with a typo: the whole file is refused, the old token stays in force.
        try (Self.token + "\nshort\n").write(toFile: path, atomically: true, encoding: .utf8)
        server.signal(SIGHUP)
        #expect(server.waitFor("reload"))
        let failed = try Self.health(server.port)
        #expect(failed.status == 200)
        #expect(
            failed.text == #"{"status":"reload-failed","reloadFailed":[{"option":"--token-file","file":"tokens"}]}"#)
        let metrics = try Self.metrics(server.port)
        #expect(metrics.contains("octet_config_last_reload_successful 0\n"))
        #expect(metrics.contains("octet_config_reloads_total{result=\"failed\"} 1\n"))
        #expect(metrics.contains("octet_config_reloads_total{result=\"ok\"} 0\n"))
        let line = server.events("reload").last
        #expect(line?["level"] == .string("error"))
        #expect(line?["failed"] == .array([.string("--token-file tokens")]))
        #expect(
            try TestClient.verify(server.port, FreshProofs.request(FreshProofs.proof()), token: Self.token).status
                == 200)

        // Fixed and reloaded: ok again, the success time moves on.
        sleep(1)
        try (Self.token + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        server.signal(SIGHUP)
        #expect(server.waitFor("reload", count: 2))
        #expect(try Self.health(server.port).text == #"{"status":"ok"}"#)
        let fixed = try Self.metrics(server.port)
        #expect(fixed.contains("octet_config_last_reload_successful 1\n"))
        #expect(fixed.contains("octet_config_reloads_total{result=\"ok\"} 1\n"))
        let reloadedAt = fixed.split(separator: "\n").first {
            $0.hasPrefix("octet_config_last_reload_success_timestamp_seconds ")
        }
        .flatMap { Int($0.split(separator: " ")[1]) }
        #expect(startedAt != nil && reloadedAt != nil && reloadedAt! > startedAt!)
        #expect(server.events("reload").last?["level"] == .string("info"))
    }

    @Test("a broken revocation list on SIGHUP is named by /healthz too")
    func failedRevocationReload() throws {
        let scratch = try Scratch()
        let path = scratch.path("status.json")
        try #"{"entries": {}}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let server = try ServeProcess(["--revocation-list", path], in: scratch)
        defer { server.stop() }
        try "not a list".write(toFile: path, atomically: true, encoding: .utf8)
        server.signal(SIGHUP)
        #expect(server.waitFor("reload"))
        #expect(
            try Self.health(server.port).text
                == #"{"status":"reload-failed","reloadFailed":[{"option":"--revocation-list","file":"status.json"}]}"#)
    }
}

/// The same truths with PostgreSQL (`scripts/with-postgres swift test`): a role that may read but
/// not write, and sessions that default to read-only transactions.
@Suite(
    "serve: health with a PostgreSQL store that cannot record", .serialized,
    .enabled(if: PostgresTestEnvironment.enabled, "\(PostgresTestEnvironment.missing)"))
struct PostgreSQLHealthTests {
    @Test("a read-only PostgreSQL role: /healthz 503 replay-store-cannot-record; granted INSERT: ok again")
    func readOnlyRole() throws {
        let base = try #require(PostgresTestEnvironment.url, "\(PostgresTestEnvironment.missing)")
        let socket = try #require(PostgresTestEnvironment.socketURL)
        // The cluster trusts its Unix socket: its superuser makes the role.
        let admin = socket.replacingOccurrences(of: "user=octet", with: "user=postgres")
        let url = try PostgresAdmin.freshSchema(base)
        let schema = try #require(url.components(separatedBy: "search_path%3D").last)
        let scratch = try Scratch()
        // The schema, made by a server with the owner's role.
        do {
            let owner = try ServeProcess(["--replay-store", url], in: scratch)
            #expect(try HealthTests.health(owner.port).text == #"{"status":"ok"}"#)
            #expect(owner.stop() == 0)
        }
        let role = PostgresTestEnvironment.uniqueName("octet_reader")
        try PostgresAdmin.run(admin, "CREATE ROLE \(role) LOGIN")
        defer { _ = try? PostgresAdmin.run(admin, "DROP OWNED BY \(role); DROP ROLE \(role)") }
        try PostgresAdmin.run(
            admin,
            "GRANT USAGE ON SCHEMA \(schema) TO \(role); GRANT SELECT ON ALL TABLES IN SCHEMA \(schema) TO \(role)")
        let reader = PostgresTestEnvironment.url(
            socket.replacingOccurrences(of: "user=octet", with: "user=\(role)"), searchPath: schema)
        let server = try ServeProcess(["--replay-store", reader], in: scratch)
        defer { server.stop() }
        let reply = try HealthTests.waitForHealth(server.port, "replay-store-cannot-record")
        #expect(reply.status == 503)
        #expect(reply.text == #"{"status":"replay-store-cannot-record"}"#)
        let verified = try TestClient.verify(server.port, FreshProofs.request(FreshProofs.proof()))
        #expect(verified.status == 503)
        #expect(verified.json?.errorCode == "REPLAY_STORE_UNAVAILABLE")
        // Given what a verifier needs, it is ready again, without a restart.
        try PostgresAdmin.run(admin, "GRANT INSERT, DELETE ON ALL TABLES IN SCHEMA \(schema) TO \(role)")
        let granted = try HealthTests.waitForHealth(server.port, "ok")
        #expect(granted.status == 200)
        #expect(try TestClient.verify(server.port, FreshProofs.request(FreshProofs.proof())).json?.verdict == "valid")
    }

    @Test("sessions that default to read-only transactions: /healthz 503 replay-store-cannot-record")
    func readOnlyTransactions() throws {
        let base = try #require(PostgresTestEnvironment.url, "\(PostgresTestEnvironment.missing)")
        let url = try PostgresAdmin.freshSchema(base)
        let scratch = try Scratch()
        do {
            let owner = try ServeProcess(["--replay-store", url], in: scratch)
            #expect(try HealthTests.health(owner.port).text == #"{"status":"ok"}"#)
            #expect(owner.stop() == 0)
        }
        let readOnly = url + "%20-c%20default_transaction_read_only%3Don"
        let server = try ServeProcess(["--replay-store", readOnly], in: scratch)
        defer { server.stop() }
        let reply = try HealthTests.waitForHealth(server.port, "replay-store-cannot-record")
        #expect(reply.status == 503)
        #expect(HealthTests.status(reply) == "replay-store-cannot-record")
        if case .string(let reason)? = server.events("replay-store").first?["reason"] {
            #expect(reason.contains("read-only"))
        } else {
            Issue.record("no replay-store event")
        }
    }
}
