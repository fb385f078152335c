import Foundation
import Octet
import OctetCLI
import OctetEncoding
import OctetIssueTool
import Testing

/// The built `octet-verify`, run as a subprocess: what a shell script or a backend sees.
@Suite(
    "octet-verify as a process: exit statuses, JSON lines, standard input, many files",
    .enabled(if: Binary.isAvailable, "build octet-verify first (swift build), or set OCTET_VERIFY_BINARY"))
struct BinaryTests {
    static let at = ["--at", "2026-01-15T12:00:00Z"]
    static let recipe = [
        "wire-format", "stage-signatures", "device-attestation-sig", "binding", "freshness", "region-claim",
        "region-type", "contains", "hardware-attestation", "attestation-required", "session-binding",
        "verdict-tier", "caller-manifest", "caller-metadata", "replay-uniqueness", "revocation",
    ]

    @Test("the verifier ships no test code: octet-verify carries no test authority, octet-issue does")
    func noTestCodeInVerifier() throws {
        let verifier = try Data(contentsOf: try #require(Binary.url))
        let issuer = try Data(contentsOf: try #require(Binary.issueURL))
        // Names the test authorities put into the certificates they mint.
        for marker in ["octet-test-root", "Octet test App Attest credential"] {
            #expect(verifier.firstRange(of: Data(marker.utf8)) == nil, "octet-verify contains \(marker)")
            #expect(issuer.firstRange(of: Data(marker.utf8)) != nil, "octet-issue lacks \(marker)")
        }
    }

    @Test("a valid proof: exit 0, every check on its own line, the verdict valid, no colour off a terminal")
    func validText() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try CLIFixture.write(CLIFixture.proof(), "example.proof", in: directory)
        let run = try Binary.run(Self.at + [path], in: directory)
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(path): valid")
        #expect(
            lines.dropFirst().map { $0.split(separator: " ", omittingEmptySubsequences: true)[1] }
                == Self.recipe.map { Substring($0) })
        #expect(!run.stdout.contains("\u{1B}"))
        #expect(run.stderr.isEmpty)
        let coloured = try Binary.run(Self.at + ["--color", "always", path], in: directory)
        #expect(coloured.stdout.contains("\u{1B}[32mPASS\u{1B}[0m"))
    }

    @Test("JSON: one object per line, the contract's keys in order, wire tags; byte-identical on a rerun")
    func jsonShape() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bytes = CLIFixture.proof()
        let path = try CLIFixture.write(bytes, "p.proof", in: directory)
        let run = try Binary.run(Self.at + ["--format", "json", path], in: directory)
        #expect(run.status == 0)
        #expect(run.stdout.hasSuffix("\n"))
        #expect(run.stdout.split(separator: "\n").count == 1)
        let keys = [
            "schema", "proof", "proofSha256", "verdict", "isValid", "isAuthentic", "spoofingVerdict",
            "verifiedAt", "trustAnchors", "checks",
        ]
        let positions = keys.compactMap { run.stdout.range(of: "\"\($0)\":")?.lowerBound }
        #expect(positions.count == keys.count)
        #expect(positions == positions.sorted())
        let object = try #require(try JSONSerialization.jsonObject(with: run.stdoutData) as? [String: Any])
        #expect(object["schema"] as? String == "octet-verify/1")
        #expect(object["proof"] as? String == path)
        #expect(object["proofSha256"] as? String == Hex.encode(OctetCLITestsSHA.hash(bytes)))
        #expect(object["verdict"] as? String == "valid")
        #expect(object["isValid"] as? Bool == true)
        #expect(object["isAuthentic"] as? Bool == true)
        #expect(object["spoofingVerdict"] is NSNull)
        #expect(object["verifiedAt"] as? String == "2026-01-15T12:00:00Z")
        #expect((object["trustAnchors"] as? String)?.count == 16)
        let checks = try #require(object["checks"] as? [[String: String]])
        #expect(checks.map { $0["name"] ?? "" } == Self.recipe)
        #expect(
            checks.allSatisfy { ["PASS", "FAIL", "WARN", "NOT-CHECKED", "INCONCLUSIVE"].contains($0["status"] ?? "") })
        let again = try Binary.run(Self.at + ["--format", "json", path], in: directory)
        #expect(again.stdoutData == run.stdoutData)
    }

    @Test("- reads the proof from standard input")
    func standardInput() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bytes = CLIFixture.proof()
        let path = try CLIFixture.write(bytes, "p.proof", in: directory)
        let fromFile = try Binary.run(Self.at + ["--format", "json", path], in: directory)
        let fromStdin = try Binary.run(Self.at + ["--format", "json", "-"], stdin: bytes, in: directory)
        #expect(fromStdin.status == 0)
        #expect(
            fromStdin.stdout
                == fromFile.stdout.replacingOccurrences(of: "\"proof\":\"\(path)\"", with: "\"proof\":\"-\""))
    }

    @Test("many files: one line each in argument order, a summary in text, exit 1 when any is invalid")
    func manyFiles() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for index in 0..<40 {
            let broken = index % 7 == 3
            let bytes = CLIFixture.proof(id: UInt8(index), mutations: broken ? [.corruptStageSignature(1)] : [])
            paths.append(try CLIFixture.write(bytes, "p\(index).proof", in: directory))
        }
        let run = try Binary.run(Self.at + ["--format", "json", "--jobs", "2"] + paths, in: directory)
        #expect(run.status == 1)
        let objects = try run.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.map { $0["proof"] as? String ?? "" } == paths)
        #expect(objects.filter { $0["verdict"] as? String == "invalid" }.count == 6)
        let text = try Binary.run(Self.at + ["--jobs", "2"] + paths, in: directory)
        #expect(text.stdout.hasSuffix("40 proofs: 34 valid, 6 invalid, 0 inconclusive\n"))
        let valid = try Binary.run(
            Self.at + ["--format", "json", "--jobs", "1"]
                + paths.enumerated().filter { $0.offset % 7 != 3 }.map(\.element), in: directory)
        #expect(valid.status == 0)
    }

    @Test("inconclusive and none invalid: exit 2 (content that could not be fetched)")
    func inconclusive() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let content = try CLIFixture.write(Data("a photo".utf8), "photo.jpg", in: directory)
        let issued = try Binary.issue(
            [
                "--at", "2026-01-15T11:59:50Z", "--out", "p.proof", "--content", "photo=\(content)",
                "--content-type", "photo=image/jpeg", "--manifest-out", "m.json",
            ], in: directory)
        #expect(issued.status == 0, "\(issued.stderr)")
        let unavailable = try Binary.run(
            Self.at + [
                "--manifest", "m.json", "--content-unavailable", "photo=offline", "--require-content", "all", "p.proof",
            ],
            in: directory)
        #expect(unavailable.status == 2)
        #expect(unavailable.stdout.contains("INCONCLUSIVE  caller-metadata"))
        let presented = try Binary.run(
            Self.at + ["--manifest", "m.json", "--content", "photo=\(content)", "p.proof"], in: directory)
        #expect(presented.status == 0)
        #expect(presented.stdout.contains("PASS          caller-metadata"))
    }

    @Test("an unreadable PROOF or FILE: one line on standard error and exit 66; the others are still reported")
    func unreadable() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try CLIFixture.write(CLIFixture.proof(), "p.proof", in: directory)
        let run = try Binary.run(Self.at + ["--format", "json", path, "missing.proof"], in: directory)
        #expect(run.status == 66)
        #expect(run.stderr == "octet-verify: PROOF missing.proof: no such file\n")
        // In JSON the unreadable PROOF has its own line, in its place.
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(
            lines.last
                == #"{"schema":"octet-verify/1","proof":"missing.proof","error":{"code":"INPUT_UNREADABLE","detail":"PROOF missing.proof: no such file"}}"#
        )
        for flags in [
            ["--manifest", "nope.json"], ["--revocation-list", "nope.json"], ["--attestation-bundle", "nope"],
            ["--trust-anchors", "nope"], ["--content", "k=nope.bin"], ["--replay-db", "nope/r.db"],
        ] {
            let refused = try Binary.run(flags + [path], in: directory)
            #expect(refused.status == 66, "\(flags)")
            #expect(
                refused.stderr.hasPrefix("octet-verify: ") && refused.stderr.split(separator: "\n").count == 1,
                "\(flags)")
            #expect(refused.stdout.isEmpty)
        }
    }

    @Test(
        "usage errors: one line naming the problem, exit 64, never a stack trace",
        arguments: [
            (
                ["--region", "circle:95,0,10", "p.proof"],
                "octet-verify: --region: the expected region is invalid: latitude outside ±90°\n"
            ),
            (
                ["--session-nonce", "xyz", "p.proof"],
                "octet-verify: --session-nonce: expected an even number of hex digits (0-9, a-f): the command line "
                    + "takes the nonce in hex (a request's options.expectedSessionNonceBase64 takes base64)\n"
            ),
            (["--frobnicate", "p.proof"], "octet-verify: unknown option '--frobnicate' (see --help)\n"),
            (
                ["--format", "json"],
                "octet-verify: no PROOF given: name one or more files, - for standard input, or --files-from FILE\n"
            ),
        ])
    func usage(_ arguments: [String], _ message: String) throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Binary.run(arguments, in: directory)
        #expect(run.status == 64)
        #expect(run.stderr == message)
        #expect(run.stdout.isEmpty)
    }

    @Test("--version and --help")
    func versionAndHelp() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let version = try Binary.run(["--version"], in: directory).stdout
        #expect(version.hasPrefix("octet-verify \(Release.version)\ncommit "))
        let help = try Binary.run(["--help"], in: directory)
        #expect(help.status == 0)
        for flag in ["--max-age", "--region", "--replay-db", "--revocation-list", "--trust-anchors", "--jobs", "--at"] {
            #expect(help.stdout.contains(flag))
        }
    }

    @Test("octet-issue --break makes the named check fail", arguments: IssueConfiguration.Defect.allCases)
    func issueBreaks(_ defect: IssueConfiguration.Defect) throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let issued = try Binary.issue(
            ["--at", "2026-01-15T11:59:50Z", "--out", "p.proof", "--break", defect.rawValue], in: directory)
        #expect(issued.status == 0)
        let run = try Binary.run(Self.at + ["--format", "json", "p.proof"], in: directory)
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: run.stdoutData) as? [String: Any])
        let checks = try #require(object["checks"] as? [[String: String]])
        #expect(checks.first { $0["name"] == defect.target }?["status"] == "FAIL")
    }

    @Test(
        "octet-issue --platform android|ios: the attestation check passes under --trust-anchors, and not without",
        arguments: [("android", "attestation-root"), ("ios", "app-attest")])
    func issuePlatforms(_ platform: String, _ check: String) throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let issued = try Binary.issue(
            [
                "--platform", platform, "--at", "2026-01-15T11:59:50Z", "--out", "p.proof", "--anchors-out",
                "anchors",
            ],
            in: directory)
        #expect(issued.status == 0, "\(issued.stderr)")
        func status(_ arguments: [String]) throws -> (Int32, String?) {
            let run = try Binary.run(
                Self.at + ["--format", "json", "--require-attestation"] + arguments, in: directory)
            let object = try JSONSerialization.jsonObject(with: run.stdoutData) as? [String: Any]
            let checks = object?["checks"] as? [[String: String]]
            return (run.status, checks?.first { $0["name"] == check }?["status"])
        }
        let trusted = try status(["--trust-anchors", "anchors", "p.proof"])
        #expect(trusted.0 == 0)
        #expect(trusted.1 == "PASS")
        let bundled = try status(["p.proof"])
        #expect(bundled.0 == 1)
        #expect(bundled.1 == "FAIL")
    }

    @Test("issue --platform ios --bundle-out: the proof is assertion-only until the bundle is given")
    func issueBundle() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let issued = try Binary.issue(
            [
                "--platform", "ios", "--at", "2026-01-15T11:59:50Z", "--out", "p.proof", "--anchors-out",
                "anchors",
                "--bundle-out", "device.bundle",
            ], in: directory)
        #expect(issued.status == 0, "\(issued.stderr)")
        let without = try Binary.run(Self.at + ["--trust-anchors", "anchors", "p.proof"], in: directory)
        #expect(without.stdout.contains("NOT-CHECKED   app-attest"))
        let with = try Binary.run(
            Self.at + ["--trust-anchors", "anchors", "--attestation-bundle", "device.bundle", "p.proof"], in: directory)
        #expect(with.status == 0)
        #expect(with.stdout.contains("PASS          app-attest"))
    }

    @Test("several processes racing on one replay database accept each proof id and nonce exactly once")
    func replayRace() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for index in 0..<24 {
            // Proofs 20..23 pair up on two session nonces: only one of each pair may be accepted.
            let nonce: [UInt8]? = index >= 20 ? [UInt8](repeating: UInt8(index / 2), count: 16) : nil
            paths.append(
                try CLIFixture.write(CLIFixture.proof(id: UInt8(index), nonce: nonce), "p\(index).proof", in: directory)
            )
        }
        let db = directory.appendingPathComponent("replay.db").path
        let runs = try (0..<4).map { process in
            // Each process walks the files in its own order, so they collide in every phase.
            let order = process % 2 == 0 ? paths : paths.reversed()
            return try Binary.Running(
                Self.at + ["--format", "json", "--jobs", "2", "--replay-db", db] + order, stdin: nil, in: directory)
        }.map { try $0.wait() }
        var accepted: [String: Int] = [:]
        for run in runs {
            #expect(run.stderr.isEmpty, "\(run.stderr)")
            for line in run.stdout.split(separator: "\n") {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                let checks = try #require(object["checks"] as? [[String: String]])
                let replay = try #require(checks.first { $0["name"] == "replay-uniqueness" })
                if replay["status"] == "PASS" {
                    accepted[object["proof"] as? String ?? "", default: 0] += 1
                    #expect(object["verdict"] as? String == "valid")
                } else {
                    #expect(replay["status"] == "FAIL")
                    #expect(object["verdict"] as? String == "invalid")
                }
            }
        }
        for path in paths.prefix(20) { #expect(accepted[path] == 1, "\(path)") }
        let pairs: [[String]] = [[paths[20], paths[21]], [paths[22], paths[23]]]
        for pair in pairs {
            #expect(pair.map { accepted[$0, default: 0] }.reduce(0, +) == 1)
        }
        #expect(runs.allSatisfy { $0.status == 1 })
    }
}
