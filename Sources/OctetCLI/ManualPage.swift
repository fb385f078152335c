/// `octet-verify(1)`, in roff, made from `FlagTable` (as `--help` is): every command and its flags: `scripts/package`
/// writes it with `octet-verify --generate-manual`.
enum ManualPage {
    static func render() -> String {
        var page = """
            .TH OCTET-VERIFY 1 "" "\(roff("octet-verify \(Release.version)"))" "User Commands"
            .SH NAME
            octet-verify \\- \(roff(HelpText.summary))
            .SH SYNOPSIS
            .B octet-verify
            [\\fIOPTIONS\\fR] \\fIPROOF\\fR...
            .SH DESCRIPTION
            Verifies each \\fIPROOF\\fR (a file, or \\fB\\-\\fR for standard input) with no network: it prints every
            check of the recipe and the verdict, as text or as one JSON object per proof per line. The roots that
            hardware attestation is traced to (Apple App Attest, Google hardware attestation) are compiled in;
            \\fB\\-\\-trust\\-anchors\\fR replaces them.
            .SH OPTIONS

            """
        page += options(FlagTable.verifyCommand.visibleFlags)
        page += ".SH EXIT STATUS\n"
        for exit in HelpText.exitStatuses {
            page += ".TP\n.B \(exit.status)\n\(roff(exit.meaning))\n"
        }
        page += ".SH COMMANDS\n"
        for command in FlagTable.commands where !command.words.isEmpty {
            page += ".SS \(roff(command.name))\n"
            page +=
                roff(command.summary) + (command.trait.map { roff(" (in builds with the \($0) trait)") } ?? "")
                + ".\n"
            page += ".PP\n.nf\n" + command.usage.map(roff).joined(separator: "\n") + "\n.fi\n"
            page += options(command.visibleFlags)
            page +=
                ".PP\nExit status: "
                + roff(command.exitStatuses.map { "\($0.status) \($0.meaning)" }.joined(separator: "; ")) + ".\n"
            page += ".PP\nSee " + roff(command.seeAlso.joined(separator: ", ")) + ".\n"
        }
        page += """
            .SH EXAMPLE
            .nf
            octet\\-verify \\-\\-at 2026\\-11\\-29T12:00:30Z \\-\\-region circle:48.8584,2.2945,250 \\e
                \\-\\-session\\-nonce 73657373696f6e2d6e6f6e63652d3031 example.proof
            .fi
            .SH SEE ALSO
            The documentation in the source repository: docs/cli.md (every flag with an example), docs/checks.md
            (each check), docs/trust\\-model.md (what hardware attestation proves).

            """
        return page
    }

    /// One `.TP` entry per flag.
    static func options(_ flags: [Flag]) -> String {
        var text = ""
        for flag in flags {
            text += ".TP\n"
            var head = flag.short.map { "\\fB\(roff($0))\\fR, " } ?? ""
            head += "\\fB\(roff(flag.name))\\fR"
            if let value = flag.value { head += " \\fI\(roff(value))\\fR" }
            text += head + "\n" + roff(flag.help + (flag.repeatable ? " (repeatable)" : "")) + "\n"
        }
        return text
    }

    /// Text made safe for roff: backslashes escaped, hyphens as minus signs (so they copy and
    /// search as ASCII), and a leading dot or quote kept from being read as a request.
    static func roff(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            default: out.append(character)
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }
}
