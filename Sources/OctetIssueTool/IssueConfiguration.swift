import Foundation
import Octet
import OctetBackend
import OctetCLI
import OctetEncoding

/// `octet-issue ...`: a software-key proof for sandboxes and demos, optionally broken on purpose.
public struct IssueConfiguration: Sendable, Equatable {
    /// One deliberate defect (`--break NAME`), each aimed at one check.
    public enum Defect: String, Sendable, Equatable, CaseIterable {
        case stageSignature = "stage-signature"
        case deviceSignature = "device-signature"
        case binding
        case claimsAfterSigning = "claims-after-signing"
        case wrongKey = "wrong-key"
        case duplicateField = "duplicate-field"
        case trailingBytes = "trailing-bytes"

        /// The check it makes fail, for `--help`.
        public var target: String {
            switch self {
            case .stageSignature, .wrongKey: CheckName.stageSignatures
            case .deviceSignature: CheckName.deviceAttestationSig
            case .binding, .claimsAfterSigning: CheckName.binding
            case .duplicateField, .trailingBytes: CheckName.wireFormat
            }
        }
    }

    /// `--platform`: the proof's platform, which decides its device evidence: a plain software
    /// key (`software`), an Android Key Attestation chain under a fresh test root (`android`), or
    /// an App Attest key, enrolment and assertion under a fresh test authority (`ios`). The flag
    /// spells a platform as its raw value in lower case.
    public typealias Platform = LocationProof.Platform

    public var platform: Platform = .software
    /// `--anchors-out DIR`: where the test root goes, as `DIR/android/*.pem` or `DIR/apple/*.pem`.
    public var anchorsOutputPath: String?
    /// `--bundle-out FILE` (iOS): the enrolment goes there instead of into the proof.
    public var bundleOutputPath: String?
    /// `--out FILE`; nil or `-`: standard output.
    public var outputPath: String?
    /// `--manifest-out FILE`: where the content manifest goes (needs `--content`).
    public var manifestOutputPath: String?
    /// `--at`: creation time, Unix milliseconds; nil: now.
    public var atMilliseconds: Int64?
    public var region: ProofRegion?
    /// `--fix LAT,LON[,ACCURACY_M]`.
    public var fix: (latitude: Double, longitude: Double, accuracyMeters: Double)?
    public var sessionNonce: [UInt8]?
    public var content: [VerifyConfiguration.ContentFile] = []
    /// `--content-type KEY=TYPE`; default `application/octet-stream`.
    public var contentTypes: [String: String] = [:]
    /// `--verdict-tier verified|plausible|uncertain|suspicious|spoofed`.
    public var verdictTier: LocationProofVerdict?
    public var defects: [Defect] = []
    /// `--app-id`: the app the proof (and its evidence) names; nil: the platform's example app.
    public var appId: String?
    /// `--android-signer HEX` (repeatable): the signing-certificate digests the Android attestation
    /// application id lists; nil: the issuer's default; empty (`--android-signer none`): none.
    public var androidSigners: [[UInt8]]?

    public init() {}

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.platform == rhs.platform && lhs.anchorsOutputPath == rhs.anchorsOutputPath
            && lhs.bundleOutputPath == rhs.bundleOutputPath
            && lhs.outputPath == rhs.outputPath && lhs.manifestOutputPath == rhs.manifestOutputPath
            && lhs.atMilliseconds == rhs.atMilliseconds && lhs.region == rhs.region
            && lhs.fix?.latitude == rhs.fix?.latitude && lhs.fix?.longitude == rhs.fix?.longitude
            && lhs.fix?.accuracyMeters == rhs.fix?.accuracyMeters && lhs.sessionNonce == rhs.sessionNonce
            && lhs.content == rhs.content && lhs.contentTypes == rhs.contentTypes
            && lhs.verdictTier == rhs.verdictTier && lhs.defects == rhs.defects && lhs.appId == rhs.appId
            && lhs.androidSigners == rhs.androidSigners
    }
}

/// Reads `octet-issue`'s arguments.
/// `octet-issue`'s flags as read, before they are judged together.
struct IssueArguments: Sendable {
    var c = IssueConfiguration()
    /// `--android-signer none` was given.
    var noSigner = false
}

/// `octet-issue`'s arguments, read by OctetCLI's `FlagParser` with the rows below (the same reader
/// and help renderer as every command of `octet-verify`).
enum IssueArgumentParser {
    /// The schema's bound of a session nonce, which `--session-nonce` states and enforces.
    private static let nonceBytes = ProofSchema.sessionNonceBytes

    static let rows: [OptionRow<IssueArguments>] = [
        .init(Flag("--out", "FILE", "where the proof is written (- for standard output; default: standard output)")) {
            a, v throws(CLIError) in a.c.outputPath = try ArgumentParser.nonEmptyPath(v.flag, v.text)
        },
        .init(Flag("--platform", "software|android|ios", "device evidence (default software: no hardware evidence)")) {
            a, v throws(CLIError) in
            let platforms = IssueConfiguration.Platform.allCases
            guard let platform = platforms.first(where: { $0.rawValue.lowercased() == v.text }) else {
                throw v.refuse("expected software, android or ios")
            }
            a.c.platform = platform
        },
        .init(
            Flag(
                "--anchors-out", "DIR", "android, ios: add the test root as DIR/android/*.pem or DIR/apple/*.pem")
        ) { a, v throws(CLIError) in a.c.anchorsOutputPath = try ArgumentParser.nonEmptyPath(v.flag, v.text) },
        .init(Flag("--bundle-out", "FILE", "ios: write the App Attest enrolment there instead of into the proof")) {
            a, v throws(CLIError) in a.c.bundleOutputPath = try ArgumentParser.nonEmptyPath(v.flag, v.text)
        },
        .init(
            Flag("--app-id", "ID", "the app (default com.example.octet; ios: A1B2C3D4E5.com.example.octet)")
        ) { a, v throws(CLIError) in
            let bounds = ProofSchema.appIdBytes
            guard bounds.contains(v.text.utf8.count) else {
                throw v.refuse("expected an app id of \(bounds.lowerBound) to \(bounds.upperBound) bytes")
            }
            a.c.appId = v.text
        },
        .init(
            Flag(
                "--android-signer", "HEX",
                "android: a signing-certificate SHA-256 the attestation names (default ab…ab; none: no signer)",
                repeatable: true)
        ) { a, v throws(CLIError) in
            if v.text == "none" {
                a.noSigner = true
                a.c.androidSigners = a.c.androidSigners ?? []
            } else {
                let length = ProofSchema.digestBytes.upperBound
                guard let digest = Hex.decode(v.text, allowUppercase: true), digest.count == length else {
                    throw v.refuse("expected a SHA-256 digest (\(2 * length) hex digits) or none")
                }
                a.c.androidSigners = (a.c.androidSigners ?? []) + [digest]
            }
        },
        .init(Flag("--at", "RFC3339", "creation time (default: now)")) { a, v throws(CLIError) in
            guard let milliseconds = RFC3339.parseMilliseconds(v.text) else {
                throw v.refuse("expected an RFC 3339 time such as 2026-01-15T12:00:00Z")
            }
            a.c.atMilliseconds = milliseconds
        },
        .init(Flag("--fix", "LAT,LON[,ACCURACY_M]", "the measured position (default 48.8585,2.2946,5)")) {
            a, v throws(CLIError) in
            let parts = v.text.split(separator: ",", omittingEmptySubsequences: false)
            guard (2...3).contains(parts.count), let lat = RegionSpec.degrees(parts[0]),
                let lon = RegionSpec.degrees(parts[1]), (-90...90).contains(lat), (-180...180).contains(lon)
            else { throw v.refuse("expected LAT,LON[,ACCURACY_M] in degrees and metres") }
            var accuracy = 5.0
            if parts.count == 3 {
                guard let metres = RegionSpec.degrees(parts[2]), metres >= 0, metres <= 4_000_000 else {
                    throw v.refuse("the accuracy is metres, 0 to 4000000")
                }
                accuracy = metres
            }
            a.c.fix = (lat, lon, accuracy)
        },
        .init(Flag("--region", "SPEC", "the claimed region (default: a 250 m circle around the fix)")) {
            a, v throws(CLIError) in a.c.region = try RegionSpec.parse(v.text)
        },
        .init(
            Flag(
                "--session-nonce", "HEX",
                "bind the proof to a session nonce, in hex "
                    + "(\(nonceBytes.lowerBound) to \(nonceBytes.upperBound) bytes)")
        ) { a, v throws(CLIError) in
            guard let nonce = Hex.decode(v.text, allowUppercase: true), nonceBytes.contains(nonce.count) else {
                throw v.refuse(
                    "expected \(2 * nonceBytes.lowerBound) to \(2 * nonceBytes.upperBound) hex digits "
                        + "(\(nonceBytes.lowerBound) to \(nonceBytes.upperBound) bytes)")
            }
            a.c.sessionNonce = nonce
        },
        .init(Flag("--content", "KEY=PATH", "commit a file's content", repeatable: true)) { a, v throws(CLIError) in
            let (key, path) = try ArgumentParser.keyValue(v.flag, v.text, what: "KEY=PATH")
            guard !a.c.content.contains(where: { $0.key == key }) else {
                throw v.refuse("key \(RegionSpec.quoted(key)) given twice")
            }
            a.c.content.append(.init(key: key, path: InputPath(path)))
        },
        .init(
            Flag("--content-type", "KEY=TYPE", "its MIME type (default application/octet-stream)", repeatable: true)
        ) { a, v throws(CLIError) in
            let (key, type) = try ArgumentParser.keyValue(v.flag, v.text, what: "KEY=TYPE")
            a.c.contentTypes[key] = type
        },
        .init(Flag("--manifest-out", "FILE", "write the content manifest (the salts) there")) {
            a, v throws(CLIError) in a.c.manifestOutputPath = try ArgumentParser.nonEmptyPath(v.flag, v.text)
        },
        .init(
            Flag(
                "--verdict-tier", "TIER", "sign an assurance tier: verified, plausible, uncertain, suspicious, spoofed")
        ) { a, v throws(CLIError) in
            guard let tier = LocationProofVerdict(rawValue: v.text.uppercased()) else {
                throw v.refuse("expected verified, plausible, uncertain, suspicious or spoofed")
            }
            a.c.verdictTier = tier
        },
        .init(
            Flag(
                "--break", "DEFECT",
                "break the proof on purpose: stage-signature, wrong-key (stage-signatures FAIL); device-signature "
                    + "(device-attestation-sig FAIL); binding, claims-after-signing (binding FAIL); duplicate-field, "
                    + "trailing-bytes (wire-format FAIL)", repeatable: true)
        ) { a, v throws(CLIError) in
            guard let defect = IssueConfiguration.Defect(rawValue: v.text) else {
                let names = IssueConfiguration.Defect.allCases.map(\.rawValue).joined(separator: ", ")
                throw v.refuse("expected one of \(names)")
            }
            a.c.defects.append(defect)
        },
        .init(informational: Flag("--version", "print the version").info),
        .init(informational: Flag("--help", short: "-h", "print this help").info),
    ]

    static var command: CommandSpec {
        CommandSpec(
            program: OctetIssueTool.name, summary: "make Octet proofs with fresh keys, for sandboxes, demos and tests",
            usage: ["octet-issue [OPTIONS]"],
            about: """
                Makes a proof with fresh keys. With --platform android or ios the device evidence is made
                under a fresh TEST authority (never Apple's or Google's): trust its root with
                octet-verify --trust-anchors DIR to see the attestation checks pass. The proof goes to --out
                (default: standard output, never a terminal).
                """,
            flags: rows.map(\.flag),
            exitStatuses: [
                ExitMeaning(0, "the proof was written"), ExitMeaning(ExitStatus.usage, "usage error"),
                ExitMeaning(ExitStatus.unreadable, "a --content FILE could not be read"),
                ExitMeaning(ExitStatus.ioError, "the proof or a file could not be written"),
            ],
            seeAlso: ["docs/cli.md (octet-issue)"])
    }

    static func parse(_ arguments: [String]) throws(CLIError) -> OctetIssueTool.Command {
        var a = IssueArguments()
        switch try FlagParser.parse(
            arguments.map { Array($0.utf8) }, command: command, rows: rows, into: &a, operand: nil)
        {
        case .informational("--version", _): return .version
        case .informational: return .help
        case .parsed: break
        }
        let c = a.c
        if c.bundleOutputPath != nil, c.platform != .ios {
            throw .usage("--bundle-out needs --platform ios (an App Attest enrolment bundle)")
        }
        if let signers = c.androidSigners {
            guard c.platform == .android else {
                throw .usage("--android-signer needs --platform android (the attestation application id's signers)")
            }
            if a.noSigner, !signers.isEmpty { throw .usage("--android-signer none cannot be combined with a digest") }
        }
        if c.anchorsOutputPath != nil, c.platform == .software {
            throw .usage("--anchors-out needs --platform android or ios (a software key has no root)")
        }
        if c.manifestOutputPath != nil, c.content.isEmpty {
            throw .usage("--manifest-out needs at least one --content KEY=PATH")
        }
        for key in c.contentTypes.keys where !c.content.contains(where: { $0.key == key }) {
            throw .usage("--content-type: no --content with key \(RegionSpec.quoted(key))")
        }
        return .issue(c)
    }
}
