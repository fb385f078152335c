/// `--help` for the verifier and for `issue`.
enum HelpText {
    /// Without arguments: the synopsis on standard error.
    static let usage = """
        usage: octet-verify [OPTIONS] PROOF...      PROOF: a file, or - for standard input
               octet-verify [OPTIONS] --files-from FILE
               octet-verify issue [OPTIONS]         make a software-key proof (see issue --help)
        see octet-verify --help for the options

        """

    static let verify = """
        octet-verify \(OctetVerifyTool.version): verify Octet location proofs offline.

        usage: octet-verify [OPTIONS] PROOF...      PROOF: a file, or - for standard input
               octet-verify [OPTIONS] --files-from FILE
               octet-verify issue [OPTIONS]         make a software-key proof (see issue --help)
               octet-verify help                    this text

        options:
          --max-age SECONDS                      freshness window (default 300)
          --region SPEC                          geohash:u4pruyd | circle:LAT,LON,RADIUS_M | polygon:LAT,LON;LAT,LON;...
          --require-attestation                  fail unless the hardware attestation passes
          --attestation-bundle FILE              iOS: the App Attest enrolment bundle
          --require-verdict verified|plausible   deprecated; effective only with --honor-verdict-tier
          --honor-verdict-tier                   restore the 3.0 assurance-tier rules
          --session-nonce HEX                    the nonce you asked with (8 to 64 bytes)
          --manifest FILE                        the content manifest received with the proof
          --content KEY=PATH                     content to check against its commitment (repeatable)
          --content-unavailable KEY=REASON       content you could not fetch (repeatable)
          --require-content all|KEY[,KEY...]     content that must be presented
          --require-caller-metadata              fail a proof that commits no content
          --at RFC3339                           verification time (audits, tests)
          --replay-db FILE                       SQLite replay store: enables replay-uniqueness
          --revocation-list FILE                 enables revocation
          --trust-anchors DIR                    replaces the bundled roots (apple/, android/: .pem .crt .der)
          --format text|json                     json: one object per proof per line
          --files-from FILE                      more PROOFs, one per line or NUL-separated (- for stdin)
          -q, --quiet                            no per-proof output; text: the summary line only
          --jobs N                               parallel verification (default: all cores)
          --color auto|always|never              colour in text output (default auto: terminals only)
          --version, -h, --help

        exit status: 0 all valid · 1 any invalid · 2 any inconclusive and none invalid ·
                     64 usage error · 65 a FILE is malformed · 66 a PROOF or FILE could not be read ·
                     74 the results could not be written

        """

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
