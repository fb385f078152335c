import Foundation
import Octet
import OctetBackend
import OctetEncoding
import OctetTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 42, item 1, through `serve`: whichever instance (or tool) prunes the shared store, no
/// instance accepts a proof again by pinning a verification time whose window reaches before
/// the pruned records. The store itself keeps the horizon, so an instance without `--prune-every`
/// needs to know nothing.
@Suite("The prune horizon in serve: a proof is accepted once whoever pruned the store", .serialized)
struct PruneHorizonServeTests {
    /// A proof made two hours ago, and a request verifying it at its making plus 5 s.
    static func pinnedRequest() -> (body: String, verificationTimeMs: Int64) {
        let made = Date().addingTimeInterval(-7_200)
        let proof = FreshProofs.proof(createdAt: made)
        let at = Int64(made.timeIntervalSince1970 * 1000) + 5_000
        return (#"{"proofBase64":"\#(Base64.encode(proof))","options":{"verificationTimeMs":\#(at)}}"#, at)
    }

    static func replayCode(_ object: JSONObject?) -> String? {
        guard case .array(let checks)? = object?["checks"] else { return nil }
        for case .object(let check) in checks {
            if case .string("replay-uniqueness")? = check["name"], case .string(let code)? = check["code"] {
                return code
            }
        }
        return nil
    }

    /// After the prune: the instance that accepted, and a new one, answer 200 INCONCLUSIVE
    /// `REPLAY_WINDOW_PRUNED` (a retry cannot help, so not 503), never `valid`.
    static func expectRefusedAfterPrune(_ body: String, instances: [ServeProcess]) throws {
        for server in instances {
            let again = try TestClient.verify(server.port, body)
            #expect(again.status == 200)
            #expect(again.json?.verdict == "inconclusive", "\(again.json.map { "\($0)" } ?? "no body")")
            #expect(again.json?.checkStatus("replay-uniqueness") == "INCONCLUSIVE")
            #expect(Self.replayCode(again.json) == "REPLAY_WINDOW_PRUNED")
        }
    }

    @Test("SQLite: pruned by an instance with --prune-every, the proof is not accepted again by one without it")
    func sqliteTwoInstances() throws {
        let scratch = try Scratch()
        let database = scratch.path("replay.db")
        let (body, _) = Self.pinnedRequest()
        let plain = try ServeProcess(["--replay-store", "sqlite:" + database], in: scratch)
        defer { plain.stop() }
        let first = try TestClient.verify(plain.port, body)
        #expect(first.json?.verdict == "valid")

        let pruner = try ServeProcess(["--replay-store", "sqlite:" + database, "--prune-every", "10s"], in: scratch)
        defer { pruner.stop() }
        var pruned: JSONObject?
        for _ in 0..<125 where pruned == nil {
            pruned = pruner.events("prune").first
            usleep(200_000)
        }
        #expect(pruned?["proofs"] == JSONNumber("1").map { .number($0) })
        let fresh = try ServeProcess(["--replay-store", "sqlite:" + database], in: scratch)
        defer { fresh.stop() }
        try Self.expectRefusedAfterPrune(body, instances: [plain, fresh])
        // The instance that prunes refuses such a request before verifying it, as before.
        #expect(try TestClient.verify(pruner.port, body).status == 400)
    }

    @Test(
        "PostgreSQL: pruned by another tool, the proof is not accepted again by either instance of a fleet",
        .enabled(if: PostgresTestEnvironment.enabled, "\(PostgresTestEnvironment.missing)"))
    func postgreSQLFleet() throws {
        let base = try #require(PostgresTestEnvironment.url, "\(PostgresTestEnvironment.missing)")
        let url = try PostgresAdmin.freshSchema(base)
        let scratch = try Scratch()
        let (body, _) = Self.pinnedRequest()
        let one = try ServeProcess(["--replay-store", url], in: scratch)
        defer { one.stop() }
        let two = try ServeProcess(["--replay-store", url], in: scratch)
        defer { two.stop() }
        #expect(try TestClient.verify(one.port, body).json?.verdict == "valid")
        #expect(try TestClient.verify(two.port, body).json?.checkStatus("replay-uniqueness") == "FAIL")

        let tool = try PostgreSQLReplayStore(uri: url)
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        #expect(
            try tool.prune(olderThanMilliseconds: 3_600_000, atMilliseconds: now)
                == ReplayPruneCount(proofs: 1, sessionNonces: 0))
        try Self.expectRefusedAfterPrune(body, instances: [one, two])
        // A proof made now, verified now, is untouched by the horizon.
        #expect(try TestClient.verify(two.port, FreshProofs.request(FreshProofs.proof())).json?.verdict == "valid")
    }
}
