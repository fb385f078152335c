import Foundation
import Octet
import OctetAttestation
import OctetBackend
import OctetCLI
import OctetCrypto
import OctetEncoding
import OctetIssueTool
import OctetIssuer
import OctetTestSupport
import Testing

/// The tool run in-process, with its terminal and streams injected.
@Suite("octet-verify in-process: colour, progress, anchors, platform names, batches")
struct ToolTests {
    final class Capture: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var out = ""
        private(set) var err = ""
        private(set) var binary = Data()

        func environment(outputIsTerminal: Bool = false, errorIsTerminal: Bool = false, noColor: Bool = false)
            -> ToolEnvironment
        {
            ToolEnvironment(
                writeOutput: { text in self.lock.withLock { self.out += text } },
                writeBinaryOutput: { data in self.lock.withLock { self.binary += data } },
                writeError: { text in self.lock.withLock { self.err += text } },
                outputIsTerminal: outputIsTerminal, errorIsTerminal: errorIsTerminal, noColor: noColor,
                now: { CLIFixture.nowMs })
        }
    }

    @Test(
        "colour on a terminal only, and never with NO_COLOR",
        arguments: [
            (true, false, true), (false, false, false), (true, true, false),
        ])
    func colour(_ terminal: Bool, _ noColor: Bool, _ coloured: Bool) throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try CLIFixture.write(CLIFixture.proof(), "p.proof", in: directory)
        let capture = Capture()
        let status = OctetVerifyTool.run(
            [path], environment: capture.environment(outputIsTerminal: terminal, noColor: noColor))
        #expect(status == 0)
        #expect(capture.out.contains("\u{1B}[") == coloured)
    }

    @Test("a long batch on a terminal shows a progress line on standard error, then clears it")
    func progress() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try CLIFixture.write(CLIFixture.proof(), "p.proof", in: directory)
        let paths = Array(repeating: path, count: 120)
        let capture = Capture()
        #expect(
            OctetVerifyTool.run(["--format", "json"] + paths, environment: capture.environment(errorIsTerminal: true))
                == 0)
        #expect(capture.err.contains("\roctet-verify: verified 100/120"))
        #expect(capture.err.hasSuffix("\r\u{1B}[2K"))
        let sameTerminal = Capture()
        let status = OctetVerifyTool.run(
            ["--format", "json"] + paths,
            environment: sameTerminal.environment(outputIsTerminal: true, errorIsTerminal: true))
        #expect(status == 0)
        #expect(sameTerminal.err.isEmpty)
        let quiet = Capture()
        #expect(OctetVerifyTool.run(["--format", "json"] + paths, environment: quiet.environment()) == 0)
        #expect(quiet.err.isEmpty)
        #expect(quiet.out.split(separator: "\n").count == 120)
    }

    @Test("output does not depend on --jobs")
    func jobsDeterministic() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try (0..<30).map { index in
            try CLIFixture.write(
                CLIFixture.proof(id: UInt8(index), mutations: index % 4 == 0 ? [.corruptDeviceSignature] : []),
                "p\(index).proof", in: directory)
        }
        let one = Capture()
        let four = Capture()
        #expect(OctetVerifyTool.run(["--format", "json", "--jobs", "1"] + paths, environment: one.environment()) == 1)
        #expect(OctetVerifyTool.run(["--format", "json", "--jobs", "4"] + paths, environment: four.environment()) == 1)
        #expect(one.out == four.out)
        #expect(!one.out.isEmpty)
    }

    @Test("BatchRunner counts every verdict and reads through the injected reader")
    func batchRunner() {
        let good = CLIFixture.proof()
        let bad = CLIFixture.proof(mutations: [.corruptStageSignature(0)])
        let files = ["g": good, "b": bad]
        let runner = BatchRunner(session: CLIFixture.session(), jobs: 2) { path in
            files[path.description].map { .success($0) } ?? .failure(.unreadable("PROOF \(path): no such file"))
        }
        var order: [String] = []
        let summary = runner.run(["g", "b", "x", "g"]) { item in
            switch item {
            case .report(let report): order.append(report.path)
            case .unreadable(let path, _): order.append("!" + path)
            }
        }
        #expect(order == ["g", "b", "!x", "g"])
        #expect(summary.valid == 2)
        #expect(summary.invalid == 1)
        #expect(summary.unreadable == 1)
        #expect(summary.exitStatus == 66)
    }

    @Test("the bench's batch figure verifies every file and reports a rate")
    func benchmark() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try (0..<12).map {
            try CLIFixture.write(CLIFixture.proof(id: UInt8($0)), "p\($0).proof", in: directory)
        }
        let summary = BatchRunner.benchmark(paths: paths + ["missing"], jobs: 2, atMilliseconds: CLIFixture.nowMs)
        #expect(summary.valid == 12)
        #expect(summary.unreadable == 1)
        #expect(summary.proofsPerSecond > 0)
    }

    @Test(
        "--trust-anchors DIR replaces the bundled roots, and the JSON names the set in force",
        .enabled(if: SharedVectors.isAvailable, "needs ../shared/vectors"))
    func trustAnchors() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let anchors = directory.appendingPathComponent("anchors")
        try FileManager.default.createDirectory(
            at: anchors.appendingPathComponent("android"), withIntermediateDirectories: true)
        let root = try SharedVectors.data(
            "android-key-attestation/roots/google-hw-attestation-root-rsa4096-f1c172a699eaf51d.pem")
        try root.write(to: anchors.appendingPathComponent("android/google.pem"))
        let loaded = try TrustAnchorDirectory.load(InputPath(anchors.path)).get().anchors
        #expect(loaded.appAttestRootsDER.isEmpty)
        #expect(loaded.androidRootsDER.count == 1)
        #expect(loaded.fingerprint != TrustAnchors.bundled.fingerprint)

        let path = try CLIFixture.write(CLIFixture.proof(), "p.proof", in: directory)
        let capture = Capture()
        #expect(
            OctetVerifyTool.run(
                ["--format", "json", "--trust-anchors", anchors.path, path], environment: capture.environment()) == 0)
        #expect(capture.out.contains("\"trustAnchors\":\"\(loaded.fingerprint)\""))

        try Data("not a certificate".utf8).write(to: anchors.appendingPathComponent("android/zz-bad.pem"))
        // Read but malformed: exit 65 with the file's name.
        let refused = Capture()
        #expect(OctetVerifyTool.run(["--trust-anchors", anchors.path, path], environment: refused.environment()) == 65)
        #expect(refused.err.contains("zz-bad.pem"))
        #expect(
            OctetVerifyTool.run(["--trust-anchors", directory.path, path], environment: Capture().environment()) == 66)
    }

    @Test("iOS proofs name the attestation check app-attest")
    func appAttestName() throws {
        let key = P256PrivateKey()
        let publicKey = key.publicKey.x963Representation
        let maker = AppAttestEvidenceMaker { _, _ in
            AppAttestMessage.encode(
                keyId: SHA256.hash(publicKey), publicKey: publicKey, assertion: [0xA0], enrolment: nil)
        }
        var draft = ProofDraft(createdAt: CLIFixture.now.addingTimeInterval(-10))
        draft.platform = .ios
        let bytes = ProofIssuer(device: .appAttest(maker)).issue(draft)
        let report = CLIFixture.session().verify(path: "p", bytes: bytes)
        #expect(report.checks.first?.status == .pass, "\(report.checks.first?.detail ?? "")")
        #expect(report.checks.contains { $0.name == "app-attest" })
        #expect(!report.checks.contains { $0.name == "hardware-attestation" })
    }

    @Test("--require-verdict without --honor-verdict-tier warns on standard error and changes nothing")
    func deprecatedRequireVerdict() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try CLIFixture.write(CLIFixture.proof(), "p.proof", in: directory)
        let capture = Capture()
        #expect(OctetVerifyTool.run(["--require-verdict", "verified", path], environment: capture.environment()) == 0)
        #expect(capture.err.contains("warning: --require-verdict is deprecated"))
        let honoured = Capture()
        let status = OctetVerifyTool.run(
            ["--honor-verdict-tier", "--require-verdict", "verified", path], environment: honoured.environment())
        #expect(status == 1)
        #expect(honoured.err.isEmpty)
        #expect(honoured.out.contains("FAIL          verdict-tier"))
    }

    @Test("a control character in a path is shown, never sent to the terminal")
    func pathControlCharacters() throws {
        let report = ProofReport(
            path: "evil\u{1B}[2J.proof", proofSHA256: "", verification: Octet.verify(proofBytes: Data()), evidence: nil,
            verifiedAtMilliseconds: 0, trustAnchors: "")
        let text = TextReport(color: false).render(report)
        #expect(!text.contains("\u{1B}"))
        #expect(text.hasPrefix("evil\\x1b[2J.proof: "))
        #expect(JSONReport.render(report).contains(#""proof":"evil\u001b[2J.proof""#))
    }

    @Test(
        "octet-issue escapes what it echoes: an output path or content key with control characters never reaches the terminal raw",
        arguments: [
            ["--out", "/nonexistent-\u{1B}[2J/x.proof"],
            ["--anchors-out", "/proc/\u{1B}[2J", "--platform", "android", "--out", "/dev/null"],
            ["--content", "k\u{1B}]0;t\u{07}=/etc/hostname", "--out", "/dev/null"],
        ])
    func issueEscapesErrors(_ arguments: [String]) {
        let capture = Capture()
        let status = OctetIssueTool.run(["--at", CLIFixture.at] + arguments, environment: capture.environment())
        #expect(status != 0)
        #expect(capture.err.hasPrefix("octet-issue: "))
        #expect(!capture.err.dropLast().unicodeScalars.contains { LogSafeText.needsEscape($0) })
        #expect(capture.err.contains("\\x1b"))
    }

    @Test("octet-issue refuses to write a binary proof to a terminal, and writes one anywhere else")
    func issueToTerminal() {
        let terminal = Capture()
        #expect(OctetIssueTool.run([], environment: terminal.environment(outputIsTerminal: true)) == 64)
        #expect(terminal.binary.isEmpty)
        let pipe = Capture()
        #expect(OctetIssueTool.run(["--at", CLIFixture.at], environment: pipe.environment()) == 0)
        #expect(
            Octet.verify(proofBytes: pipe.binary, options: VerifyOptions(verificationTime: CLIFixture.now)).verdict
                == .valid)
    }
}
