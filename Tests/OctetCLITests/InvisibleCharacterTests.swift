import Foundation
import OctetCLI
import OctetIssuer
import Testing

@Suite("Text output escapes invisible and format characters (U+200B, U+2060, U+FEFF): inspect, results, standard error")
struct InvisibleCharacterTests {
    static let hidden = "\u{200B}\u{2060}\u{FEFF}"
    static let shown = #"\u{200B}\u{2060}\u{FEFF}"#

    static func containsHidden(_ text: String) -> Bool {
        text.unicodeScalars.contains { ["\u{200B}", "\u{2060}", "\u{FEFF}"].contains($0) }
    }

    @Test("inspect shows an app id with U+200B, U+2060 and U+FEFF escaped, in text and in JSON")
    func inspectAppId() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        var draft = ProofDraft(createdAt: CLIFixture.now.addingTimeInterval(-10))
        draft.appId = "com.example" + Self.hidden + ".octet"
        let path = try CLIFixture.write(CLIFixture.issuer.issue(draft), "p.proof", in: directory)

        let text = OutputCapture()
        #expect(OctetVerifyTool.run(["inspect", path], environment: text.environment(now: CLIFixture.nowMs)) == 0)
        let appIdLine = text.standardOutput.split(separator: "\n").first { $0.hasPrefix("  app id ") }
        #expect(appIdLine?.hasSuffix(" com.example" + Self.shown + ".octet") == true, "\(text.standardOutput)")
        #expect(!Self.containsHidden(text.standardOutput))

        let json = OutputCapture()
        #expect(
            OctetVerifyTool.run(
                ["inspect", "--format", "json", path], environment: json.environment(now: CLIFixture.nowMs)) == 0)
        #expect(json.standardOutput.contains(#""appId":"com.example\u200b\u2060\ufeff.octet""#))
        #expect(!Self.containsHidden(json.standardOutput))
    }

    @Test("a file name with U+200B, U+2060 and U+FEFF is escaped on standard error and in a text result")
    func fileName() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = "p" + Self.hidden + ".proof"
        let missing = directory.appendingPathComponent("missing" + Self.hidden + ".proof").path

        // Standard error: a PROOF that cannot be read, when verifying and when inspecting.
        for arguments in [["--at", CLIFixture.at, missing], ["inspect", missing]] {
            let run = OutputCapture()
            #expect(OctetVerifyTool.run(arguments, environment: run.environment(now: CLIFixture.nowMs)) == 66)
            #expect(run.standardError.contains("missing" + Self.shown + ".proof"), "\(run.standardError)")
            #expect(!Self.containsHidden(run.standardError))
        }

        // A text result names the file in its header.
        let path = try CLIFixture.write(CLIFixture.proof(id: 3), name, in: directory)
        let result = OutputCapture()
        #expect(
            OctetVerifyTool.run(["--at", CLIFixture.at, path], environment: result.environment(now: CLIFixture.nowMs))
                == 0)
        #expect(result.standardOutput.contains("p" + Self.shown + ".proof: valid"), "\(result.standardOutput)")
        #expect(!Self.containsHidden(result.standardOutput))
    }
}
