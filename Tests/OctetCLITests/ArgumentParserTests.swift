import Foundation
import Octet
import OctetCLI
import OctetIssueTool
import Testing

@Suite("The argument parser reads every flag of the contract, and refuses mistakes with exit 64")
struct ArgumentParserTests {
    struct Accepted: Sendable, CustomTestStringConvertible {
        let id: String
        let arguments: [String]
        let expected: VerifyConfiguration
        var testDescription: String { id }
    }

    /// A `--requests -` run's configuration.
    static func requests(_ build: (inout VerifyConfiguration) -> Void) -> VerifyConfiguration {
        var c = VerifyConfiguration()
        c.requestsPath = "-"
        build(&c)
        return c
    }

    static func config(_ build: (inout VerifyConfiguration) -> Void) -> VerifyConfiguration {
        var c = VerifyConfiguration()
        c.proofs = ["p.proof"]
        build(&c)
        return c
    }

    /// A region the test knows is valid, as `--region` gives it.
    static func valid(_ region: ProofRegion) -> ExpectedRegion {
        guard let expected = try? ExpectedRegion(validating: region) else {
            preconditionFailure("\(region) is invalid")
        }
        return expected
    }

    static let accepted: [Accepted] = [
        .init(id: "defaults", arguments: ["p.proof"], expected: config { _ in }),
        .init(
            id: "--max-age", arguments: ["--max-age", "60", "p.proof"],
            expected: config { $0.options.verifyOptions.maxAgeSeconds = 60 }),
        .init(
            id: "--max-age=1.5", arguments: ["--max-age=1.5", "p.proof"],
            expected: config { $0.options.verifyOptions.maxAgeSeconds = 1.5 }),
        .init(
            id: "--region geohash", arguments: ["--region", "geohash:u4pruyd", "p.proof"],
            expected: config { $0.options.verifyOptions.validatedExpectedRegion = Self.valid(.geohash("u4pruyd")) }),
        .init(
            id: "--region circle with a negative latitude",
            arguments: ["--region", "circle:-33.9,18.4,500", "p.proof"],
            expected: config {
                $0.options.verifyOptions.validatedExpectedRegion = Self.valid(
                    .circle(latitude: -33.9, longitude: 18.4, radiusMeters: 500))
            }),
        .init(
            id: "--region polygon", arguments: ["--region=polygon:0,0;0,1;1,1", "p.proof"],
            expected: config {
                $0.options.verifyOptions.validatedExpectedRegion = Self.valid(
                    .polygon([
                        .init(latitude: 0, longitude: 0), .init(latitude: 0, longitude: 1),
                        .init(latitude: 1, longitude: 1),
                    ]))
            }),
        .init(
            id: "--require-attestation", arguments: ["--require-attestation", "p.proof"],
            expected: config { $0.options.verifyOptions.requireAttestation = true }),
        .init(
            id: "--attestation-bundle", arguments: ["--attestation-bundle", "b.bin", "p.proof"],
            expected: config { $0.attestationBundlePath = "b.bin" }),
        .init(
            id: "--require-verdict plausible", arguments: ["--require-verdict", "plausible", "p.proof"],
            expected: config { $0.options.verifyOptions.requiredTier = .plausible }),
        .init(
            id: "--honor-verdict-tier", arguments: ["--honor-verdict-tier", "p.proof"],
            expected: config { $0.options.verifyOptions.honorVerdictTier = true }),
        .init(
            id: "--session-nonce in either case", arguments: ["--session-nonce", "00112233445566AA", "p.proof"],
            expected: config {
                $0.options.verifyOptions.expectedSessionNonce = Data([0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0xAA])
            }),
        .init(
            id: "--manifest", arguments: ["--manifest", "m.json", "p.proof"],
            expected: config { $0.manifestPath = "m.json" }),
        .init(
            id: "--content twice", arguments: ["--content", "a=x.jpg", "--content", "b=y=z", "p.proof"],
            expected: config { $0.content = [.init(key: "a", path: "x.jpg"), .init(key: "b", path: "y=z")] }),
        .init(
            id: "--content-unavailable", arguments: ["--content-unavailable", "a=gone", "p.proof"],
            expected: config { $0.contentUnavailable = [.init(key: "a", reason: "gone")] }),
        .init(
            id: "--require-content all", arguments: ["--require-content", "all", "p.proof"],
            expected: config { $0.requireContent = .all }),
        .init(
            id: "--require-content keys", arguments: ["--require-content", "a,b", "p.proof"],
            expected: config { $0.requireContent = .keys(["a", "b"]) }),
        .init(
            id: "--require-caller-metadata", arguments: ["--require-caller-metadata", "p.proof"],
            expected: config { $0.options.verifyOptions.requireCallerMetadata = true }),
        .init(
            id: "--at with an offset", arguments: ["--at", "2026-01-15T13:00:00+01:00", "p.proof"],
            expected: config { $0.options.verificationTimeMs = 1_768_478_400_000 }),
        .init(
            id: "--at with milliseconds", arguments: ["--at", "2026-01-15T12:00:00.250Z", "p.proof"],
            expected: config { $0.options.verificationTimeMs = 1_768_478_400_250 }),
        .init(
            id: "--replay-db", arguments: ["--replay-db", "r.db", "p.proof"],
            expected: config { $0.replayDatabasePath = "r.db" }),
        .init(
            id: "--revocation-list", arguments: ["--revocation-list", "l.json", "p.proof"],
            expected: config { $0.revocationListPath = "l.json" }),
        .init(
            id: "--trust-anchors", arguments: ["--trust-anchors", "anchors", "p.proof"],
            expected: config { $0.trustAnchorsPath = "anchors" }),
        .init(id: "--format json", arguments: ["--format", "json", "p.proof"], expected: config { $0.format = .json }),
        .init(id: "--jobs", arguments: ["--jobs", "2", "p.proof"], expected: config { $0.jobs = 2 }),
        .init(id: "--color never", arguments: ["--color=never", "p.proof"], expected: config { $0.color = .never }),
        .init(
            id: "stdin and files in order", arguments: ["a", "-", "b"],
            expected: config { $0.proofs = ["a", "-", "b"] }),
        .init(
            id: "-- ends the options", arguments: ["--", "--odd-name"],
            expected: config { $0.proofs = ["--odd-name"] }),
    ]

    @Test(
        "no arguments is the usage; help, -h and --help are help; --version the version",
        arguments: [
            ([], Command.usage), (["help"], .help), (["-h"], .help), (["--help"], .help), (["p", "-h"], .help),
            (["--version"], .version),
        ])
    func commands(_ arguments: [String], _ command: Command) throws {
        #expect(try ArgumentParser.parse(arguments) == command)
    }

    @Test("-q and --quiet, --files-from, and a PROOF name that is not UTF-8 kept as its bytes")
    func newFlags() throws {
        var quiet = VerifyConfiguration()
        quiet.quiet = true
        quiet.proofs = ["p"]
        #expect(try ArgumentParser.parse(["-q", "p"]) == .verify(quiet))
        #expect(try ArgumentParser.parse(["--quiet", "p"]) == .verify(quiet))
        var list = VerifyConfiguration()
        list.filesFrom = "list.txt"
        #expect(try ArgumentParser.parse(["--files-from", "list.txt"]) == .verify(list))
        let name: [UInt8] = [0x62, 0xFF, 0x0A, 0x2E, 0x70]
        guard case .verify(let bytes) = try ArgumentParser.parse(bytes: [name]) else {
            Issue.record("not a verify command")
            return
        }
        #expect(bytes.proofs == [InputPath(bytes: name)])
        #expect(bytes.proofs.first?.description == "b\\xff\n.p")
    }

    @Test("each flag sets its field", arguments: accepted)
    func acceptsFlag(_ row: Accepted) throws {
        #expect(try ArgumentParser.parse(row.arguments) == .verify(row.expected))
    }

    struct Refused: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        /// A fragment the one-line message must contain.
        let says: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let refused: [Refused] = [
        .init(arguments: ["--format", "json"], says: "no PROOF"),
        .init(arguments: ["--bogus", "p"], says: "unknown option '--bogus'"),
        .init(arguments: ["p", "--max-age"], says: "--max-age needs a value"),
        .init(arguments: ["--max-age", "-1", "p"], says: "--max-age"),
        .init(arguments: ["--max-age", "1e3", "p"], says: "--max-age"),
        .init(arguments: ["--max-age", "nan", "p"], says: "--max-age"),
        .init(arguments: ["--max-age", "1", "--max-age", "2", "p"], says: "given twice"),
        .init(arguments: ["--region", "u4pruyd", "p"], says: "geohash:HASH"),
        .init(arguments: ["--region", "geohash:u4pruya", "p"], says: "geohash"),
        .init(arguments: ["--region", "circle:1,2", "p"], says: "circle"),
        .init(arguments: ["--region", "circle:91,2,10", "p"], says: "latitude"),
        .init(arguments: ["--region", "circle:1,2,0", "p"], says: "radius"),
        .init(arguments: ["--region", "circle:1e1,2,10", "p"], says: "circle"),
        .init(arguments: ["--region", "polygon:0,0;1,1", "p"], says: "polygon has 2 vertices"),
        .init(arguments: ["--region", "square:0,0", "p"], says: "unknown shape"),
        .init(arguments: ["--require-verdict", "spoofed", "p"], says: "verified or plausible"),
        .init(arguments: ["--session-nonce", "abc", "p"], says: "hex"),
        .init(arguments: ["--session-nonce", "zz00112233445566", "p"], says: "hex"),
        .init(arguments: ["--session-nonce", "0011", "p"], says: "8 to 64 bytes"),
        .init(arguments: ["--content", "a", "p"], says: "KEY=PATH"),
        .init(arguments: ["--content", "=x", "p"], says: "KEY=PATH"),
        .init(arguments: ["--content", "a=x", "--content-unavailable", "a=gone", "p"], says: "more than once"),
        .init(arguments: ["--require-content", "a,,b", "p"], says: "empty"),
        .init(arguments: ["--at", "2026-01-15 12:00:00", "p"], says: "RFC 3339"),
        .init(arguments: ["--at", "2026-02-30T12:00:00Z", "p"], says: "RFC 3339"),
        .init(arguments: ["--at", "2026-01-15T12:00:60Z", "p"], says: "RFC 3339"),
        .init(arguments: ["--format", "xml", "p"], says: "text or json"),
        .init(arguments: ["--jobs", "0", "p"], says: "--jobs"),
        .init(arguments: ["--jobs", "-2", "p"], says: "--jobs"),
        .init(arguments: ["--require-attestation=yes", "p"], says: "takes no value"),
        .init(arguments: ["-", "-"], says: "standard input"),
        .init(arguments: ["--files-from", "-", "-"], says: "standard input"),
        .init(arguments: ["--manifest", "-", "-"], says: "standard input"),
        .init(arguments: ["-q=yes", "p"], says: "unknown option"),
        .init(arguments: ["--quiet=1", "p"], says: "takes no value"),
        .init(arguments: ["--files-from="], says: "file path"),
        .init(arguments: ["--replay-db=", "p"], says: "file path"),
        .init(arguments: ["issue", "--break", "everything"], says: "--break"),
        .init(arguments: ["issue", "--manifest-out", "m.json"], says: "--content"),
        .init(arguments: ["issue", "stray"], says: "unexpected argument"),
        .init(arguments: ["issue", "--platform", "windows"], says: "software, android or ios"),
        .init(arguments: ["issue", "--bundle-out", "b"], says: "--platform ios"),
        .init(arguments: ["issue", "--platform", "android", "--bundle-out", "b"], says: "--platform ios"),
        .init(arguments: ["issue", "--anchors-out", "d"], says: "--platform android or ios"),
    ]

    @Test("each mistake is one usage line and exit 64", arguments: refused)
    func refusesMistake(_ row: Refused) {
        #expect {
            // A row that starts with "issue" is for octet-issue (octet-verify refuses "issue" itself).
            if row.arguments.first == "issue" {
                _ = try OctetIssueTool.parse(Array(row.arguments.dropFirst()))
            } else {
                _ = try ArgumentParser.parse(row.arguments)
            }
        } throws: { error in
            guard let error = error as? CLIError else { return false }
            return error.kind == .usage && error.exitCode == 64 && error.message.contains(row.says)
                && !error.message.contains("\n")
        }
    }

    @Test("--help, -h and --version win over everything else")
    func helpAndVersion() throws {
        #expect(try ArgumentParser.parse(["--help"]) == .help)
        #expect(try ArgumentParser.parse(["p", "-h"]) == .help)
        #expect(try ArgumentParser.parse(["--version"]) == .version)
        #expect(try OctetIssueTool.parse(["--help"]) == .help)
        #expect(try OctetIssueTool.parse(["--out", "p", "--version"]) == .version)
    }

    @Test("octet-verify issue points to octet-issue; a file named issue is verified as ./issue")
    func issueMoved() throws {
        #expect {
            _ = try ArgumentParser.parse(["issue", "--out", "p"])
        } throws: { error in
            (error as? CLIError)?.exitCode == 64 && (error as? CLIError)?.message.contains("octet-issue") == true
        }
        guard case .verify(let configuration) = try ArgumentParser.parse(["./issue"]) else {
            Issue.record("./issue is not a verify command")
            return
        }
        #expect(configuration.proofs == ["./issue"])
    }

    @Test("octet-issue reads its own flags")
    func issueFlags() throws {
        let command = try OctetIssueTool.parse([
            "--out", "p.proof", "--at", "2026-01-15T12:00:00Z", "--fix", "-33.9,18.4,12",
            "--session-nonce", "0011223344556677", "--content", "photo=a.jpg", "--content-type", "photo=image/jpeg",
            "--manifest-out", "m.json", "--verdict-tier", "plausible", "--break", "binding", "--break",
            "trailing-bytes",
        ])
        var expected = IssueConfiguration()
        expected.outputPath = "p.proof"
        expected.atMilliseconds = 1_768_478_400_000
        expected.fix = (-33.9, 18.4, 12)
        expected.sessionNonce = [0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77]
        expected.content = [.init(key: "photo", path: "a.jpg")]
        expected.contentTypes = ["photo": "image/jpeg"]
        expected.manifestOutputPath = "m.json"
        expected.verdictTier = .plausible
        expected.defects = [.binding, .trailingBytes]
        #expect(command == .issue(expected))
    }
}

/// `--region` is judged by the library's own rule, once, at start-up: e7 with
/// round-half-away-from-zero, then the validator. The CLI accepts exactly what `Octet.verify`
/// would not fail with "expected region invalid".
@Suite("--region: the library's rule, applied once at start-up")
struct RegionFlagTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let spec: String
        /// nil: valid; otherwise a fragment of the usage error.
        let says: String?
        var testDescription: String { spec }
    }

    static let rows: [Row] = [
        Row(spec: "circle:90.00000004,0,10", says: nil),
        Row(spec: "circle:-90.00000004,179.99999995,10", says: nil),
        Row(spec: "circle:90.00000005,0,10", says: "latitude outside ±90°"),
        Row(spec: "circle:0,180.00000005,10", says: "longitude outside ±180°"),
        Row(spec: "circle:0,0,0.5", says: nil),
        Row(spec: "circle:0,0,0.4", says: "radius outside"),
        Row(spec: "circle:0,0,1000000.4", says: nil),
        Row(spec: "circle:0,0,1000000.5", says: "radius outside"),
        Row(spec: "polygon:0,0;0,1;1,1", says: nil),
        Row(spec: "polygon:0,0;0,1;1,1;0,0", says: "polygon is closed"),
        Row(spec: "polygon:0,0;0,1", says: "polygon has 2 vertices"),
        Row(spec: "polygon:0,0;0,1;0,2", says: "zero area"),
        Row(spec: "polygon:0,0;2,2;0,2;1,0", says: "not simple"),
        Row(spec: "polygon:0,0;0,0.0000001;1,1", says: nil),
        Row(spec: "polygon:0,0;0,0.00000004;1,1", says: "repeats a vertex"),
        Row(spec: "polygon:0,-100;1,100;2,0", says: "more than 180°"),
        Row(spec: "geohash:u4pruyd", says: nil),
    ]

    @Test("valid regions are used, invalid ones are exit 64 with the library's defect", arguments: rows)
    func judged(_ row: Row) throws {
        let parsed: Result<Command, CLIError>
        do {
            parsed = .success(try ArgumentParser.parse(["--region", row.spec, "p"]))
        } catch {
            parsed = .failure(error)
        }
        switch (parsed, row.says) {
        case (.success(.verify(let c)), nil): #expect(c.options.verifyOptions.validatedExpectedRegion != nil)
        case (.failure(let error), let says?):
            #expect(error.exitCode == 64)
            #expect(error.message.hasPrefix("--region: the expected region is invalid: "))
            #expect(error.message.contains(says), "\(error.message)")
        default: Issue.record("\(row.spec): \(parsed)")
        }
    }

    @Test("the CLI accepts exactly the regions Octet.verify does not fail as expected-region-invalid", arguments: rows)
    func sameRuleAsTheLibrary(_ row: Row) throws {
        let region: ProofRegion
        do {
            region = try RegionSpec.parseSyntax(row.spec)
        } catch {
            Issue.record("syntax: \(error.message)")
            return
        }
        let result = Octet.verify(
            proofBytes: CLIFixture.proof(),
            options: VerifyOptions(expectedRegion: region, verificationTime: CLIFixture.now))
        let invalid = result.checks.first { $0.name == "region-claim" }?.detail.hasPrefix("expected region invalid")
        #expect(invalid == (row.says != nil), "\(result.checks.first { $0.name == "region-claim" }?.detail ?? "")")
    }
}
