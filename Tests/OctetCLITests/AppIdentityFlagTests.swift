import Foundation
import Octet
import OctetIssueTool
import Testing

@testable import OctetCLI

/// `--app-id` and `--android-app` (docs/cli.md): parsed into `VerifyOptions.expectedApps`, refused
/// with `--requests`, mistakes exit 64 without echoing the value; `octet-issue --app-id` and
/// `--android-signer`; and the flags end to end against proofs `octet-issue` made.
@Suite("AppIdentity flags: --app-id, --android-app, octet-issue --app-id, --android-signer")
struct AppIdentityFlagTests {
    static let hex = String(repeating: "ab", count: 32)
    static let other = String(repeating: "cd", count: 32)
    static let signer = Data(repeating: 0xAB, count: 32)

    struct Accepted: Sendable, CustomTestStringConvertible {
        let id: String
        let arguments: [String]
        let apps: [ExpectedApp]
        var testDescription: String { id }
    }

    static let accepted: [Accepted] = [
        .init(
            id: "--app-id", arguments: ["--app-id", "ABCDE12345.com.example.octet"],
            apps: [.apple(appID: "ABCDE12345.com.example.octet")]),
        .init(
            id: "--android-app with one digest", arguments: ["--android-app", "com.example.octet:" + hex],
            apps: [.android(packageName: "com.example.octet", signingCertificateSHA256: [signer])]),
        .init(
            id: "--android-app=, two digests, upper case", arguments: ["--android-app=p:\(hex.uppercased()),\(other)"],
            apps: [.android(packageName: "p", signingCertificateSHA256: [signer, Data(repeating: 0xCD, count: 32)])]),
        .init(
            id: "--android-app with a digest as keytool prints it (colon-separated pairs)",
            arguments: ["--android-app", "p:" + Array(repeating: "AB", count: 32).joined(separator: ":")],
            apps: [.android(packageName: "p", signingCertificateSHA256: [signer])]),
        .init(
            id: "both flags, repeated, one list in the order given",
            arguments: ["--android-app", "p:" + hex, "--app-id", "T.a", "--app-id", "T.b"],
            apps: [
                .android(packageName: "p", signingCertificateSHA256: [signer]), .apple(appID: "T.a"),
                .apple(appID: "T.b"),
            ]),
    ]

    @Test("each spelling sets the configuration's expectedApps", arguments: accepted)
    func accepts(_ row: Accepted) throws {
        var expected = VerifyConfiguration()
        expected.proofs = ["p.proof"]
        expected.options.verifyOptions.expectedApps = row.apps
        #expect(try ArgumentParser.parse(row.arguments + ["p.proof"]) == .verify(expected))
    }

    @Test("without either flag expectedApps is nil, so app-identity is not reported")
    func absent() throws {
        guard case .verify(let c) = try ArgumentParser.parse(["p.proof"]) else {
            Issue.record("not a verify command")
            return
        }
        #expect(c.options.verifyOptions.expectedApps == nil)
    }

    struct Refused: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let says: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let refused: [Refused] = [
        .init(
            arguments: ["--android-app", "pkg:zz", "p"], says: "--android-app: signing-certificate digest 1 is not hex"),
        .init(arguments: ["--android-app", "pkg:\(hex),zz", "p"], says: "digest 2 is not hex"),
        .init(arguments: ["--android-app", "pkg:abcd", "p"], says: "digest 1 is not 32 bytes"),
        .init(arguments: ["--android-app", "pkg", "p"], says: "expected PACKAGE:SHA256HEX"),
        .init(arguments: ["--android-app", "pkg:", "p"], says: "no signing-certificate SHA-256 digest"),
        .init(arguments: ["--android-app", ":" + hex, "p"], says: "the package name is empty"),
        .init(arguments: ["--android-app", "p:\(hex),", "p"], says: "digest 2 is not 32 bytes"),
        .init(arguments: ["--app-id", "", "p"], says: "--app-id: the App ID is empty"),
        .init(arguments: ["--app-id", String(repeating: "a", count: 256), "p"], says: "longer than 255 bytes"),
        .init(arguments: ["--requests", "-", "--app-id", "T.a"], says: "--app-id cannot be used with --requests"),
        .init(
            arguments: ["--requests", "r.jsonl", "--android-app", "p:" + hex],
            says: "--android-app cannot be used with --requests"),
        .init(arguments: ["issue", "--android-signer", hex], says: "--platform android"),
        .init(arguments: ["issue", "--platform", "android", "--android-signer", "abcd"], says: "64 hex digits"),
        .init(
            arguments: ["issue", "--platform", "android", "--android-signer", "none", "--android-signer", hex],
            says: "cannot be combined"),
        .init(arguments: ["issue", "--app-id", ""], says: "1 to 255 bytes"),
    ]

    @Test("each mistake is one usage line, exit 64, that does not repeat the value", arguments: refused)
    func refuses(_ row: Refused) {
        #expect {
            if row.arguments.first == "issue" {
                _ = try OctetIssueTool.parse(Array(row.arguments.dropFirst()))
            } else {
                _ = try ArgumentParser.parse(row.arguments)
            }
        } throws: { error in
            guard let error = error as? CLIError else { return false }
            return error.kind == .usage && error.exitCode == 64 && error.message.contains(row.says)
                && !error.message.contains("\n") && !error.message.contains("pkg") && !error.message.contains(Self.hex)
        }
    }

    @Test("octet-issue --app-id and --android-signer reach the configuration")
    func issueFlags() throws {
        guard
            case .issue(let c) = try OctetIssueTool.parse([
                "--platform", "android", "--app-id", "com.example.other", "--android-signer", Self.hex,
                "--android-signer", Self.other.uppercased(),
            ])
        else {
            Issue.record("not an issue command")
            return
        }
        #expect(c.appId == "com.example.other")
        #expect(c.androidSigners == [[UInt8](repeating: 0xAB, count: 32), [UInt8](repeating: 0xCD, count: 32)])
        guard case .issue(let none) = try OctetIssueTool.parse(["--platform", "android", "--android-signer", "none"])
        else {
            Issue.record("not an issue command")
            return
        }
        #expect(none.androidSigners == [])
    }

    @Test("the help, the man page and the completions list both flags as repeatable")
    func documented() throws {
        let help = HelpText.verify
        #expect(ManualPage.render().contains("app\\-identity"))
        #expect(Completions.render(.zsh).contains("'*--android-app["))
        #expect(help.contains("--app-id TEAMID.BUNDLE_ID"))
        #expect(help.contains("--android-app PACKAGE:SHA256HEX[,SHA256HEX...]"))
        #expect(help.contains("enables app-identity (repeatable)"))
    }

    // MARK: End to end, with the built binaries

    /// The value of `inspect`'s row `label` (the columns are as wide as the longest label).
    static func row(_ label: String, in text: String) -> String? {
        for line in text.split(separator: "\n") where line.hasPrefix("  " + label + " ") {
            return String(line.dropFirst(2 + label.count).drop { $0 == " " })
        }
        return nil
    }

    @Test(
        "an Android proof from octet-issue: valid pinned with its signer, invalid with another, inconclusive unanchored",
        .enabled(if: Binary.isAvailable, "octet-verify not built"))
    func androidEndToEnd() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let at = "2026-01-15T12:00:00Z"
        let issued = try Binary.issue(
            [
                "--platform", "android", "--at", at, "--out", "a.proof", "--anchors-out", "anchors",
                "--android-signer", Self.hex, "--android-signer", Self.other,
            ], in: directory)
        try #require(issued.status == 0, "\(issued.stderr)")
        let base = ["--at", "2026-01-15T12:00:10Z", "--trust-anchors", "anchors"]
        let pinned = try Binary.run(
            base + ["--android-app", "com.example.octet:\(Self.other),\(Self.hex)", "a.proof"], in: directory)
        #expect(pinned.status == 0, "\(pinned.stdout)\(pinned.stderr)")
        #expect(pinned.stdout.contains("PASS          app-identity            attested Android app, signer matches"))
        let oneSigner = try Binary.run(
            base + ["--android-app", "com.example.octet:" + Self.hex, "a.proof"], in: directory)
        #expect(oneSigner.status == 1)
        #expect(oneSigner.stdout.contains("FAIL          app-identity"))
        #expect(!oneSigner.stdout.contains(Self.hex))
        let apple = try Binary.run(base + ["--app-id", "com.example.octet", "a.proof"], in: directory)
        #expect(apple.status == 1)
        let untrusted = try Binary.run(
            [
                "--at", "2026-01-15T12:00:10Z", "--android-app", "com.example.octet:\(Self.hex),\(Self.other)",
                "a.proof",
            ],
            in: directory)
        #expect(untrusted.stdout.contains("INCONCLUSIVE  app-identity"))
        let unpinned = try Binary.run(base + ["a.proof"], in: directory)
        #expect(unpinned.status == 0)
        #expect(!unpinned.stdout.contains("app-identity"))
        // inspect names the attested packages and signers, and the flag that pins them.
        let inspect = try Binary.run(["inspect", "a.proof"], in: directory)
        #expect(Self.row("attested packages", in: inspect.stdout) == "com.example.octet   (not verified here)")
        #expect(
            Self.row("attested signers", in: inspect.stdout)
                == "\(Self.hex), \(Self.other)   (SHA-256 of the signing certificates)")
        #expect(
            Self.row("pin with", in: inspect.stdout) == "--android-app com.example.octet:\(Self.hex),\(Self.other)")
        let json = try Binary.run(["inspect", "--format", "json", "a.proof"], in: directory)
        #expect(
            json.stdout.contains(
                #""expectedAppsEntry":{"android":{"packageName":"com.example.octet","signingCertificateSha256Hex":["\#(Self.hex)","\#(Self.other)"]}}"#
            ))
    }

    @Test(
        "an iOS proof from octet-issue --app-id: valid pinned with that App ID; inspect prints the flag",
        .enabled(if: Binary.isAvailable, "octet-verify not built"))
    func appleEndToEnd() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let appID = "Z9Y8X7W6V5.org.example.field"
        let issued = try Binary.issue(
            [
                "--platform", "ios", "--at", "2026-01-15T12:00:00Z", "--out", "i.proof", "--anchors-out", "anchors",
                "--app-id", appID,
            ], in: directory)
        try #require(issued.status == 0, "\(issued.stderr)")
        let base = ["--at", "2026-01-15T12:00:10Z", "--trust-anchors", "anchors"]
        let pinned = try Binary.run(base + ["--app-id", appID, "i.proof"], in: directory)
        #expect(pinned.status == 0, "\(pinned.stdout)\(pinned.stderr)")
        #expect(pinned.stdout.contains("PASS          app-identity            attested Apple app, App ID allowed"))
        #expect(
            try Binary.run(base + ["--app-id", "A1B2C3D4E5.com.example.octet", "i.proof"], in: directory).status == 1)
        let inspect = try Binary.run(["inspect", "i.proof"], in: directory)
        #expect(
            Self.row("attested app id", in: inspect.stdout) == "\(appID)   (the enrolment's App ID; not verified here)")
        #expect(Self.row("pin with", in: inspect.stdout) == "--app-id \(appID)")
    }

    @Test(
        "--requests: options.expectedApps pins per request, like the flags",
        .enabled(if: Binary.isAvailable, "octet-verify not built"))
    func requests() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let issued = try Binary.issue(
            ["--platform", "android", "--at", "2026-01-15T12:00:00Z", "--out", "a.proof", "--anchors-out", "anchors"],
            in: directory)
        try #require(issued.status == 0, "\(issued.stderr)")
        let proof = try Data(contentsOf: directory.appendingPathComponent("a.proof")).base64EncodedString()
        let time = #""verificationTimeMs":1768478410000"#
        func line(_ id: String, _ apps: String) -> String {
            #"{"id":"\#(id)","proofBase64":"\#(proof)","options":{\#(time),"expectedApps":\#(apps)}}"#
        }
        let lines = [
            line(
                "pass",
                #"[{"android":{"packageName":"com.example.octet","signingCertificateSha256Hex":["\#(Self.hex)"]}}]"#),
            line(
                "fail",
                #"[{"android":{"packageName":"com.example.octet","signingCertificateSha256Hex":["\#(Self.other)"]}}]"#),
            line("bad", #"[{"android":{"packageName":"com.example.octet","signingCertificateSha256Hex":["zz"]}}]"#),
            #"{"id":"absent","proofBase64":"\#(proof)","options":{\#(time)}}"#,
        ]
        try (lines.joined(separator: "\n") + "\n").write(
            to: directory.appendingPathComponent("r.jsonl"), atomically: true, encoding: .utf8)
        let run = try Binary.run(["--requests", "r.jsonl", "--trust-anchors", "anchors"], in: directory)
        #expect(run.status == 65, "one line is malformed")
        let answers = run.stdout.split(separator: "\n").map(String.init)
        try #require(answers.count == 4)
        #expect(answers[0].contains(#""verdict":"valid""#))
        #expect(answers[0].contains(#"{"name":"app-identity","status":"PASS""#))
        #expect(answers[1].contains(#""verdict":"invalid""#))
        #expect(answers[1].contains(#"{"name":"app-identity","status":"FAIL","code":"APP_NOT_ALLOWED""#))
        #expect(answers[2].contains(#""field":"options.expectedApps[0].android.signingCertificateSha256Hex[0]""#))
        #expect(answers[3].contains(#""verdict":"valid""#) && !answers[3].contains("app-identity"))
    }
}
