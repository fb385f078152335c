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

    /// `--platform`: which device evidence the proof carries.
    public enum Platform: String, Sendable, Equatable, CaseIterable {
        /// A plain software device key: no hardware evidence.
        case software
        /// An Android Key Attestation chain under a fresh test root.
        case android
        /// An App Attest key, enrolment and assertion under a fresh test authority.
        case ios
    }

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
enum IssueArgumentParser {
    static let flags: Set<String> = [
        "--out", "--manifest-out", "--platform", "--anchors-out", "--bundle-out", "--at", "--region", "--fix",
        "--session-nonce", "--content", "--content-type",
        "--verdict-tier", "--break", "--app-id", "--android-signer",
    ]
    static let repeatable: Set<String> = ["--content", "--content-type", "--break", "--android-signer"]

    static func parse(_ arguments: [String]) throws(CLIError) -> OctetIssueTool.Command {
        var c = IssueConfiguration()
        var seen = Set<String>()
        var noSigner = false
        var cursor = ArgumentCursor(arguments)
        while let argument = cursor.next() {
            let (flag, inline) = ArgumentCursor.split(argument)
            if flag == "--help" || flag == "-h" { return .help }
            if flag == "--version" { return .version }
            guard flags.contains(flag) else {
                throw .usage(
                    argument.hasPrefix("-")
                        ? "unknown option \(flag) (see --help)"
                        : "unexpected argument \(RegionSpec.quoted(argument)); use --out FILE")
            }
            if !repeatable.contains(flag) {
                guard seen.insert(flag).inserted else { throw .usage("\(flag) given twice") }
            }
            let value = try cursor.value(for: flag, inline: inline)
            switch flag {
            case "--out": c.outputPath = try ArgumentParser.nonEmptyPath(flag, value)
            case "--manifest-out": c.manifestOutputPath = try ArgumentParser.nonEmptyPath(flag, value)
            case "--anchors-out": c.anchorsOutputPath = try ArgumentParser.nonEmptyPath(flag, value)
            case "--bundle-out": c.bundleOutputPath = try ArgumentParser.nonEmptyPath(flag, value)
            case "--platform":
                guard let platform = IssueConfiguration.Platform(rawValue: value) else {
                    throw .usage("--platform: expected software, android or ios")
                }
                c.platform = platform
            case "--at":
                guard let milliseconds = RFC3339.parseMilliseconds(value) else {
                    throw .usage("--at: expected an RFC 3339 time such as 2026-01-15T12:00:00Z")
                }
                c.atMilliseconds = milliseconds
            case "--region": c.region = try RegionSpec.parse(value)
            case "--fix":
                let parts = value.split(separator: ",", omittingEmptySubsequences: false)
                guard (2...3).contains(parts.count), let lat = RegionSpec.degrees(parts[0]),
                    let lon = RegionSpec.degrees(parts[1]), (-90...90).contains(lat), (-180...180).contains(lon)
                else { throw .usage("--fix: expected LAT,LON[,ACCURACY_M] in degrees and metres") }
                var accuracy = 5.0
                if parts.count == 3 {
                    guard let metres = RegionSpec.degrees(parts[2]), metres >= 0, metres <= 4_000_000 else {
                        throw .usage("--fix: the accuracy is metres, 0 to 4000000")
                    }
                    accuracy = metres
                }
                c.fix = (lat, lon, accuracy)
            case "--session-nonce":
                guard let nonce = Hex.decode(value, allowUppercase: true), (8...64).contains(nonce.count) else {
                    throw .usage("--session-nonce: expected 16 to 128 hex digits (8 to 64 bytes)")
                }
                c.sessionNonce = nonce
            case "--content":
                let (key, path) = try ArgumentParser.keyValue(flag, value, what: "KEY=PATH")
                guard !c.content.contains(where: { $0.key == key }) else {
                    throw .usage("--content: key \(RegionSpec.quoted(key)) given twice")
                }
                c.content.append(.init(key: key, path: InputPath(path)))
            case "--content-type":
                let (key, type) = try ArgumentParser.keyValue(flag, value, what: "KEY=TYPE")
                c.contentTypes[key] = type
            case "--verdict-tier":
                guard let tier = LocationProofVerdict(rawValue: value.uppercased()) else {
                    throw .usage("--verdict-tier: expected verified, plausible, uncertain, suspicious or spoofed")
                }
                c.verdictTier = tier
            case "--break":
                guard let defect = IssueConfiguration.Defect(rawValue: value) else {
                    let names = IssueConfiguration.Defect.allCases.map(\.rawValue).joined(separator: ", ")
                    throw .usage("--break: expected one of \(names)")
                }
                c.defects.append(defect)
            case "--app-id":
                guard (1...255).contains(value.utf8.count) else {
                    throw .usage("--app-id: expected an app id of 1 to 255 bytes")
                }
                c.appId = value
            case "--android-signer":
                if value == "none" {
                    noSigner = true
                    c.androidSigners = c.androidSigners ?? []
                } else {
                    guard let digest = Hex.decode(value, allowUppercase: true), digest.count == 32 else {
                        throw .usage("--android-signer: expected a SHA-256 digest (64 hex digits) or none")
                    }
                    c.androidSigners = (c.androidSigners ?? []) + [digest]
                }
            default: throw .usage("unknown option \(flag)")
            }
        }
        if c.bundleOutputPath != nil, c.platform != .ios {
            throw .usage("--bundle-out needs --platform ios (an App Attest enrolment bundle)")
        }
        if let signers = c.androidSigners {
            guard c.platform == .android else {
                throw .usage("--android-signer needs --platform android (the attestation application id's signers)")
            }
            if noSigner, !signers.isEmpty { throw .usage("--android-signer none cannot be combined with a digest") }
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
