import Foundation
import Octet
import Testing

@testable import OctetCLI

/// `--help`, `octet-verify(1)` and the completions come from one table, which must agree with
/// what the parser accepts.
@Suite("The flag table: --help, the man page and the completions made from one list")
struct FlagTableTests {
    static let verifyingFlags = FlagTable.verify.filter { !FlagTable.informational.contains($0.name) }

    @Test("the table lists exactly the flags the parser accepts, with the same repeatable ones")
    func tableMatchesParser() {
        #expect(Set(Self.verifyingFlags.map(\.name)) == Set(VerifyFlag.all))
        #expect(Set(Self.verifyingFlags.filter(\.repeatable).map(\.name)) == Set(VerifyFlag.repeatable))
        #expect(FlagTable.verify.count == Set(FlagTable.verify.map(\.name)).count, "no flag twice")
    }

    @Test("every informational flag of the table is handled by the parser")
    func informationalFlagsParse() throws {
        #expect(try ArgumentParser.parse(["--version"]) == .version)
        #expect(try ArgumentParser.parse(["--help"]) == .help)
        #expect(try ArgumentParser.parse(["-h"]) == .help)
    }

    @Test("--help has one line per row: the flag, its value and its help")
    func helpFromTable() {
        let lines = HelpText.verify.split(separator: "\n").map(String.init)
        for flag in FlagTable.verify {
            let help = flag.help + (flag.repeatable ? " (repeatable)" : "")
            #expect(lines.contains { $0.hasPrefix("  \(flag.synopsis) ") && $0.hasSuffix(" " + help) }, "\(flag.name)")
        }
        #expect(HelpText.verify.contains("octet-verify \(Release.version):"))
    }

    @Test("the man page names the release and has an entry per row, roff-escaped")
    func manualFromTable() {
        let page = ManualPage.render()
        #expect(page.hasPrefix(".TH OCTET-VERIFY 1 \"\" \"octet\\-verify \(Release.version)\""))
        for flag in FlagTable.verify {
            #expect(page.contains("\\fB\(ManualPage.roff(flag.name))\\fR"), "\(flag.name)")
            #expect(page.contains(ManualPage.roff(flag.help)), "\(flag.name)")
        }
        for (status, _) in HelpText.exitStatuses { #expect(page.contains(".B \(status)\n")) }
        // No raw hyphen outside requests: a man page's hyphens are minus signs.
        let body = page.split(separator: "\n").filter { !$0.hasPrefix(".") }
        #expect(!body.contains { $0.contains(" -") })
    }

    static let roffCases: [(String, String)] = [
        ("--at", "\\-\\-at"),
        ("a\\b", "a\\eb"),
        (".TH injected", "\\&.TH injected"),
        ("'quoted", "\\&'quoted"),
        ("plain text", "plain text"),
    ]

    @Test("roff escaping: backslashes, hyphens, a leading dot or quote", arguments: roffCases)
    func roffEscaping(input: String, expected: String) {
        #expect(ManualPage.roff(input) == expected)
    }

    @Test(
        "the bash completion offers every flag, files after FILE flags, words after word flags; bash -n accepts it")
    func bashCompletion() throws {
        let script = Completions.render(.bash)
        for flag in FlagTable.verify { #expect(script.contains(flag.name)) }
        #expect(script.contains("--format) COMPREPLY=($(compgen -W \"text json\""))
        #expect(script.contains("--manifest) COMPREPLY=($(compgen -f"))
        #expect(script.contains("--trust-anchors) COMPREPLY=($(compgen -d"))
        #expect(script.hasSuffix("complete -o filenames -F _octet_verify octet-verify\n"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("octet-completion-\(UUID()).bash")
        try script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = ["-n", file.path]
        try bash.run()
        bash.waitUntilExit()
        #expect(bash.terminationStatus == 0)
    }

    @Test("the zsh completion has a spec per row, repeatable ones starred, brackets and colons escaped")
    func zshCompletion() {
        let script = Completions.render(.zsh)
        #expect(script.hasPrefix("#compdef octet-verify\n"))
        #expect(script.contains("'*--content[content to check against its commitment]:KEY=PATH: '"))
        #expect(script.contains("'--format[json\\: one object per proof per line]:text|json:(text json)'"))
        #expect(
            script.contains(
                "'--trust-anchors[replaces the bundled roots (apple/, android/\\: .pem, .crt, .der)]:DIR:_files -/'"))
        #expect(script.contains("'(-q --quiet)'{-q,--quiet}'["))
        #expect(script.contains("'(-h --help)'{-h,--help}'[this help]'"))
        #expect(Completions.zshEscape("a'b[c]:d") == "a'\\''b\\[c\\]\\:d")
    }

    @Test("--generate-manual and --generate-completion-script parse; an unknown shell is a usage error")
    func generatorFlags() throws {
        #expect(try ArgumentParser.parse(["--generate-manual"]) == .manual)
        #expect(try ArgumentParser.parse(["--generate-completion-script", "zsh"]) == .completion(.zsh))
        #expect(try ArgumentParser.parse(["--generate-completion-script=bash"]) == .completion(.bash))
        #expect(throws: CLIError.self) { try ArgumentParser.parse(["--generate-completion-script", "fish"]) }
    }
}

/// The release number is written once and everything that shows it reads it.
@Suite("One version: --version, the help, the man page and the changelog")
struct ReleaseVersionTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("--version prints the version, the commit, the anchors' fingerprint and the OpenSSL version, one per line")
    func versionLines() {
        let lines = VersionText.render().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 5 && lines[4].isEmpty)
        #expect(lines[0] == "octet-verify \(Release.version)")
        #expect(lines[1] == "commit \(BuildInfo.commit)")
        #expect(lines[2] == "trust-anchors \(TrustAnchors.bundled.fingerprint)")
        #expect(lines[3].hasPrefix("OpenSSL 3."))
    }

    @Test("the release is a semantic version, and CHANGELOG.md's newest release is it")
    func changelogNamesRelease() throws {
        let parts = Release.version.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil })
        let changelog = try String(
            contentsOf: Self.repository.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let releases = changelog.split(separator: "\n").filter {
            $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]")
        }
        #expect(releases.first?.hasPrefix("## [\(Release.version)] - ") == true)
    }
}
