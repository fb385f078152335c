import Foundation
import Octet
import OctetAttestation
import OctetAttestationTesting
import OctetCrypto

/// The input of `FuzzVerify`: one flag byte, a 2-byte big-endian manifest length, the manifest,
/// then the proof. Everything `Octet.verify` is given comes from the input except the clock,
/// which is fixed so that a finding replays.
public struct VerifyFuzzInput: Sendable {
    /// 2026-01-15T12:00:00Z, the seeds' "now".
    public static let now = Date(timeIntervalSince1970: 1_768_478_400)
    public static let nonce = [UInt8](repeating: 7, count: 16)

    public struct Flags: OptionSet, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Bits 0–1 choose the expected region: none, the seeds' circle, geohash, polygon.
        public static let regionMask = Flags(rawValue: 0b11)
        /// `requireAttestation`, and the seeds' apps pinned (`expectedApps`).
        public static let requireAttestation = Flags(rawValue: 1 << 2)
        public static let honorVerdictTier = Flags(rawValue: 1 << 3)
        public static let requireVerdict = Flags(rawValue: 1 << 4)
        public static let requireVerified = Flags(rawValue: 1 << 5)
        public static let expectNonce = Flags(rawValue: 1 << 6)
        public static let presentManifest = Flags(rawValue: 1 << 7)
    }

    public var flags: Flags
    public var manifest: [UInt8]
    public var proof: [UInt8]

    public init(flags: Flags, manifest: [UInt8] = [], proof: [UInt8]) {
        self.flags = flags
        self.manifest = manifest
        self.proof = proof
    }

    /// Splits fuzz bytes; a short input is a flag byte and a proof (or nothing).
    public init(_ bytes: [UInt8]) {
        flags = Flags(rawValue: bytes.first ?? 0)
        guard bytes.count >= 3 else {
            manifest = []
            proof = Array(bytes.dropFirst())
            return
        }
        let declared = Int(bytes[1]) << 8 | Int(bytes[2])
        let length = min(declared, bytes.count - 3)
        manifest = Array(bytes[3..<3 + length])
        proof = Array(bytes[(3 + length)...])
    }

    public var encoded: [UInt8] {
        let length = min(manifest.count, 0xFFFF)
        return [flags.rawValue, UInt8(length >> 8), UInt8(length & 0xFF)] + manifest.prefix(length) + proof
    }

    /// The options this input stands for. Content is presented for every key the proof lists,
    /// as the key's own UTF-8 bytes (the seeds commit exactly that).
    public func options() -> VerifyOptions {
        var options = VerifyOptions(verificationTime: Self.now)
        // The bundled roots plus a fixed-key App Attest test root, so enrolments the seeds carry
        // can reach the PASS paths of hardware-attestation.
        if let authority = FuzzAuthorities.appAttest {
            var anchors = TrustAnchors.bundled
            anchors.appAttestRootsDER.append(Data(authority.root.derBytes))
            options.trustAnchors = anchors
        }
        switch flags.rawValue & Flags.regionMask.rawValue {
        case 1: options.expectedRegion = .circle(latitude: 48.8584, longitude: 2.2945, radiusMeters: 250)
        case 2: options.expectedRegion = .geohash("u09tun")
        case 3:
            options.expectedRegion = .polygon([
                .init(latitude: 48.85, longitude: 2.28), .init(latitude: 48.85, longitude: 2.31),
                .init(latitude: 48.87, longitude: 2.31), .init(latitude: 48.87, longitude: 2.28),
            ])
        default: break
        }
        options.requireAttestation = flags.contains(.requireAttestation)
        // With attestation required, the seeds' apps are pinned too, so `app-identity` runs on every
        // kind of evidence the fuzzer makes (one defective entry among them must never match).
        if flags.contains(.requireAttestation) {
            options.expectedApps = [
                .apple(appID: "ABCDE12345.com.example.octet"),
                .android(
                    packageName: "com.example.octet", signingCertificateSHA256: [Data(repeating: 0xAB, count: 32)]),
                .android(packageName: "com.example.octet", signingCertificateSHA256: [Data(count: 31)]),
            ]
        }
        options.honorVerdictTier = flags.contains(.honorVerdictTier)
        if flags.contains(.requireVerdict) {
            options.requiredTier = flags.contains(.requireVerified) ? .verified : .plausible
        }
        if flags.contains(.expectNonce) { options.expectedSessionNonce = Data(Self.nonce) }
        if flags.contains(.presentManifest) {
            let keys = (try? LocationProof(proofBytes: Data(proof)))?.contentCommitments.map(\.key) ?? []
            var content: [String: CallerMetadataCheck.Content] = [:]
            for key in keys { content[key] = .bytes(Data(key.utf8)) }
            options.callerMetadata = CallerMetadataCheck(
                manifestJson: Data(manifest), content: content, requireContent: .all)
            options.requireCallerMetadata = true
        }
        return options
    }
}

enum VerifyEntry {
    static func run(_ bytes: [UInt8]) {
        let input = VerifyFuzzInput(bytes)
        let result = Octet.verify(proofBytes: Data(input.proof), options: input.options())
        // The seed's verdict rules, restated: a violation is a finding, so trap on it.
        let anyFail = result.checks.contains { $0.status == .fail }
        precondition(result.isValid == !anyFail, "isValid disagrees with the checks")
        precondition(!result.isAuthentic || result.isValid, "authentic but not valid")
        precondition((result.verdict == .invalid) == anyFail, "verdict disagrees with the checks")
        precondition(result.checks.first?.name == "wire-format", "wire-format is not the first check")
        precondition(Set(result.checks.map(\.name)).count == result.checks.count, "a check ran twice")
    }
}

/// Test authorities with fixed keys: a root minted again from the same key anchors the
/// evidence of any earlier run, so seeds stay valid across builds.
enum FuzzAuthorities {
    static func key(_ byte: UInt8) -> P256PrivateKey? {
        try? P256PrivateKey(rawScalar: [UInt8](repeating: byte, count: 32))
    }

    static let appAttest: AppAttestTestAuthority? = {
        guard let root = key(0x21), let intermediate = key(0x22) else { return nil }
        return try? AppAttestTestAuthority(name: "Octet Fuzz", rootKey: root, intermediateKey: intermediate)
    }()
    static let appAttestKey = key(0x23)
    static let iosAppId = "ABCDE12345.com.example.octet"
}
