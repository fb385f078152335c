import Foundation
import Octet
import OctetCrypto
import Testing

@testable import OctetCLI

/// `--help`, `octet-verify(1)` and the completions come from one table, which must agree with
/// what the parser accepts.
@Suite("The flag table: --help, the man page and the completions made from one list")
struct FlagTableTests {
    static let verifyingFlags = FlagTable.verify.filter { !FlagTable.informational.contains($0.name) }

    @Test("every row of every command is parsed by its own apply: a valid value sets the configuration")
    func everyRowParses() throws {
        // A value each row accepts, by placeholder; a switch takes none.
        let samples: [String: String] = [
            "SECONDS": "600", "SPEC": "geohash:u4pruyd", "FILE": "f", "TEAMID.BUNDLE_ID": "ABCDE12345.com.example.app",
            "PACKAGE:SHA256HEX[,SHA256HEX...]": "com.example:" + String(repeating: "ab", count: 32),
            "verified|plausible": "verified", "HEX": "0011223344556677", "KEY=PATH": "k=p", "KEY=REASON": "k=gone",
            "all|KEY[,KEY...]": "all", "RFC3339": "2026-01-15T12:00:00Z", "URL": "sqlite:r.db", "DIR": "d",
            "text|json": "json", "N": "2", "auto|always|never": "never", "DURATION": "36h",
        ]
        // A flag that qualifies another is given with it, and compared with a run that has only the other.
        let partners: [String: [String]] = ["--revocation-max-age": ["--revocation-list", "f"]]
        for flag in Self.verifyingFlags {
            let partner = partners[flag.name] ?? []
            var arguments = partner + [flag.name]
            if let value = flag.value { arguments.append(try #require(samples[value], "\(flag.name)")) }
            let rest = flag.name == "--requests" ? [] : flag.configuresRun ? ["--requests", "-"] : ["p"]
            // --production requires the apps and the nonce: given here, and in the base it is compared with.
            let companions =
                flag.name == "--production"
                ? ["--app-id", "ABCDE12345.com.example.app", "--session-nonce", "0011223344556677"] : []
            let parsed = try ArgumentParser.parse(arguments + companions + rest)
            let configuration: VerifyConfiguration
            switch parsed {
            case .verify(let c), .requests(let c): configuration = c
            default: Issue.record("\(flag.name): \(parsed)"); continue
            }
            let withPartner: (inout VerifyConfiguration) -> Void = { c in
                if !partner.isEmpty { c.revocationListPath = "f" }
            }
            var base =
                flag.configuresRun ? ArgumentParserTests.requests(withPartner) : ArgumentParserTests.config(withPartner)
            if !companions.isEmpty, case .verify(let c) = try ArgumentParser.parse(companions + rest) { base = c }
            #expect(configuration != base, "\(flag.name) changes nothing")
        }
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
        for exit in HelpText.exitStatuses { #expect(page.contains(".B \(exit.status)\n")) }
        for command in FlagTable.commands where !command.words.isEmpty {
            #expect(page.contains(".SS \(ManualPage.roff(command.name))\n"))
            for flag in command.visibleFlags { #expect(page.contains(ManualPage.roff(flag.help)), "\(flag.name)") }
        }
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
        for command in FlagTable.commands {
            #expect(script.contains(Completions.functionName(command) + "() {"))
            for flag in command.visibleFlags { #expect(script.contains(flag.name)) }
        }
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
        #expect(try ArgumentParser.parse(["--generate-completion-script", "fish"]) == .completion(.fish))
        #expect(throws: CLIError.self) { try ArgumentParser.parse(["--generate-completion-script", "csh"]) }
    }
}

/// What each command's `--help` says, and what a mistyped flag gets back.
@Suite("Help and prompts of every command come from the table")
struct CommandHelpTests {
    @Test("every command's --help lists each of its flags and every exit status it can return")
    func helpOfEveryCommand() {
        for command in FlagTable.commands {
            let help = HelpText.render(command)
            #expect(help.contains("usage: \(command.name)"), "\(command.name)")
            for flag in command.visibleFlags {
                #expect(help.contains("  \(flag.synopsis) "), "\(command.name) \(flag.name)")
            }
            for exit in command.exitStatuses {
                #expect(help.contains("\(exit.status) \(exit.meaning)"), "\(command.name)")
            }
            // The documents it names exist (a wrong extension, docs/openapi.yaml, would fail here).
            for document in command.seeAlso {
                let path = String(document.prefix { $0 != " " })
                #expect(
                    FileManager.default.fileExists(
                        atPath: ReleaseVersionTests.repository.appendingPathComponent(path).path), "\(document)")
            }
        }
        let serve = HelpText.render(FlagTable.serveCommand)
        #expect(serve.contains("docs/openapi.json") && !serve.contains("openapi.yaml"))
        #expect(serve.contains("65 a FILE is malformed"))
    }

    static let typos: [(arguments: [String], says: String)] = [
        (["--regoin", "p"], "unknown option '--regoin' (did you mean --region? see --help)"),
        (["--max-ag", "1", "p"], "did you mean --max-age?"),
        (["--sesion-nonce", "00", "p"], "did you mean --session-nonce?"),
        (
            ["inspect", "--fromat", "json", "p"],
            "inspect: unknown option '--fromat' (did you mean --format? see octet-verify inspect --help)"
        ),
        (["replay", "prune", "--replay-sotre", "sqlite:a"], "did you mean --replay-store?"),
        (["--listen", "127.0.0.1:0", "p"], "'--listen': it is an option of octet-verify serve, not of octet-verify"),
        (["--frobnicate", "p"], "unknown option '--frobnicate' (see --help)"),
    ]

    @Test("an unknown flag gets the nearest one suggested, or the command that takes it", arguments: typos)
    func suggestions(_ arguments: [String], _ says: String) {
        #expect {
            _ = try ArgumentParser.parse(arguments)
        } throws: { error in
            (error as? CLIError)?.message.contains(says) == true
        }
    }

    @Test("serve: a mistyped flag is suggested, --replay-db is named as the CLI's, and no message names serve itself")
    func serveMessages() {
        func message(_ arguments: [String]) -> String {
            do {
                _ = try ServeConfiguration.parse(arguments)
                return ""
            } catch { return error.message }
        }
        #expect(message(["--listne", "127.0.0.1:0"]).contains("did you mean --listen?"))
        #expect(message(["--listen", "127.0.0.1:0", "--replay-db", "a.db"]).contains("not of octet-verify serve"))
        for arguments in [
            ["--listen", "10.0.0.1:80"], [], ["--bogus"], ["--threads", "0", "--listen", "127.0.0.1:0"],
        ] {
            let text = message(arguments)
            #expect(!text.isEmpty && !text.hasPrefix("serve:"), "\(text)")
        }
    }

    @Test("the edit distance counts a transposition as one edit")
    func editDistance() {
        #expect(FlagParser.editDistance(Array("--regoin".utf8), Array("--region".utf8)) == 1)
        #expect(FlagParser.editDistance(Array("abc".utf8), Array("abc".utf8)) == 0)
        #expect(FlagParser.editDistance(Array("".utf8), Array("ab".utf8)) == 2)
        #expect(FlagParser.nearest("--zzzzzz", among: ["--region"]) == nil)
    }

    @Test("the fish completion has a line per flag of every command, under its subcommand")
    func fishCompletion() {
        let script = Completions.render(.fish)
        #expect(script.contains("complete -c octet-verify -n '__fish_seen_subcommand_from serve' -l listen -x"))
        #expect(script.contains("-l format -x -a 'text json'"))
        #expect(script.contains("-l quiet -s q"))
        for command in FlagTable.commands {
            for flag in command.visibleFlags { #expect(script.contains("-l \(flag.name.dropFirst(2))")) }
        }
    }
}

/// The release number is written once and everything that shows it reads it.
@Suite("One version: --version, the help, the man page and the changelog")
struct ReleaseVersionTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("--version prints the version, the commit, the anchors' fingerprint and the crypto library, one per line")
    func versionLines() {
        let lines = VersionText.render().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 5 && lines[4].isEmpty)
        #expect(lines[0] == "octet-verify \(Release.version)")
        #expect(lines[1] == "commit \(BuildInfo.commit)")
        #expect(lines[2] == "trust-anchors \(TrustAnchors.bundled.fingerprint)")
        #expect(lines[3] == "swift-crypto (BoringSSL), tested with \(CryptoLibrary.testedRelease)")
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
