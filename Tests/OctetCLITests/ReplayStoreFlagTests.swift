import Foundation
import Octet
import OctetBackend
import OctetCLI
import OctetIssuer
import OctetTestSupport
import Testing

@Suite("--replay-store and replay prune: how the command line names a replay store")
struct ReplayStoreFlagTests {
    @Test("--replay-store takes sqlite:PATH or a PostgreSQL URI, for a batch and for --requests")
    func accepted() throws {
        let sqlite = try ArgumentParser.parse(["--replay-store", "sqlite:r.db", "p.proof"])
        var expected = VerifyConfiguration()
        expected.proofs = ["p.proof"]
        expected.replayStoreURL = .sqlite(path: "r.db")
        #expect(sqlite == .verify(expected))
        let postgres = try ArgumentParser.parse(["--replay-store=postgresql://db/octet", "--requests", "-"])
        guard case .requests(let configuration) = postgres else {
            Issue.record("expected a --requests run, got \(postgres)")
            return
        }
        #expect(configuration.replayStoreURL == .postgreSQL(uri: "postgresql://db/octet"))
    }

    struct Refused: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let says: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let refused: [Refused] = [
        .init(arguments: ["--replay-store", "sqlite:a.db", "--replay-db", "b.db", "p"], says: "give one of them"),
        .init(arguments: ["--replay-store", "redis://h", "p"], says: "--replay-store: a replay store URL is"),
        .init(arguments: ["--replay-store", "sqlite:", "p"], says: "needs a file path"),
        .init(arguments: ["replay"], says: "expected prune"),
        .init(arguments: ["replay", "purge"], says: "unknown command 'purge'"),
        .init(arguments: ["replay", "prune"], says: "name the store"),
        .init(
            arguments: ["replay", "prune", "--replay-db", "a.db", "--replay-store", "sqlite:b.db"], says: "give one"),
        .init(arguments: ["replay", "prune", "--replay-db", "a.db", "--older-than", "359"], says: "at least 360 s"),
        .init(arguments: ["replay", "prune", "--replay-db", "a.db", "--older-than", "1h"], says: "whole seconds"),
        .init(arguments: ["replay", "prune", "--replay-db", "a.db", "--older-than"], says: "needs a value"),
        .init(
            arguments: ["replay", "prune", "--replay-db", "a.db", "--jobs", "2"],
            says: "unknown option '--jobs': it is an option of octet-verify,"),
        .init(
            arguments: ["replay", "prune", "--replay-db", "a.db", "--older-than=400", "--older-than=500"],
            says: "given twice"),
    ]

    @Test("mistakes are usage errors (exit 64) that say what to write", arguments: refused)
    func refuses(_ row: Refused) {
        do throws(CLIError) {
            let command = try ArgumentParser.parse(row.arguments)
            Issue.record("accepted as \(command)")
        } catch {
            #expect(error.exitCode == 64)
            #expect(error.message.contains(row.says), "\(error.message)")
        }
    }

    @Test("a refused URL never shows its password")
    func noPasswordInUsage() {
        for url in ["mysql://octet:Sesame-31337@db/octet", "postgresql://octet:Sesame-31337@db/octet?nonsense=1"] {
            do throws(CLIError) {
                _ = try ArgumentParser.parse(["--replay-store", url, "p.proof"])
                Issue.record("accepted \(url)")
            } catch {
                #expect(!error.message.contains("Sesame-31337"), "\(error.message)")
            }
        }
    }

    @Test("replay prune: the default age is an hour, --older-than replaces it, --replay-db is sqlite:")
    func pruneParsed() throws {
        #expect(
            try ArgumentParser.parse(["replay", "prune", "--replay-store", "postgres://db/octet"])
                == .replayPrune(.init(store: .postgreSQL(uri: "postgres://db/octet"), olderThanSeconds: 3_600)))
        #expect(
            try ArgumentParser.parse(["replay", "prune", "--older-than=86400", "--replay-db", "r.db"])
                == .replayPrune(.init(store: .sqlite(path: "r.db"), olderThanSeconds: 86_400)))
        #expect(try ArgumentParser.parse(["replay", "--help"]) == .replayHelp)
    }

    @Test("replay prune on an SQLite store removes only the records past the age, and says how many")
    func pruneSQLite() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("replay.db").path
        let now: Int64 = 1_800_000_000_000
        let store = try SQLiteReplayStore(path: path)
        let old = ReplayKey.testing(proofId: [1, 2, 3], sessionNonce: [9, 9, 9])
        let young = ReplayKey.testing(proofId: [4, 5, 6], sessionNonce: nil)
        #expect(store.check(old, record: true, atMilliseconds: now - 3_601_000) == .first(recorded: true))
        #expect(store.check(young, record: true, atMilliseconds: now - 3_599_000) == .first(recorded: true))
        let output = OutputCapture()
        let status = OctetVerifyTool.run(
            ["replay", "prune", "--replay-store", "sqlite:\(path)"], environment: output.environment(now: now))
        #expect(status == 0)
        #expect(
            output.standardOutput
                == "pruned 1 proofs and 1 session nonces accepted more than 3600 s ago from sqlite:\(path)\n")
        // Gone: a window after the horizon (the newest time removed) finds nothing.
        #expect(
            store.check(old, record: false, atMilliseconds: now, windowFromMilliseconds: now - 3_601_000 + 1)
                == .first(recorded: false))
        #expect(store.check(young, record: false, atMilliseconds: now) == .replayedProofId)
    }

    @Test("replay prune on an SQLite path that does not exist is 66 'no such replay store' and creates nothing")
    func pruneMissingSQLite() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("mistyped.db").path
        for arguments in [["--replay-store", "sqlite:\(path)"], ["--replay-db", path]] {
            let output = OutputCapture()
            let status = OctetVerifyTool.run(["replay", "prune"] + arguments, environment: output.environment(now: 0))
            #expect(status == 66)
            #expect(output.standardOutput.isEmpty)
            #expect(
                output.standardError
                    == "octet-verify: replay prune: sqlite:\(path): no such replay store (No such file or directory)\n")
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test("a version 1 replay database is migrated by the first run, which says so once; its old ids stay refused")
    func migrationNotice() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("v1.db").path
        // CLIFixture.proof(id: 7)'s proof id, accepted by a store of version 1.
        let oldId = String(repeating: "07", count: 15) + "a5"
        try RawSQLite.run(
            database, RawSQLite.versionOneReplaySchema + "INSERT INTO octet_accepted_proofs VALUES (X'\(oldId)', 1);")
        let old = try CLIFixture.write(CLIFixture.proof(id: 7), "old.proof", in: directory)
        // A proof of the present: a time pinned before the migration is behind its horizon.
        var draft = ProofDraft(createdAt: Date().addingTimeInterval(-10))
        draft.proofId = [UInt8](repeating: 8, count: 15) + [0xA5]
        let new = try CLIFixture.write(CLIFixture.issuer.issue(draft), "new.proof", in: directory)
        let notice =
            "octet-verify: replay store \(database): migrated from schema version 1 to 3: proofs are now recorded "
            + "under their proof identity; the proof ids recorded by version 1 stay refused until they are pruned; "
            + "the store now keeps its prune horizon, set to 360 s before the migration: a verification whose "
            + "window reaches back before it is INCONCLUSIVE (REPLAY_WINDOW_PRUNED)\n"

        let first = OutputCapture()
        let status = OctetVerifyTool.run(
            ["--at", CLIFixture.at, "--replay-db", database, old],
            environment: first.environment(now: CLIFixture.nowMs))
        #expect(status == 1)
        #expect(first.standardError == notice)
        #expect(first.standardOutput.contains("FAIL          replay-uniqueness       proof already accepted"))

        let second = OutputCapture()
        #expect(
            OctetVerifyTool.run(
                ["--replay-store", "sqlite:" + database, old, new],
                environment: second.environment(now: ToolEnvironment.systemClock())) == 1)
        #expect(second.standardError.isEmpty, "\(second.standardError)")
        #expect(second.standardOutput.contains("new.proof: valid"))
        #expect(second.standardOutput.contains("old.proof: invalid"))
    }
}

/// Collects what the tool writes, for in-process runs.
final class OutputCapture: @unchecked Sendable {
    // Guarded by `lock`.
    private var out = ""
    private var err = ""
    private let lock = NSLock()

    var standardOutput: String { lock.withLock { out } }
    var standardError: String { lock.withLock { err } }

    func environment(now: Int64) -> ToolEnvironment {
        ToolEnvironment(
            writeOutput: { text in self.lock.withLock { self.out += text } },
            writeBinaryOutput: { data in self.lock.withLock { self.out += String(decoding: data, as: UTF8.self) } },
            writeError: { text in self.lock.withLock { self.err += text } }, now: { now })
    }
}

/// `octet-verify --replay-store postgresql://…` as a process, against the test PostgreSQL.
@Suite(
    "octet-verify with a PostgreSQL replay store: each proof accepted once across processes",
    .enabled(if: Binary.isAvailable, "build octet-verify first (swift build), or set OCTET_VERIFY_BINARY"),
    .enabled(if: PostgresTestEnvironment.enabled, "\(PostgresTestEnvironment.missing)"))
struct PostgreSQLBinaryTests {
    static let at = ["--at", CLIFixture.at]

    static func freshURL() throws -> String {
        let base = try #require(PostgresTestEnvironment.url, "\(PostgresTestEnvironment.missing)")
        return try PostgresAdmin.freshSchema(base)
    }

    static func replayStatus(_ line: Substring) throws -> (proof: String, status: String, verdict: String) {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let checks = try #require(object["checks"] as? [[String: Any]])
        let replay = try #require(checks.first { $0["name"] as? String == "replay-uniqueness" })
        return (object["proof"] as? String ?? "", replay["status"] as? String ?? "", object["verdict"] as? String ?? "")
    }

    @Test("the same proof twice: valid, then a replay-uniqueness FAIL (exit 1)")
    func twice() throws {
        let url = try Self.freshURL()
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try CLIFixture.write(CLIFixture.proof(id: 7), "p.proof", in: directory)
        let first = try Binary.run(Self.at + ["--replay-store", url, path], in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("PASS          replay-uniqueness       first sighting; proof recorded"))
        let second = try Binary.run(Self.at + ["--replay-store", url, path], in: directory)
        #expect(second.status == 1)
        #expect(second.stdout.contains("FAIL          replay-uniqueness       proof already accepted"))
        let password = try #require(url.split(separator: "@").first?.split(separator: ":").last)
        #expect(!first.stdout.contains(password) && !first.stderr.contains(password))
    }

    @Test("4 processes racing on 24 proofs (two pairs sharing a nonce): each proof id and nonce accepted once")
    func processRace() throws {
        let url = try Self.freshURL()
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for index in 0..<24 {
            let nonce: [UInt8]? = index >= 20 ? [UInt8](repeating: UInt8(index / 2), count: 16) : nil
            paths.append(
                try CLIFixture.write(CLIFixture.proof(id: UInt8(index), nonce: nonce), "p\(index).proof", in: directory)
            )
        }
        let runs = try (0..<4).map { process in
            let order = process % 2 == 0 ? paths : paths.reversed()
            return try Binary.Running(
                Self.at + ["--format", "json", "--jobs", "2", "--replay-store", url] + order, stdin: nil, in: directory)
        }.map { try $0.wait() }
        var accepted: [String: Int] = [:]
        for run in runs {
            #expect(run.stderr.isEmpty, "\(run.stderr)")
            for line in run.stdout.split(separator: "\n") {
                let (proof, status, verdict) = try Self.replayStatus(line)
                if status == "PASS" {
                    accepted[proof, default: 0] += 1
                    #expect(verdict == "valid")
                } else {
                    #expect(status == "FAIL")
                    #expect(verdict == "invalid")
                }
            }
        }
        for path in paths.prefix(20) { #expect(accepted[path] == 1, "\(path)") }
        for pair in [[paths[20], paths[21]], [paths[22], paths[23]]] {
            #expect(pair.map { accepted[$0, default: 0] }.reduce(0, +) == 1)
        }
    }

    @Test("8 processes, each with its own proof, all bound to one session nonce: exactly one valid")
    func processRaceOnNonce() throws {
        let url = try Self.freshURL()
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let nonce = [UInt8](repeating: 0x5A, count: 16)
        let paths = try (0..<8).map { index in
            try CLIFixture.write(
                CLIFixture.proof(id: UInt8(100 + index), nonce: nonce), "n\(index).proof", in: directory)
        }
        let runs = try paths.map { path in
            try Binary.Running(Self.at + ["--format", "json", "--replay-store", url, path], stdin: nil, in: directory)
        }.map { try $0.wait() }
        var statuses: [String] = []
        for run in runs {
            #expect(run.stderr.isEmpty, "\(run.stderr)")
            statuses.append(try Self.replayStatus(try #require(run.stdout.split(separator: "\n").first)).status)
        }
        #expect(statuses.filter { $0 == "PASS" }.count == 1, "\(statuses)")
        #expect(statuses.filter { $0 == "FAIL" }.count == 7, "\(statuses)")
        #expect(runs.map(\.status).sorted() == [0, 1, 1, 1, 1, 1, 1, 1])
    }

    @Test("replay prune on PostgreSQL: only the records past the age go")
    func prune() throws {
        let url = try Self.freshURL()
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try PostgreSQLReplayStore(uri: url)
        let now = ToolEnvironment.systemClock()
        let old = ReplayKey.testing(proofId: [1, 2, 3], sessionNonce: [7, 7, 7])
        let young = ReplayKey.testing(proofId: [4, 5, 6], sessionNonce: [8, 8, 8])
        #expect(store.check(old, record: true, atMilliseconds: now - 7_200_000) == .first(recorded: true))
        #expect(store.check(young, record: true, atMilliseconds: now - 60_000) == .first(recorded: true))
        let run = try Binary.run(["replay", "prune", "--replay-store", url], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.hasPrefix(
                "pruned 1 proofs and 1 session nonces accepted more than 3600 s ago from postgresql://octet:***@"))
        #expect(
            store.check(old, record: false, atMilliseconds: now, windowFromMilliseconds: now - 7_200_000 + 1)
                == .first(recorded: false))
        #expect(store.check(young, record: false, atMilliseconds: now) == .replayedProofId)
    }
}

/// A PostgreSQL store that is not there: needs no database, only the built tool.
@Suite(
    "octet-verify with an unreachable PostgreSQL replay store: INCONCLUSIVE or exit 69, never valid",
    .enabled(if: Binary.isAvailable, "build octet-verify first (swift build), or set OCTET_VERIFY_BINARY"))
struct UnreachableStoreBinaryTests {
    static let at = PostgreSQLBinaryTests.at

    @Test("the database unreachable: replay-uniqueness INCONCLUSIVE (exit 2), never valid, no password shown")
    func unreachable() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try CLIFixture.write(CLIFixture.proof(id: 8), "p.proof", in: directory)
        let run = try Binary.run(
            Self.at + [
                "--format", "json", "--replay-store", "postgresql://octet:Sesame-31337@127.0.0.1:1/octet", path,
            ],
            in: directory)
        #expect(run.status == 2, "\(run.stderr)")
        let (_, status, verdict) = try PostgreSQLBinaryTests.replayStatus(
            try #require(run.stdout.split(separator: "\n").first))
        #expect(status == "INCONCLUSIVE")
        #expect(verdict == "inconclusive")
        #expect(run.stdout.contains("REPLAY_STORE_UNAVAILABLE"))
        #expect(!run.stdout.contains("Sesame-31337") && !run.stderr.contains("Sesame-31337"))
    }

    @Test("replay prune with the database unreachable: exit 69, the reason, no password")
    func pruneUnreachable() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Binary.run(
            ["replay", "prune", "--replay-store", "postgresql://octet:Sesame-31337@127.0.0.1:1/octet"], in: directory)
        #expect(run.status == 69)
        #expect(run.stderr.hasPrefix("octet-verify: replay prune: postgresql://octet:***@127.0.0.1:1/octet: "))
        #expect(!run.stderr.contains("Sesame-31337"))
    }
}
