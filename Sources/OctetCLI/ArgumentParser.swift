import Foundation
import Octet
import OctetBackend
import OctetEncoding

/// Reads `octet-verify`'s arguments, written by hand: `--flag VALUE` or `--flag=VALUE`, `--` ends
/// the options, `-` is standard input. Every mistake is a `CLIError.usage` (exit 64) naming the flag.
public enum ArgumentParser {
    /// Parses the arguments after the program name.
    public static func parse(_ arguments: [String]) throws(CLIError) -> Command {
        try parse(bytes: arguments.map { Array($0.utf8) })
    }

    /// Parses the arguments as the system gave them: a file name need not be UTF-8, and is kept as bytes.
    public static func parse(bytes arguments: [[UInt8]]) throws(CLIError) -> Command {
        let first = arguments.first.map { String(decoding: $0, as: UTF8.self) }
        // `octet-verify issue` was the proof maker until it became its own program; a file named
        // `issue` is still verified as `./issue` or after `--`.
        if first == "issue" {
            throw .usage("issue is now a program of its own: octet-issue (see octet-issue --help)")
        }
        if first == "replay" {
            return try ReplayCommand.parse(arguments.dropFirst().map { String(decoding: $0, as: UTF8.self) })
        }
        if first == "inspect" { return try InspectConfiguration.parse(arguments.dropFirst()) }
        if first == "help", arguments.count == 1 { return .help }
        // No arguments at all: the usage, as an error (exit 64), so a script that lost its file list fails.
        if arguments.isEmpty { return .usage }
        var configuration = VerifyConfiguration()
        // Arrays, not Set<String> or Dictionary: their metadata costs a fresh process a scan of
        // every protocol conformance in the binary (0.3 M instructions), for a handful of flags.
        var seen: [String] = []
        var given: [String] = []
        var cursor = ByteArgumentCursor(arguments)
        while let raw = cursor.next() {
            if cursor.optionsEnded || raw == [UInt8(ascii: "-")] || raw.first != UInt8(ascii: "-") {
                configuration.proofs.append(InputPath(bytes: raw))
                continue
            }
            let argument = String(decoding: raw, as: UTF8.self)
            if argument == "--" {
                cursor.optionsEnded = true
                continue
            }
            let (flag, inline) = ByteArgumentCursor.split(raw)
            if flag == "--help" || flag == "-h" { return .help }
            if flag == "--version" { return .version }
            if let generated = try generator(flag, inline: inline, cursor: &cursor) { return generated }
            let canonical = VerifyFlag.aliases.first { $0.alias == flag }?.flag ?? flag
            guard VerifyFlag.all.contains(canonical), inline == nil || flag == canonical else {
                throw .usage("unknown option \(RegionSpec.quoted(flag)) (see --help)")
            }
            given.append(canonical)
            if !VerifyFlag.repeatable.contains(canonical) {
                guard !seen.contains(canonical) else { throw .usage("\(canonical) given twice") }
                seen.append(canonical)
            }
            try apply(canonical, inline: inline, cursor: &cursor, to: &configuration)
        }
        if configuration.replayDatabasePath != nil, configuration.replayStoreURL != nil {
            throw .usage("--replay-db and --replay-store name one replay store two ways: give one of them")
        }
        if configuration.requestsPath != nil {
            try validateRequests(configuration, flags: given)
            return .requests(configuration)
        }
        try validate(configuration)
        return .verify(configuration)
    }

    /// `--generate-manual` and `--generate-completion-script SHELL`: hidden flags that print
    /// the man page and the completions made from `FlagTable` (for `scripts/package`).
    private static func generator(_ flag: String, inline: [UInt8]?, cursor: inout ByteArgumentCursor)
        throws(CLIError) -> Command?
    {
        switch flag {
        case "--generate-manual": return .manual
        case "--generate-completion-script":
            let name = String(decoding: try cursor.value(for: flag, inline: inline), as: UTF8.self)
            guard let shell = Completions.Shell(rawValue: name) else {
                throw .usage("--generate-completion-script: expected bash or zsh, got \(RegionSpec.quoted(name))")
            }
            return .completion(shell)
        default: return nil
        }
    }

    private static func apply(
        _ flag: String, inline: [UInt8]?, cursor: inout ByteArgumentCursor, to c: inout VerifyConfiguration
    ) throws(CLIError) {
        func value() throws(CLIError) -> String {
            String(decoding: try cursor.value(for: flag, inline: inline), as: UTF8.self)
        }
        func path() throws(CLIError) -> InputPath {
            try nonEmptyPath(flag, bytes: try cursor.value(for: flag, inline: inline))
        }
        func noValue() throws(CLIError) {
            if inline != nil { throw .usage("\(flag) takes no value") }
        }
        switch flag {
        case "--max-age":
            let text = try value()
            guard let seconds = Double(text), seconds.isFinite, seconds >= 0, RegionSpec.degrees(Substring(text)) != nil
            else { throw .usage("--max-age: expected a number of seconds ≥ 0, got \(RegionSpec.quoted(text))") }
            c.maxAgeSeconds = seconds
        case "--region": c.region = try RegionSpec.parse(try value())
        case "--require-attestation":
            try noValue()
            c.requireAttestation = true
        case "--attestation-bundle": c.attestationBundlePath = try path()
        case "--app-id":
            let appID = try value()
            do throws(ExpectedAppError) {
                c.expectedApps = (c.expectedApps ?? []) + [try ExpectedApp.apple(validatingAppID: appID)]
            } catch {
                throw .usage("--app-id: \(error)")
            }
        case "--android-app": c.expectedApps = (c.expectedApps ?? []) + [try androidApp(try value())]
        case "--require-verdict":
            switch try value() {
            case "verified": c.requireVerdict = .verified
            case "plausible": c.requireVerdict = .plausible
            case let other:
                throw .usage("--require-verdict: expected verified or plausible, got \(RegionSpec.quoted(other))")
            }
        case "--honor-verdict-tier":
            try noValue()
            c.honorVerdictTier = true
        case "--session-nonce":
            let text = try value()
            guard let nonce = Hex.decode(text, allowUppercase: true) else {
                throw .usage("--session-nonce: expected an even number of hex digits (0-9, a-f)")
            }
            guard (8...64).contains(nonce.count) else {
                throw .usage(
                    "--session-nonce: a session nonce is 8 to 64 bytes (16 to 128 hex digits), got \(nonce.count)")
            }
            c.sessionNonce = nonce
        case "--manifest": c.manifestPath = try path()
        case "--content":
            let text = try cursor.value(for: flag, inline: inline)
            guard let equals = text.firstIndex(of: UInt8(ascii: "=")), equals > 0, equals < text.count - 1 else {
                throw .usage("--content: expected KEY=PATH, with neither part empty")
            }
            let key = String(decoding: text[..<equals], as: UTF8.self)
            c.content.append(.init(key: key, path: InputPath(bytes: Array(text[(equals + 1)...]))))
        case "--content-unavailable":
            let (key, reason) = try keyValue(flag, try value(), what: "KEY=REASON")
            c.contentUnavailable.append(.init(key: key, reason: reason))
        case "--require-content":
            let text = try value()
            if text == "all" {
                c.requireContent = .all
            } else {
                let keys = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                guard !keys.contains(where: \.isEmpty) else {
                    throw .usage("--require-content: expected all or KEY[,KEY...] without empty keys")
                }
                c.requireContent = .keys(keys)
            }
        case "--require-caller-metadata":
            try noValue()
            c.requireCallerMetadata = true
        case "--at":
            let text = try value()
            guard let milliseconds = RFC3339.parseMilliseconds(text) else {
                throw .usage(
                    "--at: expected an RFC 3339 time such as 2026-01-15T12:00:00Z, got \(RegionSpec.quoted(text))")
            }
            c.atMilliseconds = milliseconds
        case "--requests":
            let text = try value()
            guard !text.isEmpty else { throw .usage("--requests: expected a file path, or - for standard input") }
            c.requestsPath = text
        case "--replay-db":
            let text = try value()
            guard !text.isEmpty else { throw .usage("--replay-db: expected a file path") }
            c.replayDatabasePath = text
        case "--replay-store":
            let text = try value()
            do throws(ReplayStoreError) {
                c.replayStoreURL = try ReplayStoreURL(parsing: text)
            } catch {
                throw .usage("--replay-store: \(error.reason)")
            }
        case "--revocation-list": c.revocationListPath = try path()
        case "--trust-anchors": c.trustAnchorsPath = try path()
        case "--files-from": c.filesFrom = try path()
        case "--quiet":
            try noValue()
            c.quiet = true
        case "--format":
            let text = try value()
            guard let format = VerifyConfiguration.Format(rawValue: text) else {
                throw .usage("--format: expected text or json, got \(RegionSpec.quoted(text))")
            }
            c.format = format
        case "--jobs":
            let text = try value()
            guard text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let jobs = Int(text), (1...256).contains(jobs)
            else {
                throw .usage("--jobs: expected a whole number from 1 to 256, got \(RegionSpec.quoted(text))")
            }
            c.jobs = jobs
        case "--color":
            let text = try value()
            guard let choice = VerifyConfiguration.ColorChoice(rawValue: text) else {
                throw .usage("--color: expected auto, always or never, got \(RegionSpec.quoted(text))")
            }
            c.color = choice
        default:
            throw .usage("unknown option \(flag) (see --help)")
        }
    }

    /// `--android-app PACKAGE:SHA256HEX[,SHA256HEX...]`: the package, then one or more signing
    /// certificate digests, each 64 hex digits of either case, or 32 colon-separated pairs as
    /// keytool prints them. The message never repeats the value.
    static func androidApp(_ text: String) throws(CLIError) -> ExpectedApp {
        let flag = "--android-app"
        guard let colon = text.firstIndex(of: ":") else {
            throw .usage(
                "\(flag): expected PACKAGE:SHA256HEX[,SHA256HEX...] (the package, a colon, the signer digests)")
        }
        let packageName = String(text[..<colon])
        let list = text[text.index(after: colon)...]
        guard !list.isEmpty else {
            throw .usage(
                "\(flag): no signing-certificate SHA-256 digest after the package: an Android app is pinned by its signer"
            )
        }
        let digests = list.split(separator: ",", omittingEmptySubsequences: false).map { item -> String in
            let pairs = item.split(separator: ":", omittingEmptySubsequences: false)
            // `AB:CD:…` (keytool, the Play Console): 32 pairs of hex digits.
            return pairs.count == 32 && pairs.allSatisfy({ $0.count == 2 }) ? pairs.joined() : String(item)
        }
        do throws(ExpectedAppError) {
            return try ExpectedApp.android(
                packageName: packageName, signingCertificateSHA256Hex: digests, allowUppercase: true)
        } catch {
            throw .usage("\(flag): \(error)")
        }
    }

    private static func validate(_ c: VerifyConfiguration) throws(CLIError) {
        guard !c.proofs.isEmpty || c.filesFrom != nil else {
            throw .usage("no PROOF given: name one or more files, - for standard input, or --files-from FILE")
        }
        var standardInputs = c.proofs.filter(\.isStandardInput).count
        standardInputs +=
            [c.filesFrom, c.manifestPath, c.attestationBundlePath, c.revocationListPath].filter {
                $0?.isStandardInput == true
            }.count
        guard standardInputs <= 1 else { throw .usage("- (standard input) given more than once") }
        var keys = Set<String>()
        for key in c.content.map(\.key) + c.contentUnavailable.map(\.key) {
            guard keys.insert(key).inserted else {
                throw .usage("content key \(RegionSpec.quoted(key)) given more than once")
            }
        }
    }

    package static func nonEmptyPath(_ flag: String, bytes path: [UInt8]) throws(CLIError) -> InputPath {
        guard !path.isEmpty else { throw .usage("\(flag): expected a file path") }
        return InputPath(bytes: path)
    }

    /// `--requests`: each request carries its own options, so only the run's configuration may be
    /// given (service.md); a per-proof flag would silently apply to every request, and is refused.
    private static func validateRequests(_ c: VerifyConfiguration, flags: [String]) throws(CLIError) {
        guard c.proofs.isEmpty else {
            throw .usage("--requests takes no PROOF: each request carries its proof (proofBase64)")
        }
        for flag in flags.sorted() where !VerifyFlag.requestsConfiguration.contains(flag) {
            throw .usage("\(flag) cannot be used with --requests: each request carries its own options")
        }
    }

    package static func nonEmptyPath(_ flag: String, _ path: String) throws(CLIError) -> String {
        guard !path.isEmpty else { throw .usage("\(flag): expected a file path") }
        return path
    }

    package static func keyValue(_ flag: String, _ text: String, what: String) throws(CLIError) -> (String, String) {
        guard let equals = text.firstIndex(of: "=") else { throw .usage("\(flag): expected \(what)") }
        let key = String(text[..<equals])
        let value = String(text[text.index(after: equals)...])
        guard !key.isEmpty, !value.isEmpty else { throw .usage("\(flag): expected \(what), with neither part empty") }
        return (key, value)
    }
}

/// The flags of the verify command.
enum VerifyFlag {
    static let all: [String] = [
        "--max-age", "--region", "--require-attestation", "--attestation-bundle", "--app-id", "--android-app",
        "--require-verdict",
        "--honor-verdict-tier", "--session-nonce", "--manifest", "--content", "--content-unavailable",
        "--require-content", "--require-caller-metadata", "--at", "--replay-db", "--replay-store", "--revocation-list",
        "--trust-anchors", "--format", "--jobs", "--color", "--requests", "--files-from", "--quiet",
    ]
    /// The flags that configure a `--requests` run rather than one proof.
    static let requestsConfiguration: [String] = [
        "--requests", "--replay-db", "--replay-store", "--revocation-list", "--trust-anchors", "--jobs",
    ]
    /// Short spellings, parsed as the long flag.
    static let aliases: [(alias: String, flag: String)] = [("-q", "--quiet")]
    static let repeatable: [String] = ["--content", "--content-unavailable", "--app-id", "--android-app"]
}

/// Walks the argument list (as bytes); a flag's value is inline (`--flag=VALUE`) or the next argument.
struct ByteArgumentCursor {
    private let arguments: [[UInt8]]
    private var index = 0
    var optionsEnded = false

    init(_ arguments: [[UInt8]]) { self.arguments = arguments }

    mutating func next() -> [UInt8]? {
        guard index < arguments.count else { return nil }
        defer { index += 1 }
        return arguments[index]
    }

    /// The flag's value; the next argument is taken even when it starts with `-` (a negative latitude).
    mutating func value(for flag: String, inline: [UInt8]?) throws(CLIError) -> [UInt8] {
        if let inline { return inline }
        guard let next = next() else { throw .usage("\(flag) needs a value") }
        return next
    }

    /// `--flag=value` → (`--flag`, `value`); `--flag` → (`--flag`, nil).
    static func split(_ argument: [UInt8]) -> (String, [UInt8]?) {
        guard argument.starts(with: [0x2D, 0x2D]), let equals = argument.firstIndex(of: UInt8(ascii: "=")) else {
            return (String(decoding: argument, as: UTF8.self), nil)
        }
        return (String(decoding: argument[..<equals], as: UTF8.self), Array(argument[(equals + 1)...]))
    }
}

/// ``ByteArgumentCursor`` over strings, for `octet-issue`, whose values are all text.
package struct ArgumentCursor {
    private var cursor: ByteArgumentCursor

    package init(_ arguments: [String]) { cursor = ByteArgumentCursor(arguments.map { Array($0.utf8) }) }

    package mutating func next() -> String? { cursor.next().map { String(decoding: $0, as: UTF8.self) } }

    package mutating func value(for flag: String, inline: String?) throws(CLIError) -> String {
        String(decoding: try cursor.value(for: flag, inline: inline.map { Array($0.utf8) }), as: UTF8.self)
    }

    package static func split(_ argument: String) -> (String, String?) {
        let (flag, inline) = ByteArgumentCursor.split(Array(argument.utf8))
        return (flag, inline.map { String(decoding: $0, as: UTF8.self) })
    }
}
