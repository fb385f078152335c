/// `--help` for the verifier and for `issue`.
enum HelpText {
    /// Without arguments: the synopsis on standard error (exit 64).
    static let usage = """
        usage: octet-verify [OPTIONS] PROOF...      PROOF: a file, or - for standard input
               octet-verify [OPTIONS] --files-from FILE
               octet-verify issue [OPTIONS]         make a software-key proof (see issue --help)
        see octet-verify --help for the options

        """

    /// Made from `FlagTable.verify`, like the man page and the completions.
    static let verify: String = {
        var text = """
            \(OctetVerifyTool.name) \(OctetVerifyTool.version): \(summary).

            usage: octet-verify [OPTIONS] PROOF...      PROOF: a file, or - for standard input
                   octet-verify [OPTIONS] --files-from FILE
                   octet-verify issue [OPTIONS]         make a software-key proof (see issue --help)
                   octet-verify help                    this text

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

    static let issue = """
        usage: octet-verify issue [OPTIONS]

        Makes a proof with fresh keys, for sandboxes and demos. With --platform android or ios the device
        evidence is made under a fresh TEST authority (never Apple's or Google's): trust its root with
        octet-verify --trust-anchors DIR to see the attestation checks pass. The proof goes to --out
        (default: standard output, never a terminal).

        options:
          --out FILE                    where the proof is written (- for standard output)
          --platform software|android|ios   device evidence (default software: no hardware evidence)
          --anchors-out DIR             android, ios: add the test root as DIR/android/*.pem or DIR/apple/*.pem
          --bundle-out FILE             ios: write the App Attest enrolment there instead of into the proof
          --at RFC3339                  creation time (default: now)
          --fix LAT,LON[,ACCURACY_M]    the measured position (default 48.8585,2.2946,5)
          --region SPEC                 the claimed region (default: a 250 m circle around the fix)
          --session-nonce HEX           bind the proof to a session nonce (8 to 64 bytes)
          --content KEY=PATH            commit a file's content (repeatable)
          --content-type KEY=TYPE       its MIME type (default application/octet-stream)
          --manifest-out FILE           write the content manifest (the salts) there
          --verdict-tier TIER           sign an assurance tier: verified, plausible, uncertain, suspicious, spoofed
          --break DEFECT                break the proof on purpose (repeatable):
                                          stage-signature, wrong-key   -> stage-signatures FAIL
                                          device-signature             -> device-attestation-sig FAIL
                                          binding, claims-after-signing -> binding FAIL
                                          duplicate-field, trailing-bytes -> wire-format FAIL

        """
}
