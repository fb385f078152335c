import Foundation
import Octet
import OctetBackend
import OctetEncoding

/// Reads `octet-verify`'s arguments with `FlagParser` and the rows of `FlagTable`, then judges what
/// no single flag can (a PROOF given, one standard input, flags that exclude each other). Every
/// mistake is a `CLIError.usage` (exit 64) naming the flag.
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
        if first == "replay" { return try ReplayCommand.parse(arguments.dropFirst()) }
        if first == "inspect" { return try InspectConfiguration.parse(arguments.dropFirst()) }
        if first == "selftest" { return try SelfTestConfiguration.parse(arguments.dropFirst()) }
        if first == "help", arguments.count == 1 { return .help }
        // No arguments at all: the usage, as an error (exit 64), so a script that lost its file list fails.
        if arguments.isEmpty { return .usage }
        var configuration = VerifyConfiguration()
        let outcome = try FlagParser.parse(
            arguments, command: FlagTable.verifyCommand, rows: FlagTable.verifyRows, into: &configuration
        ) { c, raw throws(CLIError) in c.proofs.append(InputPath(bytes: raw)) }
        let given: [String]
        switch outcome {
        case .informational("--version", _): return .version
        case .informational("--generate-manual", _): return .manual
        case .informational("--generate-completion-script", let name?):
            guard let shell = Completions.Shell(rawValue: name) else {
                let shells = Completions.Shell.allCases.map(\.rawValue).joined(separator: ", ")
                throw .usage("--generate-completion-script: expected one of \(shells), got \(RegionSpec.quoted(name))")
            }
            return .completion(shell)
        case .informational: return .help
        case .parsed(let flags): given = flags
        }
        if configuration.replayDatabasePath != nil, configuration.replayStoreURL != nil {
            throw .usage("--replay-db and --replay-store name one replay store two ways: give one of them")
        }
        if configuration.revocationMaxAgeSeconds != nil, configuration.revocationListPath == nil {
            throw .usage("--revocation-max-age goes with --revocation-list: it is the age of that list")
        }
        if configuration.requestsPath != nil {
            try validateRequests(configuration, flags: given)
            return .requests(configuration)
        }
        try validate(configuration)
        return .verify(configuration)
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
        if c.production {
            // What VerifyOptions.production takes as required parameters, the command line requires.
            guard c.options.verifyOptions.expectedApps?.isEmpty == false else {
                throw .usage(
                    "--production needs your apps: --app-id TEAMID.BUNDLE_ID or --android-app PACKAGE:SHA256HEX (hardware evidence must vouch for one of them)"
                )
            }
            guard c.options.verifyOptions.expectedSessionNonce != nil else {
                throw .usage("--production needs the nonce you asked with: --session-nonce HEX")
            }
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
        let run = FlagTable.verifyRows.map(\.flag).filter(\.configuresRun).map(\.name)
        for flag in flags.sorted() where !run.contains(flag) {
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
