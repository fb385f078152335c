import Foundation
import Octet
import OctetBackend
import OctetEncoding
import OctetTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What an on-call engineer reads (docs/service.md, "Logs", "Metrics", "Runbook"): request ids,
/// one log line per request, store outages with their start and end, stable field types, the
/// build and the codes in /metrics, errno text on start-up failures, and pruning.
@Suite("serve: the operators' view", .serialized)
struct OperatorsViewTests {
    static let token = "operators-token-0123456789abcdefghijklmnop"

    /// `octet-verify serve ARGUMENTS` expected to stop by itself: its exit status and standard error.
    static func serveFailing(_ arguments: [String]) throws -> (status: Int32, standardError: String) {
        let binary = try #require(VerifierBinary.url)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        for _ in 0..<200 where process.isRunning { usleep(100_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, text)
    }

    static func isGenerated(_ id: String?) -> Bool {
        guard let id, id.hasPrefix("o-") else { return false }
        let parts = id.dropFirst(2).split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && parts[0].count == 16
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isHexDigit && !$0.isUppercase } }
    }

    @Test("a safe X-Request-Id is echoed in the answer and logged; a missing, unsafe or too long one is replaced")
    func requestIds() throws {
        let scratch = try Scratch()
        let tokens = scratch.path("tokens")
        try (Self.token + "\n").write(toFile: tokens, atomically: true, encoding: .utf8)
        let server = try ServeProcess(["--token-file", tokens], in: scratch)
        defer { server.stop() }
        func post(_ id: String?, token: String? = Self.token) throws -> HTTPReply {
            var headers = ["Content-Type": "application/json"]
            if let id { headers["X-Request-Id"] = id }
            if let token { headers["Authorization"] = "Bearer \(token)" }
            return try TestClient.request(
                server.port, method: "POST", path: "/v1/verify", headers: headers,
                body: Array(FreshProofs.request(FreshProofs.proof()).utf8))
        }
        let safe = "req-7f3a.B9_c:d/e+f=g@h"
        let echoed = try post(safe)
        #expect(echoed.status == 200)
        #expect(echoed.header("X-Request-Id") == safe)
        // Refused before verification (401): the id still ties the answer to its log line.
        let refused = try post("caller-401", token: nil)
        #expect(refused.status == 401)
        #expect(refused.header("X-Request-Id") == "caller-401")
        let longest = String(repeating: "a", count: 128)
        #expect(try post(longest).header("X-Request-Id") == longest)

        var generated: [String] = []
        for unsafe in [nil, "has space", "quote\"d", "back\\slash", String(repeating: "a", count: 129), "é"] {
            let reply = try post(unsafe)
            #expect(reply.status == 200)
            let id = reply.header("X-Request-Id")
            #expect(Self.isGenerated(id), "\(String(describing: unsafe)) → \(String(describing: id))")
            generated += id.map { [$0] } ?? []
        }
        #expect(Set(generated).count == generated.count)
        // The field twice: neither is taken.
        let fd = try TestClient.connect(server.port)
        defer { close(fd) }
        let body = FreshProofs.request(FreshProofs.proof())
        let twice =
            "POST /v1/verify HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n"
            + "Authorization: Bearer \(Self.token)\r\nX-Request-Id: one\r\nX-Request-Id: two\r\n"
            + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
        #expect(TestClient.send(fd, Array(twice.utf8)))
        let doubled = try TestClient.parse(TestClient.readAll(fd))
        #expect(Self.isGenerated(doubled.header("X-Request-Id")))

        // One log line per request, each with the id its answer carried.
        #expect(server.waitFor("request", count: 10))
        let logged = server.events("request").compactMap { line -> String? in
            if case .string(let id)? = line["requestId"] { return id }
            return nil
        }
        #expect(logged.count == 10)
        #expect(logged.contains(safe) && logged.contains("caller-401") && logged.contains(longest))
        #expect(generated.allSatisfy(logged.contains))
        #expect(!server.log.contains("has space") && !server.log.contains("back\\\\slash"))
    }

    /// Every event's members, by name, with the JSON type each had, over every line of the log.
    static func fieldTypes(_ server: ServeProcess) -> [String: [String: Set<String>]] {
        var types: [String: [String: Set<String>]] = [:]
        for line in server.log.split(separator: "\n") {
            guard case .success(.object(let object)) = JSONReader.parse(Array(line.utf8)),
                case .string(let event)? = object["event"]
            else { continue }
            for member in object.members {
                let (name, value) = (member.name, member.value)
                let type: String
                switch value {
                case .null: type = "null"
                case .bool: type = "bool"
                case .number: type = "number"
                case .string: type = "string"
                case .array: type = "array"
                case .object: type = "object"
                }
                types[event, default: [:]][name, default: []].insert(type)
            }
        }
        return types
    }

    @Test("every log event keeps one JSON type per field: requests, refusals, reloads that load and that fail")
    func stableFieldTypes() throws {
        let scratch = try Scratch()
        let tokens = scratch.path("tokens")
        try (Self.token + "\n").write(toFile: tokens, atomically: true, encoding: .utf8)
        let database = scratch.path("replay.db")
        let server = try ServeProcess(["--token-file", tokens, "--replay-store", "sqlite:" + database], in: scratch)
        defer { server.stop() }
        let proof = FreshProofs.request(FreshProofs.proof())
        #expect(try TestClient.verify(server.port, proof, token: Self.token).status == 200)
        #expect(try TestClient.verify(server.port, proof, token: Self.token).status == 200)  // a replay: invalid
        #expect(try TestClient.verify(server.port, #"{"proofBase64":7}"#, token: Self.token).status == 400)
        #expect(try TestClient.verify(server.port, proof).status == 401)
        #expect(try TestClient.request(server.port, method: "GET", path: "/nowhere").status == 404)
        server.signal(SIGHUP)
        #expect(server.waitFor("reload"))
        try "short\n".write(toFile: tokens, atomically: true, encoding: .utf8)
        server.signal(SIGHUP)
        #expect(server.waitFor("reload", count: 2))
        let reloads = server.events("reload")
        #expect(reloads.first?["tokenFile"] == .string("reloaded") && reloads.last?["tokenFile"] == .string("kept"))
        #expect(reloads.allSatisfy { $0["tokens"] == JSONNumber("1").map { .number($0) } })
        #expect(reloads.first?["errors"] == .array([]) && reloads.first?["failed"] == .array([]))

        let types = Self.fieldTypes(server)
        #expect(types["request"] != nil && types["reload"] != nil && types["listening"] != nil)
        for (event, fields) in types {
            for (field, seen) in fields {
                #expect(seen.count == 1, "\(event).\(field) has types \(seen.sorted())")
            }
        }
    }

    @Test("/metrics has octet_build_info and counts check outcomes by check and reason code")
    func buildInfoAndCodes() throws {
        let scratch = try Scratch()
        let tokens = scratch.path("tokens")
        try (Self.token + "\n").write(toFile: tokens, atomically: true, encoding: .utf8)
        let database = scratch.path("replay.db")
        let server = try ServeProcess(["--token-file", tokens, "--replay-store", "sqlite:" + database], in: scratch)
        defer { server.stop() }
        let proof = FreshProofs.request(FreshProofs.proof())
        for _ in 0..<3 { #expect(try TestClient.verify(server.port, proof, token: Self.token).status == 200) }
        let metrics = try TestClient.request(
            server.port, method: "GET", path: "/metrics", headers: ["Authorization": "Bearer \(Self.token)"]
        ).text
        guard case .string(let anchors)? = server.events("listening").first?["trustAnchors"] else {
            Issue.record("no trustAnchors in the listening line")
            return
        }
        let info = metrics.split(separator: "\n").filter { $0.hasPrefix("octet_build_info{") }
        #expect(info.count == 1)
        #expect(info.first?.hasSuffix(",anchors=\"\(anchors)\"} 1") == true)
        #expect(info.first?.contains("version=\"") == true && info.first?.contains("commit=\"") == true)
        #expect(metrics.contains("# TYPE octet_check_codes_total counter\n"))
        // The first was accepted; the two copies failed replay-uniqueness, each with its code.
        let codes = metrics.split(separator: "\n").filter { $0.hasPrefix("octet_check_codes_total{") }
        #expect(
            codes.contains {
                $0.hasPrefix("octet_check_codes_total{check=\"replay-uniqueness\",code=\"") && $0.hasSuffix("} 2")
            })
        // Codes only: no PASS is counted there.
        #expect(!codes.contains { $0.contains("check=\"signature\"") || $0.contains("check=\"freshness\"") })
    }

    @Test("an address in use is exit 69 with the system's reason")
    func listenErrno() throws {
        let scratch = try Scratch()
        let first = try ServeProcess([], in: scratch)
        defer { first.stop() }
        let (status, standardError) = try Self.serveFailing(["--listen", "127.0.0.1:\(first.port)"])
        #expect(status == 69)
        #expect(
            standardError == "octet-verify serve: cannot listen on 127.0.0.1:\(first.port): Address already in use\n")
    }

    @Test("a store outage is logged once when it starts and once when it ends, with its reason, start and end")
    func outageStartAndEnd() throws {
        let scratch = try Scratch()
        let database = scratch.path("replay.db")
        let server = try ServeProcess(["--replay-store", "sqlite:" + database], in: scratch)
        defer { server.stop() }
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        holder.arguments = [database]
        let input = Pipe()
        holder.standardInput = input
        holder.standardOutput = FileHandle.nullDevice
        holder.standardError = FileHandle.nullDevice
        try holder.run()
        input.fileHandleForWriting.write(Data("BEGIN EXCLUSIVE;\nSELECT 1;\n".utf8))
        _ = try HealthTests.waitForHealth(server.port, "replay-store-unavailable")
        // Requests during the outage are 503s; they do not log the outage again.
        for _ in 0..<3 {
            #expect(try TestClient.verify(server.port, FreshProofs.request(FreshProofs.proof())).status == 503)
        }
        sleep(2)  // probes keep failing meanwhile
        input.fileHandleForWriting.write(Data("COMMIT;\n.quit\n".utf8))
        holder.waitUntilExit()
        _ = try HealthTests.waitForHealth(server.port, "ok")
        let events = server.events("replay-store")
        #expect(events.count == 2)
        let (started, ended) = (events.first, events.last)
        #expect(started?["outage"] == .string("started") && started?["level"] == .string("error"))
        #expect(started?["status"] == .string("replay-store-unavailable"))
        #expect(ended?["outage"] == .string("ended") && ended?["level"] == .string("info"))
        #expect(ended?["since"] != nil && ended?["since"] == started?["since"] && ended?["until"] != nil)
        #expect(ended?["reason"] == started?["reason"])
        if case .string(let reason)? = started?["reason"] {
            #expect(reason.contains("lock") || reason.contains("busy"))
        }
        if case .number(let duration)? = ended?["durationMs"] {
            #expect((duration.nonNegativeInteger(atMost: 600_000) ?? 0) >= 1_000)
        } else {
            Issue.record("no durationMs")
        }
    }

    @Test("a store's reason never carries the URL's password")
    func outageReasonMasksPassword() throws {
        let scratch = try Scratch()
        // Nothing listens on port 1: the store is unavailable from the first probe.
        let secret = "s3cret-Pa55word"
        let server = try ServeProcess(
            ["--replay-store", "postgresql://octet:\(secret)@127.0.0.1:1/octet?connect_timeout=2"], in: scratch)
        defer { server.stop() }
        _ = try HealthTests.waitForHealth(server.port, "replay-store-unavailable")
        #expect(try TestClient.verify(server.port, FreshProofs.request(FreshProofs.proof())).status == 503)
        #expect(server.events("replay-store").first?["outage"] == .string("started"))
        #expect(!server.log.contains(secret))
    }

    @Test("--prune-every removes records past the horizon, logs it, and refuses a request whose window reaches past it")
    func pruneEvery() throws {
        let scratch = try Scratch()
        let database = scratch.path("replay.db")
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let old = ReplayKey.testing(proofId: [1, 2, 3], sessionNonce: [9, 9, 9])
        let young = ReplayKey.testing(proofId: [4, 5, 6], sessionNonce: nil)
        do {
            let store = try SQLiteReplayStore(path: database)
            #expect(store.check(old, record: true, atMilliseconds: now - 3_700_000) == .first(recorded: true))
            #expect(store.check(young, record: true, atMilliseconds: now - 60_000) == .first(recorded: true))
        }
        let server = try ServeProcess(["--replay-store", "sqlite:" + database, "--prune-every", "10s"], in: scratch)
        defer { server.stop() }
        #expect(server.events("listening").first?["pruneEverySeconds"] == JSONNumber("10").map { .number($0) })
        // A window that outlasts the horizon (3600 s) is refused, never verified against a pruned store.
        let proof = FreshProofs.proof()
        let long = #"{"proofBase64":"\#(Base64.encode(proof))","options":{"maxAgeSeconds":3541}}"#
        let refused = try TestClient.verify(server.port, long)
        #expect(refused.status == 400)
        #expect(refused.json?.errorField == .string("options.maxAgeSeconds"))
        let past = now - 3_300_000
        let early = #"{"proofBase64":"\#(Base64.encode(proof))","options":{"verificationTimeMs":\#(past)}}"#
        #expect(try TestClient.verify(server.port, early).json?.errorField == .string("options.verificationTimeMs"))
        let fits = #"{"proofBase64":"\#(Base64.encode(proof))","options":{"maxAgeSeconds":3540}}"#
        #expect(try TestClient.verify(server.port, fits).json?.verdict == "valid")

        var pruned: JSONObject?
        for _ in 0..<125 where pruned == nil {
            pruned = server.events("prune").first
            usleep(200_000)
        }
        #expect(pruned?["level"] == .string("info"))
        #expect(pruned?["proofs"] == JSONNumber("1").map { .number($0) })
        #expect(pruned?["sessionNonces"] == JSONNumber("1").map { .number($0) })
        #expect(pruned?["olderThanSeconds"] == JSONNumber("3600").map { .number($0) })
        let store = try SQLiteReplayStore(path: database)
        #expect(
            store.check(old, record: false, atMilliseconds: now, windowFromMilliseconds: now - 3_700_000 + 1)
                == .first(recorded: false))
        #expect(store.check(young, record: false, atMilliseconds: now) == .replayedProofId)
    }

    @Test("--prune-every needs a store and a duration from 10s to 24h; --prune-older-than at least 360")
    func pruneEveryUsage() throws {
        for arguments in [
            ["--prune-every", "1h"], ["--replay-store", "sqlite:/tmp/x.db", "--prune-every", "5s"],
            ["--replay-store", "sqlite:/tmp/x.db", "--prune-every", "25h"],
            ["--replay-store", "sqlite:/tmp/x.db", "--prune-every", "10"],
            ["--replay-store", "sqlite:/tmp/x.db", "--prune-every", "1h", "--prune-older-than", "359"],
            ["--replay-store", "sqlite:/tmp/x.db", "--prune-older-than", "3600"],
        ] {
            let (status, _) = try Self.serveFailing(["--listen", "127.0.0.1:0"] + arguments)
            #expect(status == 64, "\(arguments)")
        }
    }
}
