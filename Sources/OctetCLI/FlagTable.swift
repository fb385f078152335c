import Foundation
import Octet
import OctetBackend
import OctetEncoding

/// One option of a command of `octet-verify`. Parsing, `--help`, the man page `octet-verify(1)`
/// and the bash, zsh and fish completions are all made from the rows of ``FlagTable``: a new flag
/// is one ``OptionRow`` (this description and what it does to the configuration), nothing else.
package struct Flag: Sendable, Equatable {
    /// `--max-age`.
    package var name: String
    /// A short alias, `-h`.
    package var short: String?
    /// The value's placeholder (`SECONDS`, `FILE`, `DIR`, `text|json`), nil for a switch.
    package var value: String?
    /// One line, lower case, no final full stop.
    package var help: String
    /// May be given more than once.
    package var repeatable: Bool
    /// Configures a run rather than one proof: accepted with `--requests` (each request carries
    /// its own per-proof options).
    var configuresRun = false
    /// Prints something and exits instead of running (`--help`, `--version`).
    var informational = false
    /// Not listed by `--help`, the man page or the completions (`--generate-manual`).
    var hidden = false
    /// The option this flag gives, when a check is NOT-CHECKED without it: the check's hint names
    /// this flag (`CommandLinePrompts`).
    var option: VerifyOptionName?

    /// A flag that takes a value.
    package init(_ name: String, short: String? = nil, _ value: String, _ help: String, repeatable: Bool = false) {
        self.name = name
        self.short = short
        self.value = value
        self.help = help
        self.repeatable = repeatable
    }

    /// A switch.
    package init(_ name: String, short: String? = nil, _ help: String) {
        self.name = name
        self.short = short
        self.value = nil
        self.help = help
        self.repeatable = false
    }

    /// What a shell should offer for the value: a file, a directory, fixed words, or nothing.
    enum ValueKind: Equatable {
        case none, free, file, directory
        case words([String])
    }

    var valueKind: ValueKind {
        guard let value else { return .none }
        if value == "FILE" || value.hasPrefix("FILE|") { return .file }
        if value == "DIR" { return .directory }
        let words = value.split(separator: "|").map(String.init)
        if words.count > 1, words.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLowercase } }) {
            return .words(words)
        }
        return .free
    }

    /// `--max-age SECONDS`, `-h, --help`.
    var synopsis: String {
        let long = value.map { "\(name) \($0)" } ?? name
        return short.map { "\($0), \(long)" } ?? long
    }

    /// This row, configuring a run (see ``configuresRun``).
    var run: Flag {
        var copy = self
        copy.configuresRun = true
        return copy
    }

    /// This row, giving `option`.
    func gives(_ option: VerifyOptionName) -> Flag {
        var copy = self
        copy.option = option
        return copy
    }

    package var info: Flag {
        var copy = self
        copy.informational = true
        return copy
    }

    var secret: Flag {
        var copy = self
        copy.hidden = true
        copy.informational = true
        return copy
    }
}

/// A flag's argument as given (`--flag VALUE` or `--flag=VALUE`); empty for a switch.
package struct FlagArgument {
    package let flag: String
    package let bytes: [UInt8]

    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// A file path, as bytes (a Linux name need not be UTF-8); never empty.
    func path() throws(CLIError) -> InputPath { try ArgumentParser.nonEmptyPath(flag, bytes: bytes) }

    /// A whole number in `range`.
    func number(_ range: ClosedRange<Int>) throws(CLIError) -> Int {
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), bytes.count <= 19, let value = Int(text),
            range.contains(value)
        else {
            throw .usage(
                "\(flag): expected a whole number from \(range.lowerBound) to \(range.upperBound), got \(RegionSpec.quoted(text))"
            )
        }
        return value
    }

    /// A usage error about this flag's value.
    package func refuse(_ what: String) -> CLIError { .usage("\(flag): \(what)") }
}

/// One row of a command's table: the flag, and what it does to the command's configuration.
package struct OptionRow<Configuration>: Sendable {
    package let flag: Flag
    let apply: @Sendable (inout Configuration, FlagArgument) throws(CLIError) -> Void

    package init(
        _ flag: Flag, _ apply: @escaping @Sendable (inout Configuration, FlagArgument) throws(CLIError) -> Void
    ) {
        self.flag = flag
        self.apply = apply
    }

    /// `--help`, `--version`: handled by the parser, nothing to apply.
    package init(informational flag: Flag) {
        self.flag = flag
        self.apply = { _, _ in }
    }
}

/// A command's documented exit status.
package struct ExitMeaning: Sendable, Equatable {
    let status: Int32
    let meaning: String

    package init(_ status: Int32, _ meaning: String) {
        self.status = status
        self.meaning = meaning
    }
}

/// One command of `octet-verify` as help, the man page and the completions show it.
package struct CommandSpec: Sendable {
    /// The words after `octet-verify`: [], ["inspect"], ["replay", "prune"], ["serve"].
    let words: [String]
    /// One line, lower case, no final full stop.
    let summary: String
    /// The usage lines (after `usage: `).
    let usage: [String]
    /// What it does, a paragraph (may be empty).
    let about: String
    let flags: [Flag]
    /// The operand's name (`PROOF`, a file), nil when the command takes none.
    let operand: String?
    let exitStatuses: [ExitMeaning]
    /// The documents that say more: paths in the source repository.
    let seeAlso: [String]
    /// The package trait a build needs for this command (`Serve`, `Fetch`): the static package has neither.
    var trait: String? = nil

    /// The prefix of this command's error messages: the program's name is written by the printer,
    /// the subcommand's here (`inspect: `), and nowhere else.
    var messagePrefix: String
    /// The program: `octet-verify`, or `octet-issue`.
    var program = OctetVerifyTool.name

    /// `octet-verify serve`.
    var name: String { ([program] + words).joined(separator: " ") }

    var visibleFlags: [Flag] { flags.filter { !$0.hidden } }
}

extension CommandSpec {
    /// Another program's command (`octet-issue`): no subcommand words.
    package init(
        program: String, summary: String, usage: [String], about: String, flags: [Flag],
        exitStatuses: [ExitMeaning], seeAlso: [String]
    ) {
        self.init(
            words: [], summary: summary, usage: usage, about: about, flags: flags, operand: nil,
            exitStatuses: exitStatuses, seeAlso: seeAlso, messagePrefix: "")
        self.program = program
    }
}

/// The commands of `octet-verify` and their flags.
enum FlagTable {
    /// The verifier's options, in the order `--help` lists them.
    static var verify: [Flag] { verifyRows.map(\.flag).filter { !$0.hidden } }

    /// Flags that print something and exit instead of verifying.
    static var informational: Set<String> { Set(verifyRows.map(\.flag).filter(\.informational).map(\.name)) }

    /// Every command, the verifier first.
    static var commands: [CommandSpec] {
        [verifyCommand, inspectCommand, selfTestCommand, replayPruneCommand, serveCommand, revocationFetchCommand]
    }

    /// The subcommands' first words (what a shell completes after `octet-verify`).
    static let subcommandWords = ["serve", "inspect", "selftest", "replay", "revocation", "help"]

    // MARK: octet-verify [OPTIONS] PROOF...

    /// The schema's bound of a session nonce, which `--session-nonce` states and enforces.
    private static let nonceBytes = ProofSchema.sessionNonceBytes

    static let verifyRows: [OptionRow<VerifyConfiguration>] = [
        .init(Flag("--max-age", "SECONDS", "freshness window (default \(VerifyOptionDefaults.maxAgeText))")) {
            c, a throws(CLIError) in
            let text = a.text
            guard let seconds = Double(text), seconds.isFinite, seconds >= 0, RegionSpec.degrees(Substring(text)) != nil
            else { throw a.refuse("expected a number of seconds ≥ 0, got \(RegionSpec.quoted(text))") }
            c.options.verifyOptions.maxAgeSeconds = seconds
        },
        .init(
            Flag("--region", "SPEC", "geohash:u4pruyd | circle:LAT,LON,RADIUS_M | polygon:LAT,LON;LAT,LON;...").gives(
                .expectedRegion)
        ) {
            c, a throws(CLIError) in c.options.verifyOptions.validatedExpectedRegion = try RegionSpec.expected(a.text)
        },
        .init(Flag("--require-attestation", "fail unless the hardware attestation passes").gives(.requireAttestation)) {
            c, _ throws(CLIError) in c.options.verifyOptions.requireAttestation = true
        },
        .init(
            Flag(
                "--production",
                "accept only hardware-attested proofs of your apps for your session: --require-attestation, and --app-id or --android-app and --session-nonce required"
            )
        ) {
            c, _ throws(CLIError) in
            c.production = true
            c.options.verifyOptions.requireAttestation = true
        },
        .init(Flag("--attestation-bundle", "FILE", "iOS: the App Attest enrolment bundle")) {
            c, a throws(CLIError) in c.attestationBundlePath = try a.path()
        },
        .init(
            Flag(
                "--app-id", "TEAMID.BUNDLE_ID", "accept this iOS app (its App ID): enables app-identity",
                repeatable: true)
        ) { c, a throws(CLIError) in
            do throws(ExpectedAppError) {
                let app = try ExpectedApp.apple(validatingAppID: a.text)
                c.options.verifyOptions.expectedApps = (c.options.verifyOptions.expectedApps ?? []) + [app]
            } catch {
                throw a.refuse("\(error)")
            }
        },
        .init(
            Flag(
                "--android-app", "PACKAGE:SHA256HEX[,SHA256HEX...]",
                "accept this Android app, signed by these certificates: enables app-identity", repeatable: true)
        ) { c, a throws(CLIError) in
            c.options.verifyOptions.expectedApps =
                (c.options.verifyOptions.expectedApps ?? []) + [try ArgumentParser.androidApp(a.text)]
        },
        .init(Flag("--require-verdict", "verified|plausible", "deprecated; effective only with --honor-verdict-tier")) {
            c, a throws(CLIError) in
            switch a.text {
            case "verified": c.options.verifyOptions.requiredTier = .verified
            case "plausible": c.options.verifyOptions.requiredTier = .plausible
            case let other: throw a.refuse("expected verified or plausible, got \(RegionSpec.quoted(other))")
            }
        },
        .init(Flag("--honor-verdict-tier", "restore the 3.0 assurance-tier rules")) {
            c, _ throws(CLIError) in c.options.verifyOptions.honorVerdictTier = true
        },
        .init(
            Flag(
                "--session-nonce", "HEX",
                "the nonce you asked with, in hex (\(nonceBytes.lowerBound) to \(nonceBytes.upperBound) bytes)"
            ).gives(.expectedSessionNonce)
        ) {
            c, a throws(CLIError) in
            guard let nonce = Hex.decode(a.text, allowUppercase: true) else {
                throw a.refuse(
                    "expected an even number of hex digits (0-9, a-f): the command line takes the nonce in hex "
                        + "(a request's options.expectedSessionNonceBase64 takes base64)")
            }
            guard nonceBytes.contains(nonce.count) else {
                let (least, most) = (nonceBytes.lowerBound, nonceBytes.upperBound)
                throw a.refuse(
                    "a session nonce is \(least) to \(most) bytes (\(2 * least) to \(2 * most) hex digits), "
                        + "got \(nonce.count)")
            }
            c.options.verifyOptions.expectedSessionNonce = Data(nonce)
        },
        .init(Flag("--manifest", "FILE", "the content manifest received with the proof")) {
            c, a throws(CLIError) in c.manifestPath = try a.path()
        },
        .init(Flag("--content", "KEY=PATH", "content to check against its commitment", repeatable: true)) {
            c, a throws(CLIError) in
            let text = a.bytes
            guard let equals = text.firstIndex(of: UInt8(ascii: "=")), equals > 0, equals < text.count - 1 else {
                throw a.refuse("expected KEY=PATH, with neither part empty")
            }
            let key = String(decoding: text[..<equals], as: UTF8.self)
            c.content.append(.init(key: key, path: InputPath(bytes: Array(text[(equals + 1)...]))))
        },
        .init(Flag("--content-unavailable", "KEY=REASON", "content you could not fetch", repeatable: true)) {
            c, a throws(CLIError) in
            let (key, reason) = try ArgumentParser.keyValue(a.flag, a.text, what: "KEY=REASON")
            c.contentUnavailable.append(.init(key: key, reason: reason))
        },
        .init(Flag("--require-content", "all|KEY[,KEY...]", "content that must be presented")) {
            c, a throws(CLIError) in
            if a.text == "all" {
                c.requireContent = .all
            } else {
                let keys = a.text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                guard !keys.contains(where: \.isEmpty) else {
                    throw a.refuse("expected all or KEY[,KEY...] without empty keys")
                }
                c.requireContent = .keys(keys)
            }
        },
        .init(Flag("--require-caller-metadata", "fail a proof that commits no content")) {
            c, _ throws(CLIError) in c.options.verifyOptions.requireCallerMetadata = true
        },
        .init(Flag("--at", "RFC3339", "verification time (audits, tests)")) { c, a throws(CLIError) in
            guard let milliseconds = RFC3339.parseMilliseconds(a.text) else {
                throw a.refuse(
                    "expected an RFC 3339 time such as 2026-01-15T12:00:00Z, got \(RegionSpec.quoted(a.text))")
            }
            c.options.verificationTimeMs = milliseconds
        },
        .init(
            Flag("--requests", "FILE", "JSON-lines verify requests (- for standard input), answered in input order").run
        ) { c, a throws(CLIError) in
            guard !a.bytes.isEmpty else { throw a.refuse("expected a file path, or - for standard input") }
            c.requestsPath = a.text
        },
        .init(Flag("--replay-db", "FILE", "SQLite replay store: enables replay-uniqueness").run.gives(.replayStore)) {
            c, a throws(CLIError) in
            guard !a.bytes.isEmpty else { throw a.refuse("expected a file path") }
            c.replayDatabasePath = a.text
        },
        .init(
            Flag(
                "--replay-store", "URL", "sqlite:PATH or postgresql://… (a fleet's shared store); not with --replay-db"
            )
            .run.gives(.replayStore)
        ) { c, a throws(CLIError) in
            do throws(ReplayStoreError) {
                c.replayStoreURL = try ReplayStoreURL(parsing: a.text)
            } catch {
                throw a.refuse(error.reason)
            }
        },
        .init(Flag("--revocation-list", "FILE", "enables revocation").run.gives(.revocationSource)) {
            c, a throws(CLIError) in
            c.revocationListPath = try a.path()
        },
        .init(Flag("--revocation-max-age", "DURATION", RevocationMaxAge.help).run) { c, a throws(CLIError) in
            c.revocationMaxAgeSeconds = try RevocationMaxAge.parse(a)
        },
        .init(Flag("--trust-anchors", "DIR", "replaces the bundled roots (apple/, android/: .pem, .crt, .der)").run) {
            c, a throws(CLIError) in c.trustAnchorsPath = try a.path()
        },
        .init(Flag("--format", "text|json", "json: one object per proof per line")) { c, a throws(CLIError) in
            guard let format = VerifyConfiguration.Format(rawValue: a.text) else {
                throw a.refuse("expected text or json, got \(RegionSpec.quoted(a.text))")
            }
            c.format = format
        },
        .init(Flag("--files-from", "FILE", "more PROOFs, one per line or NUL-separated (- for standard input)")) {
            c, a throws(CLIError) in c.filesFrom = try a.path()
        },
        .init(Flag("--quiet", short: "-q", "no per-proof output; text: the summary line of a batch only")) {
            c, _ throws(CLIError) in c.quiet = true
        },
        .init(Flag("--jobs", "N", "parallel verification (default: all cores)").run) { c, a throws(CLIError) in
            c.jobs = try a.number(1...256)
        },
        .init(Flag("--color", "auto|always|never", "colour in text output (default auto: terminals only)")) {
            c, a throws(CLIError) in
            guard let choice = VerifyConfiguration.ColorChoice(rawValue: a.text) else {
                throw a.refuse("expected auto, always or never, got \(RegionSpec.quoted(a.text))")
            }
            c.color = choice
        },
        .init(
            informational: Flag(
                "--version", "the version, the commit built from, the anchors' fingerprint, the crypto library"
            ).info),
        .init(informational: Flag("--help", short: "-h", "this help").info),
        .init(informational: Flag("--generate-manual", "print the man page octet-verify(1)").secret),
        .init(
            informational: Flag(
                "--generate-completion-script", "bash|zsh|fish", "print a completion script for the shell"
            ).secret),
    ]

    static let verifyExitStatuses: [ExitMeaning] = [
        ExitMeaning(ExitStatus.allValid, "all valid"),
        ExitMeaning(ExitStatus.anyInvalid, "any invalid"),
        ExitMeaning(ExitStatus.anyInconclusive, "any inconclusive and none invalid"),
        ExitMeaning(ExitStatus.usage, "usage error"),
        ExitMeaning(ExitStatus.dataError, "a FILE is malformed; with --requests: a request line was malformed"),
        ExitMeaning(ExitStatus.unreadable, "a PROOF or FILE could not be read"),
        ExitMeaning(ExitStatus.ioError, "the results could not be written"),
    ]

    static var verifyCommand: CommandSpec {
        CommandSpec(
            words: [], summary: HelpText.summary,
            usage: [
                "octet-verify [OPTIONS] PROOF...      PROOF: a file, or - for standard input",
                "octet-verify [OPTIONS] --files-from FILE",
                "octet-verify --requests FILE|- [--replay-db FILE] [--trust-anchors DIR] [--jobs N]",
                "octet-verify serve --listen HOST:PORT [OPTIONS]   HTTP service (see serve --help)",
                "octet-verify inspect [--format json] PROOF...   key hashes, serials, stages (log-safe)",
                "octet-verify replay prune (--replay-store URL | --replay-db FILE)   (see replay --help)",
                "octet-verify revocation fetch URL --out FILE   fetch a revocation list (see revocation --help)",
                "octet-verify help                    this text",
                "(octet-issue makes proofs for sandboxes and demos: see octet-issue --help)",
            ],
            about: "", flags: verifyRows.map(\.flag), operand: "PROOF", exitStatuses: verifyExitStatuses,
            seeAlso: ["docs/cli.md", "docs/checks.md", "docs/service.md", "docs/trust-model.md"], messagePrefix: "")
    }

    // MARK: octet-verify inspect

    static let inspectRows: [OptionRow<InspectConfiguration>] = [
        .init(Flag("--format", "text|json", "json: one object per proof per line")) { c, a throws(CLIError) in
            guard let format = VerifyConfiguration.Format(rawValue: a.text) else {
                throw a.refuse("expected text or json, got \(RegionSpec.quoted(a.text))")
            }
            c.format = format
        },
        .init(informational: Flag("--help", short: "-h", "this help").info),
    ]

    static var inspectCommand: CommandSpec {
        CommandSpec(
            words: ["inspect"], summary: "what an operator needs to act on a proof, log-safely",
            usage: ["octet-verify inspect [--format text|json] PROOF..."], about: InspectCommand.about,
            flags: inspectRows.map(\.flag), operand: "PROOF",
            exitStatuses: [
                ExitMeaning(0, "inspected"), ExitMeaning(ExitStatus.usage, "usage error"),
                ExitMeaning(ExitStatus.dataError, "not a well-formed proof"),
                ExitMeaning(ExitStatus.unreadable, "could not be read"),
                ExitMeaning(ExitStatus.ioError, "the output could not be written"),
            ],
            seeAlso: ["docs/cli.md"], messagePrefix: "inspect: ")
    }

    // MARK: octet-verify selftest

    /// `--replay-store URL` and `--replay-db FILE` (`sqlite:FILE`) of a command that acts on one
    /// store (`replay prune`, `selftest`): `set` gets the store and the flag that named it, so the
    /// command can refuse two.
    static func storeRows<Configuration>(
        storeHelp: String, databaseHelp: String,
        set: @escaping @Sendable (inout Configuration, ReplayStoreURL, String) -> Void
    ) -> [OptionRow<Configuration>] {
        [
            .init(Flag("--replay-store", "URL", storeHelp)) { c, a throws(CLIError) in
                do throws(ReplayStoreError) {
                    set(&c, try ReplayStoreURL(parsing: a.text), a.flag)
                } catch {
                    throw a.refuse(error.reason)
                }
            },
            .init(Flag("--replay-db", "FILE", databaseHelp)) { c, a throws(CLIError) in
                guard !a.bytes.isEmpty else { throw a.refuse("expected a file path") }
                set(&c, .sqlite(path: a.text), a.flag)
            },
        ]
    }

    static let selfTestRows: [OptionRow<SelfTestConfiguration>] =
        storeRows(
            storeHelp: "sqlite:PATH or postgresql://…: check that the store answers and could record",
            databaseHelp: "the SQLite store to check (sqlite:FILE)"
        ) { c, store, flag in
            c.replayStore = store
            c.storeFlags.append(flag)
        } + [
            .init(Flag("--revocation-list", "FILE", "check that the revocation list reads and parses")) {
                c, a throws(CLIError) in c.revocationListPath = try a.path()
            },
            .init(informational: Flag("--help", short: "-h", "this help").info),
        ]

    static var selfTestCommand: CommandSpec {
        CommandSpec(
            words: ["selftest"], summary: "check this binary, its bundled roots, and the store and list it will use",
            usage: ["octet-verify selftest [--replay-store URL | --replay-db FILE] [--revocation-list FILE]"],
            about: SelfTestCommand.about, flags: selfTestRows.map(\.flag), operand: nil,
            exitStatuses: [
                ExitMeaning(0, "every item holds"), ExitMeaning(ExitStatus.anyInvalid, "an item failed"),
                ExitMeaning(ExitStatus.usage, "usage error"),
                ExitMeaning(ExitStatus.ioError, "the output could not be written"),
            ],
            seeAlso: ["docs/install.md", "docs/cli.md"], messagePrefix: "selftest: ")
    }

    // MARK: octet-verify replay prune

    static let replayPruneRows: [OptionRow<ReplayPruneArguments>] =
        storeRows(
            storeHelp: "sqlite:PATH or postgresql://…: the store to prune",
            databaseHelp: "the SQLite store to prune (sqlite:FILE)"
        ) { c, store, flag in
            c.store = store
            c.storeFlags.append(flag)
        } + [
            .init(
                Flag(
                    "--older-than", "SECONDS",
                    "remove records accepted more than SECONDS ago (default \(ReplayPruneHorizon.defaultSeconds), "
                        + "at least \(ReplayPruneHorizon.minimumSeconds))")
            ) { c, a throws(CLIError) in c.olderThanSeconds = try ReplayCommand.seconds(a.text) },
            .init(informational: Flag("--help", short: "-h", "this help").info),
        ]

    static var replayPruneCommand: CommandSpec {
        CommandSpec(
            words: ["replay", "prune"], summary: "remove replay records past the freshness horizon",
            usage: ["octet-verify replay prune (--replay-store URL | --replay-db FILE) [--older-than SECONDS]"],
            about: ReplayCommand.about, flags: replayPruneRows.map(\.flag), operand: nil,
            exitStatuses: [
                ExitMeaning(0, "pruned"), ExitMeaning(ExitStatus.usage, "usage error"),
                ExitMeaning(ExitStatus.unreadable, "the store could not be opened"),
                ExitMeaning(ExitStatus.unavailable, "the store could not be reached or used"),
                ExitMeaning(ExitStatus.ioError, "the output could not be written"),
            ],
            seeAlso: ["docs/service.md (Pruning)"], messagePrefix: "replay prune: ")
    }

    // MARK: octet-verify serve

    static let serveRows: [OptionRow<ServeConfiguration>] = [
        .init(Flag("--listen", "HOST:PORT", "numeric IPv4, or [IPv6]:PORT; port 0 picks a free one (logged)")) {
            c, a throws(CLIError) in
            guard let address = ListenAddress(a.text) else {
                throw a.refuse("expected HOST:PORT with a numeric address (127.0.0.1:8080, [::1]:8080)")
            }
            c.listen = address
        },
        .init(
            Flag("--replay-store", "URL", "sqlite:PATH or postgresql://… : enables replay-uniqueness").gives(
                .replayStore)
        ) {
            c, a throws(CLIError) in
            guard !a.bytes.isEmpty else { throw a.refuse("expected a value") }
            do throws(ReplayStoreError) {
                _ = try ReplayStoreURL(parsing: a.text)
            } catch {
                throw a.refuse(error.reason)
            }
            c.replayStore = a.text
        },
        .init(Flag("--revocation-list", "FILE", "enables revocation (re-read on SIGHUP)").gives(.revocationSource)) {
            c, a throws(CLIError) in
            c.revocationListPath = try a.path().description
        },
        .init(Flag("--revocation-max-age", "DURATION", RevocationMaxAge.help)) { c, a throws(CLIError) in
            c.revocationMaxAgeSeconds = try RevocationMaxAge.parse(a)
        },
        .init(Flag("--trust-anchors", "DIR", "replaces the bundled roots (re-read on SIGHUP)")) {
            c, a throws(CLIError) in c.trustAnchorsPath = try a.path().description
        },
        .init(Flag("--token-file", "FILE", "bearer tokens, one per line, 32+ characters (re-read on SIGHUP)")) {
            c, a throws(CLIError) in c.tokenFilePath = try a.path().description
        },
        .init(Flag("--insecure-no-auth", "allow a non-loopback --listen without --token-file")) {
            c, _ throws(CLIError) in c.insecureNoAuth = true
        },
        .init(
            Flag(
                "--threads", "N",
                "HTTP threads, each verifying its connections' requests (default: every core; 3 per core with PostgreSQL)"
            )
        ) {
            c, a throws(CLIError) in c.threads = try a.number(1...256)
        },
        .init(Flag("--max-body", "BYTES", "largest request body (default and most \(VerifyRequest.maxBytes))")) {
            c, a throws(CLIError) in c.maxBody = try a.number(1...VerifyRequest.maxBytes)
        },
        .init(
            Flag(
                "--max-buffered-bytes", "BYTES",
                "request bodies held at once, all connections together; past it 503 SATURATED "
                    + "(default: max-body x (threads + 2), at most 268435456, at least max-body)")
        ) { c, a throws(CLIError) in c.maxBufferedBytes = try a.number(1...(1 << 40)) },
        .init(
            Flag(
                "--request-timeout", "SECONDS",
                "a request must arrive within this (default \(ServeConfiguration.defaultRequestTimeoutSeconds))")
        ) { c, a throws(CLIError) in c.requestTimeoutSeconds = UInt32(try a.number(1...3600)) },
        .init(
            Flag(
                "--min-body-rate", "BYTES",
                "a request body must bring BYTES a second, judged every 2 seconds the server could read, "
                    + "or its connection is closed; 0 turns it off (default \(ServeConfiguration.defaultMinBodyRate))")
        ) { c, a throws(CLIError) in c.minBodyRate = try a.number(0...(1 << 30)) },
        .init(
            Flag(
                "--prune-every", "DURATION",
                "prune the replay store every DURATION (30s, 15m, 1h; 10s to 24h), removing the records older "
                    + "than --prune-older-than; each run is logged")
        ) { c, a throws(CLIError) in
            guard let seconds = ServeConfiguration.duration(a.text) else {
                throw a.refuse("expected a duration from 10s to 24h (30s, 15m, 1h)")
            }
            c.pruneEverySeconds = seconds
        },
        .init(
            Flag(
                "--prune-older-than", "SECONDS",
                "with --prune-every: the age of the records pruned (default \(ReplayPruneHorizon.defaultSeconds), "
                    + "at least \(ReplayPruneHorizon.minimumSeconds)); a request whose window reaches further back is refused"
            )
        ) { c, a throws(CLIError) in
            c.pruneOlderThanSeconds = Int64(try a.number(Int(ReplayPruneHorizon.minimumSeconds)...(100 * 366 * 86_400)))
        },
        .init(informational: Flag("--help", short: "-h", "this help").info),
    ]

    static var serveCommand: CommandSpec {
        CommandSpec(
            words: ["serve"], summary: "the verifier over HTTP until SIGTERM",
            usage: ["octet-verify serve --listen HOST:PORT [OPTIONS]"], about: ServeConfiguration.about,
            flags: serveRows.map(\.flag), operand: nil,
            exitStatuses: [
                ExitMeaning(0, "stopped by a signal"), ExitMeaning(ExitStatus.usage, "usage error"),
                ExitMeaning(ExitStatus.dataError, "a FILE is malformed (a revocation list, a trust anchor)"),
                ExitMeaning(ExitStatus.unreadable, "a FILE could not be read, or the replay store not opened"),
                ExitMeaning(ExitStatus.unavailable, "the address cannot be listened on"),
                ExitMeaning(ExitStatus.ioError, "the help could not be written"),
            ],
            seeAlso: ["docs/service.md", "docs/openapi.json"], trait: "Serve", messagePrefix: "")
    }
}

/// The defaults a flag's help shows, read from where they are defined (never written again).
enum VerifyOptionDefaults {
    /// `VerifyOptions.defaultMaxAgeSeconds` as help shows it: 300, not 300.0.
    static var maxAgeText: String {
        let seconds = VerifyOptions.defaultMaxAgeSeconds
        return seconds == seconds.rounded() ? String(Int64(seconds)) : String(seconds)
    }
}

/// How each front end of this package names the options a NOT-CHECKED check waits for, read from
/// the flag rows that give them (`Flag.option`) and, for requests, the request's members.
package enum CommandLinePrompts {
    /// `octet-verify PROOF...`: `no --region given`, `needs a replay store (--replay-db or --replay-store)`.
    package static var verify: OptionPrompts { OptionPrompts(names(FlagTable.verifyRows.map(\.flag), command: nil)) }

    /// `--requests`: a request's members; the run's sources by the run's flags.
    package static var requests: OptionPrompts {
        .request(sources: names(FlagTable.verifyRows.map(\.flag).filter(\.configuresRun), command: nil))
    }

    /// `serve`: a request's members; the server's sources by serve's flags.
    package static var serve: OptionPrompts {
        .request(sources: names(FlagTable.serveRows.map(\.flag), command: FlagTable.serveCommand.name))
    }

    /// Each option, named by the flags that give it ("--replay-db or --replay-store").
    static func names(_ flags: [Flag], command: String?) -> [VerifyOptionName: String] {
        var names: [VerifyOptionName: String] = [:]
        for option in VerifyOptionName.allCases {
            let spelled = flags.filter { $0.option == option }.map(\.name)
            guard !spelled.isEmpty else { continue }
            names[option] = (command.map { $0 + " " } ?? "") + spelled.joined(separator: " or ")
        }
        return names
    }
}
