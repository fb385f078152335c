import Foundation
import Octet
import OctetBackend
import OctetCLI
import Testing

/// `--revocation-max-age` and the fetch record, without a network: the redirect policy, the
/// installer, and how the CLI and `--requests` judge a list's age.
@Suite("revocation max age: a list older than its maximum, or never fetched, is INCONCLUSIVE, never PASS")
struct RevocationMaxAgeTests {
    static let list = #"{"entries": {"1": {"status": "REVOKED"}}}"#

    /// A list (and, unless nil, a record fetched at `fetchedAt`) in a scratch directory.
    static func files(record fetchedAt: Int64?, in directory: URL) throws -> String {
        let path = try CLIFixture.write(Data(list.utf8), "list.json", in: directory)
        if let fetchedAt {
            let record = RevocationFetchRecord(dating: Array(list.utf8), fetchedAtMilliseconds: fetchedAt)
            try Data(record.encoded).write(to: URL(fileURLWithPath: path + ".fetched"))
        }
        return path
    }

    static var realNow: Int64 { Int64(Date().timeIntervalSince1970 * 1000) }

    /// The revocation check's status and code of one CLI run over the fixture proof.
    static func verify(_ flags: [String], in directory: URL) throws -> (status: Int32, line: String, err: String) {
        let proof = try CLIFixture.write(CLIFixture.proof(), "p.proof", in: directory)
        let capture = ToolTests.Capture()
        let status = OctetVerifyTool.run(
            ["--format", "json", "--at", CLIFixture.at] + flags + [proof], environment: capture.environment())
        return (status, capture.out, capture.err)
    }

    @Test(
        "the CLI: fresh passes; stale, never fetched, a record of other bytes and no file are INCONCLUSIVE REVOCATION_LIST_STALE",
        arguments: [
            ("fresh", true), ("stale", false), ("no record", false), ("other bytes", false), ("future", false),
        ])
    func cli(_ state: String, _ passes: Bool) throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fetchedAt: Int64? =
            switch state {
            case "fresh": Self.realNow - 3_600_000
            case "stale": Self.realNow - 3 * 86_400_000
            case "future": Self.realNow + 3_600_000
            default: nil
            }
        let path = try Self.files(record: fetchedAt, in: directory)
        if state == "other bytes" {
            let record = RevocationFetchRecord(dating: Array("{}".utf8), fetchedAtMilliseconds: Self.realNow)
            try Data(record.encoded).write(to: URL(fileURLWithPath: path + ".fetched"))
        }
        let run = try Self.verify(["--revocation-list", path, "--revocation-max-age", "2d"], in: directory)
        if passes {
            #expect(run.status == 0, "\(run.line)")
            #expect(run.line.contains(#""name":"revocation","status":"PASS""#))
        } else {
            #expect(run.status == ExitStatus.anyInconclusive, "\(run.line)")
            #expect(
                run.line.contains(#""name":"revocation","status":"INCONCLUSIVE","code":"REVOCATION_LIST_STALE""#),
                "\(run.line)")
            #expect(run.err.contains("is not current"), "\(run.err)")
        }
    }

    @Test(
        "the CLI: a list file that does not exist is never fetched (INCONCLUSIVE) with a max age, and unreadable (66) without"
    )
    func missingFile() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("absent.json").path
        let dated = try Self.verify(["--revocation-list", missing, "--revocation-max-age", "36h"], in: directory)
        #expect(dated.status == ExitStatus.anyInconclusive)
        #expect(dated.line.contains("REVOCATION_LIST_STALE"))
        #expect(dated.err.contains("does not exist yet"))
        let plain = try Self.verify(["--revocation-list", missing], in: directory)
        #expect(plain.status == ExitStatus.unreadable)
    }

    @Test("without --revocation-max-age the record is not read: today's PASS, and an empty list is warned about")
    func withoutMaxAge() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try Self.files(record: nil, in: directory)
        let run = try Self.verify(["--revocation-list", path], in: directory)
        #expect(run.status == 0)
        #expect(!run.err.contains("warning"))
        let empty = try CLIFixture.write(Data(#"{"entries": {}}"#.utf8), "empty.json", in: directory)
        let emptyRun = try Self.verify(["--revocation-list", empty], in: directory)
        #expect(emptyRun.status == 0)
        #expect(emptyRun.err.contains("holds no entries"))
    }

    @Test("--requests judges the list's age as the CLI does")
    func requests() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try Self.files(record: Self.realNow - 10 * 86_400_000, in: directory)
        let request =
            #"{"id":"r","proofBase64":"\#(CLIFixture.proof().base64EncodedString())","options":{"verificationTimeMs":\#(CLIFixture.nowMs)}}"#
        let requests = try CLIFixture.write(Data((request + "\n").utf8), "r.jsonl", in: directory)
        for (age, code) in [("1d", "REVOCATION_LIST_STALE"), ("30d", "")] {
            let capture = ToolTests.Capture()
            let status = OctetVerifyTool.run(
                ["--requests", requests, "--revocation-list", path, "--revocation-max-age", age],
                environment: capture.environment())
            #expect(status == 0)
            if code.isEmpty {
                #expect(capture.out.contains(#""name":"revocation","status":"PASS""#), "\(capture.out)")
            } else {
                #expect(capture.out.contains(#""status":"INCONCLUSIVE","code":"\#(code)""#), "\(capture.out)")
            }
        }
    }

    @Test(
        "--revocation-max-age takes 1m to 400d or off, and only with --revocation-list",
        arguments: [
            ("90m", true), ("36h", true), ("400d", true), ("off", true), ("59s", false), ("401d", false),
            ("1w", false), ("-1d", false), ("", false), ("1.5h", false),
        ])
    func flagValues(_ value: String, _ accepted: Bool) throws {
        let parsed = Result {
            try ArgumentParser.parse(["--revocation-list", "l.json", "--revocation-max-age", value, "p"])
        }
        #expect((try? parsed.get()) != nil ? accepted : !accepted)
        #expect(throws: CLIError.self) { try ArgumentParser.parse(["--revocation-max-age", "1d", "p"]) }
    }

    @Test(
        "the redirect policy: never https to http, no loop, no other scheme, at most N",
        arguments: [
            ("https://a.example/l", "http://a.example/l", 0, "https to http"),
            ("https://a.example/l", "https://b.example/l", 0, nil),
            ("http://a.example/l", "https://a.example/l", 0, nil),
            ("http://a.example/l", "ftp://a.example/l", 0, "only http"),
            ("http://a.example/l", "http://a.example/l", 0, "loop"),
            ("http://a.example/l", "http://a.example/m", 5, "more than 5"),
        ] as [(String, String, Int, String?)])
    func redirects(_ from: String, _ to: String, _ extra: Int, _ refusal: String?) throws {
        let policy = RedirectPolicy(maxRedirects: 5)
        let first = try #require(URL(string: from))
        let visited = [first] + (0..<extra).map { URL(string: "http://hop\($0).example/")! }
        let answer = policy.refusal(from: first, to: try #require(URL(string: to)), visited: visited)
        if let refusal {
            #expect(answer?.contains(refusal) == true, "\(answer ?? "followed")")
        } else {
            #expect(answer == nil)
        }
    }

    @Test("the installer: a malformed or empty list is refused; an unwritable place keeps the old files")
    func installer() throws {
        #expect(RevocationListInstaller.judge(Array("{\"entries\":".utf8), allowEmpty: false).isFailure)
        #expect(RevocationListInstaller.judge(Array(#"{"entries": {}}"#.utf8), allowEmpty: false).isFailure)
        #expect(!RevocationListInstaller.judge(Array(#"{"entries": {}}"#.utf8), allowEmpty: true).isFailure)
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try Self.files(record: 1, in: directory)
        let record = RevocationFetchRecord(dating: [1], fetchedAtMilliseconds: 2)
        // A directory where the record goes: refused before either rename, so the old list stays.
        try FileManager.default.removeItem(atPath: path + ".fetched")
        try FileManager.default.createDirectory(atPath: path + ".fetched/x", withIntermediateDirectories: true)
        let before = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        let failed = RevocationListInstaller.install([1], record: record, at: path)
        #expect(failed.isFailure)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(Self.list.utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == before)
    }
}

extension Result {
    var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}
