/// `--help` for the verifier (`octet-issue --help` is `OctetIssueTool.help`).
enum HelpText {
    /// Without arguments: the synopsis on standard error (exit 64).
    static let usage = """
        usage: octet-verify [OPTIONS] PROOF...      PROOF: a file, or - for standard input
               octet-verify [OPTIONS] --files-from FILE
               octet-verify --requests FILE|- [--replay-db FILE] [--trust-anchors DIR] [--jobs N]
               octet-verify serve --listen HOST:PORT [OPTIONS]   (see serve --help)
               octet-verify inspect [--format json] PROOF...
        (octet-issue makes proofs for sandboxes and demos: see octet-issue --help)
        see octet-verify --help for the options

        """

    /// Made from `FlagTable.verify`, like the man page and the completions.
    static let verify: String = {
        var text = """
            \(OctetVerifyTool.name) \(OctetVerifyTool.version): \(summary).

            usage: octet-verify [OPTIONS] PROOF...      PROOF: a file, or - for standard input
                   octet-verify [OPTIONS] --files-from FILE
                   octet-verify --requests FILE|- [--replay-db FILE] [--trust-anchors DIR] [--jobs N]
                   octet-verify serve --listen HOST:PORT [OPTIONS]   HTTP service (see serve --help)
                   octet-verify inspect [--format json] PROOF...   key hashes, serials, stages (log-safe)
                   octet-verify help                    this text
                   (octet-issue makes proofs for sandboxes and demos: see octet-issue --help)

            options:

            """
        for flag in FlagTable.verify {
            let left = "  " + flag.synopsis
            let padding = String(repeating: " ", count: max(2, 41 - left.count))
            text += left + padding + flag.help + (flag.repeatable ? " (repeatable)" : "") + "\n"
        }
        text += """

            exit status: \(exitStatus)

            """
        return text
    }()

    /// The one-line description (help, man page NAME, .deb).
    static let summary = "verify Octet location proofs offline"

    /// The exit statuses and what each means (help and man page).
    static let exitStatuses: [(Int32, String)] = [
        (ExitStatus.allValid, "all valid"),
        (ExitStatus.anyInvalid, "any invalid"),
        (ExitStatus.anyInconclusive, "any inconclusive and none invalid"),
        (ExitStatus.usage, "usage error"),
        (ExitStatus.dataError, "a FILE is malformed"),
        (ExitStatus.unreadable, "a PROOF or FILE could not be read"),
        (ExitStatus.ioError, "the results could not be written"),
    ]

    static var exitStatus: String {
        let items = exitStatuses.map { "\($0.0) \($0.1)" }
        return items.prefix(3).joined(separator: " · ") + " ·\n             "
            + items.dropFirst(3).joined(separator: " · ")
    }
}
