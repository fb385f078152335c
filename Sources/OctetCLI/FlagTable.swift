/// One option of `octet-verify`. `--help`, the man page `octet-verify(1)` and the bash and zsh
/// completions are all made from `FlagTable.verify`: a new flag is one row there (and its case in
/// `ArgumentParser`; a test checks that the two lists agree).
struct Flag: Sendable, Equatable {
    /// `--max-age`.
    var name: String
    /// A short alias, `-h`.
    var short: String?
    /// The value's placeholder (`SECONDS`, `FILE`, `DIR`, `text|json`), nil for a switch.
    var value: String?
    /// One line, lower case, no final full stop.
    var help: String
    /// May be given more than once.
    var repeatable: Bool

    /// A flag that takes a value.
    init(_ name: String, short: String? = nil, _ value: String, _ help: String, repeatable: Bool = false) {
        self.name = name
        self.short = short
        self.value = value
        self.help = help
        self.repeatable = repeatable
    }

    /// A switch.
    init(_ name: String, short: String? = nil, _ help: String) {
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
        if value == "FILE" { return .file }
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
}

enum FlagTable {
    /// The verifier's options, in the order `--help` lists them.
    static let verify: [Flag] = [
        Flag("--max-age", "SECONDS", "freshness window (default 300)"),
        Flag("--region", "SPEC", "geohash:u4pruyd | circle:LAT,LON,RADIUS_M | polygon:LAT,LON;LAT,LON;..."),
        Flag("--require-attestation", "fail unless the hardware attestation passes"),
        Flag("--attestation-bundle", "FILE", "iOS: the App Attest enrolment bundle"),
        Flag(
            "--app-id", "TEAMID.BUNDLE_ID", "accept this iOS app (its App ID): enables app-identity",
            repeatable: true),
        Flag(
            "--android-app", "PACKAGE:SHA256HEX[,SHA256HEX...]",
            "accept this Android app, signed by these certificates: enables app-identity", repeatable: true),
        Flag("--require-verdict", "verified|plausible", "deprecated; effective only with --honor-verdict-tier"),
        Flag("--honor-verdict-tier", "restore the 3.0 assurance-tier rules"),
        Flag("--session-nonce", "HEX", "the nonce you asked with (8 to 64 bytes)"),
        Flag("--manifest", "FILE", "the content manifest received with the proof"),
        Flag("--content", "KEY=PATH", "content to check against its commitment", repeatable: true),
        Flag("--content-unavailable", "KEY=REASON", "content you could not fetch", repeatable: true),
        Flag("--require-content", "all|KEY[,KEY...]", "content that must be presented"),
        Flag("--require-caller-metadata", "fail a proof that commits no content"),
        Flag("--at", "RFC3339", "verification time (audits, tests)"),
        Flag("--requests", "FILE", "JSON-lines verify requests (- for standard input), answered in input order"),
        Flag("--replay-db", "FILE", "SQLite replay store: enables replay-uniqueness"),
        Flag("--replay-store", "URL", "sqlite:PATH or postgresql://… (a fleet's shared store); not with --replay-db"),
        Flag("--revocation-list", "FILE", "enables revocation"),
        Flag("--trust-anchors", "DIR", "replaces the bundled roots (apple/, android/: .pem, .crt, .der)"),
        Flag("--format", "text|json", "json: one object per proof per line"),
        Flag("--files-from", "FILE", "more PROOFs, one per line or NUL-separated (- for standard input)"),
        Flag("--quiet", short: "-q", "no per-proof output; text: the summary line of a batch only"),
        Flag("--jobs", "N", "parallel verification (default: all cores)"),
        Flag("--color", "auto|always|never", "colour in text output (default auto: terminals only)"),
        Flag("--version", "the version, the commit built from, the anchors' fingerprint, the OpenSSL version"),
        Flag("--help", short: "-h", "this help"),
    ]

    /// Flags that print something and exit instead of verifying.
    static let informational: Set<String> = ["--version", "--help"]
}
