import OctetEncoding

/// Where a Keystore key lives, as the KeyDescription's `SecurityLevel` ENUMERATED says.
public enum AndroidSecurityLevel: Int64, Sendable, Hashable, CustomStringConvertible {
    case software = 0
    case trustedEnvironment = 1
    case strongBox = 2

    public var description: String {
        switch self {
        case .software: return "Software"
        case .trustedEnvironment: return "TrustedEnvironment"
        case .strongBox: return "StrongBox"
        }
    }
}

/// `VerifiedBootState` of the RootOfTrust.
public enum AndroidVerifiedBootState: Int64, Sendable, Hashable, CustomStringConvertible {
    case verified = 0
    case selfSigned = 1
    case unverified = 2
    case failed = 3

    public var description: String {
        switch self {
        case .verified: return "Verified"
        case .selfSigned: return "SelfSigned"
        case .unverified: return "Unverified"
        case .failed: return "Failed"
        }
    }
}

/// `RootOfTrust ::= SEQUENCE { verifiedBootKey, deviceLocked, verifiedBootState, verifiedBootHash (v3+) }`.
public struct AndroidRootOfTrust: Sendable, Hashable {
    public var verifiedBootKey: [UInt8]
    public var deviceLocked: Bool
    public var verifiedBootState: AndroidVerifiedBootState
    public var verifiedBootHash: [UInt8]?

    public init(
        verifiedBootKey: [UInt8], deviceLocked: Bool, verifiedBootState: AndroidVerifiedBootState,
        verifiedBootHash: [UInt8]?
    ) {
        self.verifiedBootKey = verifiedBootKey
        self.deviceLocked = deviceLocked
        self.verifiedBootState = verifiedBootState
        self.verifiedBootHash = verifiedBootHash
    }
}

/// `AttestationApplicationId ::= SEQUENCE { packageInfos SET OF AttestationPackageInfo,
/// signatureDigests SET OF OCTET STRING }` with `AttestationPackageInfo ::= SEQUENCE { name OCTET STRING,
/// version INTEGER }`. Package names are kept as the bytes that arrived.
public struct AndroidAttestationApplicationId: Sendable, Hashable {
    public struct Package: Sendable, Hashable {
        public var name: [UInt8]
        public var version: Int64
        public init(name: [UInt8], version: Int64) {
            self.name = name
            self.version = version
        }
    }

    public var packages: [Package]
    public var signatureDigests: [[UInt8]]

    public init(packages: [Package], signatureDigests: [[UInt8]]) {
        self.packages = packages
        self.signatureDigests = signatureDigests
    }

    /// True when one of the packages is named exactly `packageName` (as UTF-8 bytes).
    public func names(_ packageName: String) -> Bool {
        let wanted = Array(packageName.utf8)
        return packages.contains { $0.name == wanted }
    }
}

/// The parts of an `AuthorizationList` that the verifier reads. Every tag must be an EXPLICIT
/// context tag; order is free and unknown tags are skipped (devices differ); a tag that appears
/// twice makes the list malformed.
public struct AndroidAuthorizationList: Sendable, Hashable {
    /// Every tag number present, in the order it arrived.
    public var tags: [UInt32] = []
    /// `[2] algorithm`.
    public var algorithm: Int64?
    /// `[10] ecCurve`.
    public var ecCurve: Int64?
    /// `[701] creationDateTime`, milliseconds since the epoch.
    public var creationDateTimeMs: Int64?
    /// `[702] origin` (0 = GENERATED).
    public var origin: Int64?
    /// `[704] rootOfTrust`.
    public var rootOfTrust: AndroidRootOfTrust?
    /// `[705] osVersion`.
    public var osVersion: Int64?
    /// `[706] osPatchLevel`.
    public var osPatchLevel: Int64?
    /// `[709] attestationApplicationId`.
    public var attestationApplicationId: AndroidAttestationApplicationId?

    public init() {}

    /// Tag numbers of the fields read above.
    public enum Tag {
        public static let algorithm: UInt32 = 2
        public static let ecCurve: UInt32 = 10
        public static let creationDateTime: UInt32 = 701
        public static let origin: UInt32 = 702
        public static let rootOfTrust: UInt32 = 704
        public static let osVersion: UInt32 = 705
        public static let osPatchLevel: UInt32 = 706
        public static let attestationApplicationId: UInt32 = 709
    }

    /// The `origin` value of a key generated inside the secure hardware.
    public static let originGenerated: Int64 = 0
}

/// The Android Key Attestation extension (OID 1.3.6.1.4.1.11129.2.1.17):
/// `KeyDescription ::= SEQUENCE { attestationVersion, attestationSecurityLevel, keyMintVersion,
/// keyMintSecurityLevel, attestationChallenge, uniqueId, softwareEnforced, hardwareEnforced }`.
public struct AndroidKeyDescription: Sendable, Hashable {
    public var attestationVersion: Int64
    public var attestationSecurityLevel: AndroidSecurityLevel
    /// keymasterVersion before attestation version 100, keyMintVersion from 100.
    public var keyMintVersion: Int64
    public var keyMintSecurityLevel: AndroidSecurityLevel
    public var attestationChallenge: [UInt8]
    public var uniqueId: [UInt8]
    public var softwareEnforced: AndroidAuthorizationList
    /// `teeEnforced` in early versions.
    public var hardwareEnforced: AndroidAuthorizationList

    /// The attestation versions whose layout this parser knows: Keymaster 1–4 (attestation 1–4)
    /// and KeyMint (100–500). Version 500 is the same layout with new optional tags.
    public static let supportedVersions: Set<Int64> = [1, 2, 3, 4, 100, 200, 300, 400, 500]

    /// The key's creation time: the software-enforced list's `creationDateTime`, else the
    /// hardware-enforced one's.
    public var creationDateTimeMs: Int64? {
        softwareEnforced.creationDateTimeMs ?? hardwareEnforced.creationDateTimeMs
    }

    public init(
        attestationVersion: Int64, attestationSecurityLevel: AndroidSecurityLevel, keyMintVersion: Int64,
        keyMintSecurityLevel: AndroidSecurityLevel, attestationChallenge: [UInt8], uniqueId: [UInt8],
        softwareEnforced: AndroidAuthorizationList, hardwareEnforced: AndroidAuthorizationList
    ) {
        self.attestationVersion = attestationVersion
        self.attestationSecurityLevel = attestationSecurityLevel
        self.keyMintVersion = keyMintVersion
        self.keyMintSecurityLevel = keyMintSecurityLevel
        self.attestationChallenge = attestationChallenge
        self.uniqueId = uniqueId
        self.softwareEnforced = softwareEnforced
        self.hardwareEnforced = hardwareEnforced
    }
}
