import Foundation
import Octet
import OctetBackend
import OctetCLI
import OctetEncoding
import OctetTestSupport
import Testing

/// Issue 42, item 1, through the command line: a proof accepted at a pinned past time, whose
/// record another process then prunes, is never accepted again by a run that knows nothing of the
/// prune (`--replay-db`, `--replay-store`, `--requests`): the store keeps its prune horizon.
@Suite("The prune horizon on the command line: a pruned store never accepts a proof twice")
struct PruneHorizonCLITests {
    /// Two hours after `CLIFixture.now`: `replay prune`'s hour removes what was accepted at `now`.
    static let later = CLIFixture.nowMs + 7_200_000

    /// Accepts proof 7 at `CLIFixture.at` into a new SQLite store, then prunes it as `replay prune`
    /// run two hours later does; the store's path and the proof's path.
    static func acceptedThenPruned(in directory: URL) throws -> (database: String, proof: String) {
        let database = directory.appendingPathComponent("replay.db").path
        let proof = try CLIFixture.write(CLIFixture.proof(id: 7), "p.proof", in: directory)
        let first = OutputCapture()
        #expect(
            OctetVerifyTool.run(
                ["--at", CLIFixture.at, "--replay-db", database, proof],
                environment: first.environment(now: CLIFixture.nowMs)) == 0)
        #expect(first.standardOutput.contains("PASS          replay-uniqueness       first sighting; proof recorded"))
        let prune = OutputCapture()
        #expect(
            OctetVerifyTool.run(
                ["replay", "prune", "--replay-db", database], environment: prune.environment(now: Self.later)) == 0)
        #expect(prune.standardOutput.hasPrefix("pruned 1 proofs and 0 session nonces"))
        return (database, proof)
    }

    @Test(
        "--replay-db: the proof again at the same pinned time after replay prune is INCONCLUSIVE, exit 2, never valid")
    func replayDB() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (database, proof) = try Self.acceptedThenPruned(in: directory)
        for flags in [["--replay-db", database], ["--replay-store", "sqlite:" + database]] {
            let again = OutputCapture()
            let status = OctetVerifyTool.run(
                ["--at", CLIFixture.at] + flags + [proof], environment: again.environment(now: Self.later))
            #expect(status == 2, "\(again.standardOutput)")
            #expect(again.standardOutput.contains("p.proof: inconclusive"))
            #expect(
                again.standardOutput.contains(
                    "INCONCLUSIVE  replay-uniqueness       replay store pruned records this verification's window reaches"
                ))
        }
        // The window is what counts, not the clock: a verification time after the horizon by more
        // than the window and the skew is judged as usual (the proof is stale there).
        let now = OutputCapture()
        #expect(
            OctetVerifyTool.run(["--replay-db", database, proof], environment: now.environment(now: Self.later)) == 1)
        #expect(now.standardOutput.contains("PASS          replay-uniqueness       first sighting; not recorded"))
    }

    @Test("--requests: a request pinning verificationTimeMs before the horizon is INCONCLUSIVE REPLAY_WINDOW_PRUNED")
    func requests() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (database, _) = try Self.acceptedThenPruned(in: directory)
        let proof = Base64.encode([UInt8](CLIFixture.proof(id: 7)))
        let request =
            #"{"id":"again","proofBase64":"\#(proof)","options":{"verificationTimeMs":\#(CLIFixture.nowMs)}}"#
        let file = try CLIFixture.write(Data((request + "\n").utf8), "requests.jsonl", in: directory)
        let output = OutputCapture()
        #expect(
            OctetVerifyTool.run(
                ["--requests", file, "--replay-store", "sqlite:" + database],
                environment: output.environment(now: Self.later)) == 0)
        let answer = try #require(
            try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        #expect(answer["verdict"] as? String == "inconclusive")
        let checks = try #require(answer["checks"] as? [[String: Any]])
        let replay = try #require(checks.first { $0["name"] as? String == "replay-uniqueness" })
        #expect(replay["status"] as? String == "INCONCLUSIVE")
        #expect(replay["code"] as? String == "REPLAY_WINDOW_PRUNED")
    }
}

/// The same through `octet-verify` processes on one PostgreSQL store: one accepts, another prunes
/// (`replay prune`), a third, pinned to the same time, is INCONCLUSIVE.
@Suite(
    "The prune horizon across octet-verify processes on PostgreSQL",
    .enabled(if: Binary.isAvailable, "build octet-verify first (swift build), or set OCTET_VERIFY_BINARY"),
    .enabled(if: PostgresTestEnvironment.enabled, "\(PostgresTestEnvironment.missing)"))
struct PruneHorizonPostgreSQLBinaryTests {
    @Test("accepted by one process, pruned by replay prune in another, INCONCLUSIVE (exit 2) in a third")
    func threeProcesses() throws {
        let url = try PostgreSQLBinaryTests.freshURL()
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try CLIFixture.write(CLIFixture.proof(id: 9), "p.proof", in: directory)
        let first = try Binary.run(PostgreSQLBinaryTests.at + ["--replay-store", url, path], in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        // Accepted at CLIFixture.at, long before the hour replay prune keeps.
        let prune = try Binary.run(["replay", "prune", "--replay-store", url], in: directory)
        #expect(prune.status == 0, "\(prune.stderr)")
        #expect(prune.stdout.hasPrefix("pruned 1 proofs and 0 session nonces"))
        let again = try Binary.run(PostgreSQLBinaryTests.at + ["--replay-store", url, path], in: directory)
        #expect(again.status == 2, "\(again.stdout)")
        #expect(
            again.stdout.contains(
                "INCONCLUSIVE  replay-uniqueness       replay store pruned records this verification's window reaches"))
    }
}
