/// `--help` of every command of `octet-verify`, made from ``FlagTable`` as the man page and the
/// completions are (`octet-issue --help` is `OctetIssueTool.help`).
enum HelpText {
    /// Without arguments: the synopsis on standard error (exit 64).
    static var usage: String {
        let lines = FlagTable.verifyCommand.usage.filter { !$0.hasPrefix("octet-verify help") }
        return "usage: " + lines.joined(separator: "\n       ") + "\nsee octet-verify --help for the options\n"
    }

    /// `octet-verify --help`.
    static var verify: String { render(FlagTable.verifyCommand) }

    /// One command's help: its usage, what it does, one line per flag, every exit status, and the
    /// documents that say more.
    static func render(_ command: CommandSpec) -> String {
        var text = ""
        if command.words.isEmpty { text += "\(command.name) \(Release.version): \(command.summary).\n\n" }
        text += "usage: " + command.usage.joined(separator: "\n       ") + "\n"
        if !command.about.isEmpty { text += "\n" + command.about + "\n" }
        text += "\noptions:\n"
        for flag in command.visibleFlags {
            let left = "  " + flag.synopsis
            let padding = String(repeating: " ", count: max(2, 41 - left.count))
            text += left + padding + flag.help + (flag.repeatable ? " (repeatable)" : "") + "\n"
        }
        text += "\nexit status: " + exitStatus(command.exitStatuses) + "\n"
        text += "see: " + command.seeAlso.joined(separator: ", ") + " (in the source repository)\n"
        return text
    }

    /// The one-line description (help, man page NAME, .deb).
    static let summary = "verify Octet location proofs offline"

    /// The verifier's exit statuses and what each means (help and man page).
    static var exitStatuses: [ExitMeaning] { FlagTable.verifyExitStatuses }

    /// "0 all valid · 1 any invalid · …", wrapped after every third.
    static func exitStatus(_ statuses: [ExitMeaning]) -> String {
        let items = statuses.map { "\($0.status) \($0.meaning)" }
        var lines: [String] = []
        var rest = items[...]
        while !rest.isEmpty {
            lines.append(rest.prefix(3).joined(separator: " · "))
            rest = rest.dropFirst(3)
        }
        return lines.joined(separator: " ·\n             ")
    }
}
