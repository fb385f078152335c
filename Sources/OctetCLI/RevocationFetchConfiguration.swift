import Foundation
import OctetBackend

/// `octet-verify revocation fetch URL --out FILE` as parsed (the fetch itself is OctetFetch's,
/// in builds with the `Fetch` trait): where to fetch from and the bounds of one fetch.
package struct RevocationFetchConfiguration: Sendable, Equatable {
    package var url: String?
    package var outPath: String?
    /// The most the body may hold: what `--revocation-list` reads.
    package var maxBytes = InputFiles.maxRevocationListBytes
    /// The whole fetch, from the first connection to the last byte, redirects included.
    package var timeoutSeconds = 120
    package var maxRedirects = 5
    /// A list with no entry is refused unless this is given (Google's list is never empty).
    package var allowEmpty = false
    package var help = false

    package init() {}

    /// `revocation fetch --help`.
    package static var help: String { HelpText.render(FlagTable.revocationFetchCommand) }

    /// Reads the arguments after `revocation`.
    package static func parse(_ arguments: [[UInt8]]) throws(CLIError) -> RevocationFetchConfiguration {
        var c = RevocationFetchConfiguration()
        guard let verb = arguments.first.map({ String(decoding: $0, as: UTF8.self) }) else {
            throw .usage("revocation: expected fetch (see octet-verify revocation fetch --help)")
        }
        if verb == "--help" || verb == "-h" {
            c.help = true
            return c
        }
        guard verb == "fetch" else {
            throw .usage("revocation: unknown command \(RegionSpec.quoted(verb)); expected fetch")
        }
        let command = FlagTable.revocationFetchCommand
        let outcome = try FlagParser.parse(
            Array(arguments.dropFirst()), command: command, rows: FlagTable.revocationFetchRows, into: &c
        ) { c, raw throws(CLIError) in
            guard c.url == nil else { throw .usage(command.messagePrefix + "one URL only") }
            c.url = String(decoding: raw, as: UTF8.self)
        }
        if case .informational = outcome {
            c.help = true
            return c
        }
        guard let url = c.url else { throw .usage(command.messagePrefix + "no URL given") }
        #if Fetch
            try RevocationFetchURL.validate(url, prefix: command.messagePrefix)
        #endif
        guard c.outPath != nil else { throw .usage(command.messagePrefix + "--out FILE is required") }
        return c
    }
}

// URL parsing only where the fetch is built (the Fetch trait): URLComponents brings ICU into the
// static binary, which has no fetch (package-check refuses ICU there).
#if Fetch
    /// What a URL to fetch from must be: `http` or `https`, a host, no user or password (it would be
    /// logged), nothing but ASCII. A redirect's target is judged by `RedirectPolicy` the same way.
    package enum RevocationFetchURL {
        package static func validate(_ text: String, prefix: String) throws(CLIError) {
            if let reason = problem(text) { throw .usage(prefix + reason) }
        }

        /// Why `text` is not a URL to fetch from, nil when it is one.
        package static func problem(_ text: String) -> String? {
            guard text.utf8.count <= 2048, text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
                let components = URLComponents(string: text), let scheme = components.scheme?.lowercased()
            else { return "expected an http:// or https:// URL (ASCII, no spaces, at most 2048 bytes)" }
            guard scheme == "http" || scheme == "https" else {
                return "only http:// and https:// URLs are fetched, not \(scheme):"
            }
            guard let host = components.host, !host.isEmpty else { return "the URL has no host" }
            guard components.user == nil, components.password == nil else {
                return "the URL holds a user or password: it would be logged; give none"
            }
            return nil
        }

        /// `scheme://host[:port]`: what messages show of a URL (never its path or query, which may
        /// carry a key).
        package static func logSafe(_ url: URL) -> String {
            let host = url.host ?? "?"
            return "\(url.scheme ?? "?")://\(host.contains(":") ? "[\(host)]" : host)"
                + (url.port.map { ":\($0)" } ?? "")
        }
    }

    /// Which redirects a fetch follows: at most `maxRedirects`, each to an http(s) URL that names no
    /// user, never from https to http, never back to a URL already visited (a loop).
    package struct RedirectPolicy: Sendable {
        package let maxRedirects: Int

        package init(maxRedirects: Int) { self.maxRedirects = maxRedirects }

        /// Why the redirect from `from` to `to`, after `visited` (the first URL included), is refused;
        /// nil when it is followed.
        package func refusal(from: URL, to: URL, visited: [URL]) -> String? {
            if visited.count > maxRedirects { return "more than \(maxRedirects) redirects" }
            if let problem = RevocationFetchURL.problem(to.absoluteString) { return "redirect target: \(problem)" }
            if from.scheme?.lowercased() == "https", to.scheme?.lowercased() != "https" {
                return "a redirect from https to http (\(RevocationFetchURL.logSafe(to))) is never followed"
            }
            if visited.contains(where: { $0.absoluteString == to.absoluteString }) { return "a redirect loop" }
            return nil
        }
    }
#endif

extension FlagTable {
    static let revocationFetchRows: [OptionRow<RevocationFetchConfiguration>] = [
        .init(Flag("--out", "FILE", "the list to replace (FILE.fetched records when it was fetched)")) {
            c, a throws(CLIError) in c.outPath = try a.path().description
        },
        .init(Flag("--timeout", "SECONDS", "the whole fetch, redirects included (default 120)")) {
            c, a throws(CLIError) in c.timeoutSeconds = try a.number(1...3600)
        },
        .init(
            Flag(
                "--max-bytes", "BYTES", "largest list accepted (default and most \(InputFiles.maxRevocationListBytes))")
        ) { c, a throws(CLIError) in c.maxBytes = try a.number(1...InputFiles.maxRevocationListBytes) },
        .init(Flag("--max-redirects", "N", "redirects followed, never https to http (default 5, at most 10)")) {
            c, a throws(CLIError) in c.maxRedirects = try a.number(0...10)
        },
        .init(Flag("--allow-empty", "accept a list with no entry (refused by default)")) { c, _ throws(CLIError) in
            c.allowEmpty = true
        },
        .init(informational: Flag("--help", short: "-h", "this help").info),
    ]

    static var revocationFetchCommand: CommandSpec {
        CommandSpec(
            words: ["revocation", "fetch"], summary: "fetch a revocation list, judge it, replace FILE atomically",
            usage: ["octet-verify revocation fetch URL --out FILE [--timeout SECONDS] [--max-bytes BYTES]"],
            about: RevocationFetchExit.about, flags: revocationFetchRows.map(\.flag), operand: "URL",
            exitStatuses: RevocationFetchExit.meanings, seeAlso: ["docs/cli.md (revocation fetch)", "docs/service.md"],
            trait: "Fetch", messagePrefix: "revocation fetch: ")
    }
}

/// `revocation fetch`'s exit statuses, one per way it can fail; on every failure FILE and its
/// record are left as they were.
package enum RevocationFetchExit {
    package static let replaced: Int32 = 0
    package static let usage = ExitStatus.usage
    /// The body is not a list `--revocation-list` reads (not JSON, truncated, wrong shape), or is empty.
    package static let malformed: Int32 = 65
    /// No answer: the name did not resolve, the connection or TLS failed or was cut (EX_UNAVAILABLE).
    package static let network: Int32 = 69
    /// FILE or its record could not be written (EX_CANTCREAT).
    package static let writeFailed: Int32 = 73
    /// The `--timeout` deadline passed (EX_TEMPFAIL).
    package static let tooSlow: Int32 = 75
    /// The final answer's status was not 200 (EX_PROTOCOL).
    package static let httpStatus: Int32 = 76
    /// A redirect was refused: too many, a loop, https to http, another scheme (EX_NOPERM).
    package static let redirectRefused: Int32 = 77
    /// The body is larger than `--max-bytes` (beyond sysexits' range: no sysexit means it).
    package static let tooLarge: Int32 = 79

    static let meanings: [ExitMeaning] = [
        ExitMeaning(replaced, "fetched, judged, FILE and FILE.fetched replaced"),
        ExitMeaning(usage, "usage error"),
        ExitMeaning(malformed, "the body is not a revocation list (or is empty without --allow-empty)"),
        ExitMeaning(network, "no answer: name, connection or TLS failed"),
        ExitMeaning(writeFailed, "FILE could not be written"),
        ExitMeaning(tooSlow, "the --timeout deadline passed"),
        ExitMeaning(httpStatus, "the answer's HTTP status was not 200"),
        ExitMeaning(redirectRefused, "a redirect was refused (too many, a loop, https to http)"),
        ExitMeaning(tooLarge, "the body is larger than --max-bytes"),
    ]

    static let about = """
        Fetches URL (http or https; Google's list is https://android.googleapis.com/attestation/status),
        reads it as --revocation-list does, and replaces FILE atomically, with FILE.fetched recording
        when: --revocation-max-age judges the list by it. On any failure FILE and FILE.fetched are
        left as they were; each failure has its own exit status.
        """
}
