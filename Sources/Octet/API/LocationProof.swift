import Foundation
import OctetContent
import OctetEncoding
import OctetGeometry

/// A location proof: its bytes, and typed read-only access to what it claims.
///
/// `init(proofBytes:)` decodes strictly and throws `ProofDecodingError` saying why. Decoding is
/// not verification: a decoded proof may still be forged or stale; only `Octet.verify` judges it.
public struct LocationProof: Sendable {
    /// The encoded proof, exactly as given.
    public let proofBytes: Data
    let decoded: DecodedProof

    public init(proofBytes: Data) throws(ProofDecodingError) {
        if let refusal = ProofLimits.refusal(byteCount: proofBytes.count) { throw refusal }
        decoded = try ProofDecoder.decode([UInt8](copying: proofBytes))
        self.proofBytes = proofBytes
    }

    /// The platform the proof claims to come from (`claims.platform`): the one platform type of
    /// the package, which the decoder, the binding check, the issuer and `inspect` all use.
    public enum Platform: String, Sendable, Hashable, CaseIterable {
        case ios = "IOS"
        case android = "ANDROID"
        case software = "SOFTWARE"

        /// The enum's number in `octet.proto`.
        init?(wireValue: Int) {
            switch wireValue {
            case 1: self = .ios
            case 2: self = .android
            case 3: self = .software
            default: return nil
            }
        }

        package var wireValue: Int {
            switch self {
            case .ios: 1
            case .android: 2
            case .software: 3
            }
        }
    }

    /// How the fix was measured: the one type of `Fix.source`, which the issuer writes too.
    public enum FixSource: String, Sendable, Hashable {
        case gnss = "GNSS"
        case fused = "FUSED"
        case network = "NETWORK"

        /// The enum's number in `octet.proto`.
        init?(wireValue: Int) {
            switch wireValue {
            case 1: self = .gnss
            case 2: self = .fused
            case 3: self = .network
            default: return nil
            }
        }

        package var wireValue: Int {
            switch self {
            case .gnss: 1
            case .fused: 2
            case .network: 3
            }
        }
    }

    /// The measured position. Not log-safe: never write it to logs.
    public struct Fix: Sendable, Hashable {
        public let latitude: Double
        public let longitude: Double
        public let horizontalAccuracyMeters: Double
        public let time: Date
        public let source: FixSource
    }

    /// One committed content item (the salt stays with the app): the package's one type of a
    /// listed item, which the decoder makes, the content checks judge and the issuer writes.
    public typealias ContentCommitment = CommittedContent

    /// The signed-or-not assurance tier the proof carries (whether it is signed is `verify`'s
    /// concern): the one type of `claims.assurance`, which the decoder makes and the issuer writes.
    public struct AssuranceTier: Sendable, Hashable {
        public let verdict: LocationProofVerdict
        public let detector: String?

        package init(verdict: LocationProofVerdict, detector: String?) {
            self.verdict = verdict
            self.detector = detector
        }
    }

    /// The device evidence kind: its raw value is the `DeviceEvidence` member's name in
    /// `octet.proto`, which details and `inspect` print.
    public enum DeviceEvidenceKind: String, Sendable, Hashable {
        case appAttest = "app_attest"
        case androidKey = "android_key"
        case software = "software"

        /// The platform this evidence comes from, which `claims.platform` must name (`binding`).
        public var platform: Platform {
            switch self {
            case .appAttest: .ios
            case .androidKey: .android
            case .software: .software
            }
        }
    }

    /// The 16-byte proof id.
    public var proofId: Data { Data(decoded.proofId) }
    /// The 65-byte SEC1 uncompressed P-256 stage key.
    public var proofKey: Data { Data(decoded.proofKey) }
    /// Capture time (`created_at_ms`).
    public var createdAt: Date { Date(timeIntervalSince1970: Double(decoded.claims.createdAtMs) / 1000) }
    public var createdAtMilliseconds: Int64 { decoded.claims.createdAtMs }
    public var platform: Platform { decoded.claims.platform }
    public var appId: String { decoded.claims.appId }
    /// The claimed region, in degrees (e7 / 1e7).
    public var region: ProofRegion { ProofRegion(decoded.claims.region) }
    public var fix: Fix {
        let fix = decoded.claims.fix
        return Fix(
            latitude: Double(fix.latE7) / 1e7, longitude: Double(fix.lonE7) / 1e7,
            horizontalAccuracyMeters: Double(fix.horizontalAccuracyMm) / 1000,
            time: Date(timeIntervalSince1970: Double(fix.fixTimeMs) / 1000),
            source: fix.source)
    }
    public var sessionNonce: Data? { decoded.claims.sessionNonce.map { Data($0) } }
    public var contentCommitments: [ContentCommitment] { decoded.claims.content }
    public var assuranceTier: AssuranceTier? { decoded.claims.assurance }
    /// The stage kinds, in order ("CAPTURE", "FIX", ...).
    public var stageKinds: [String] { decoded.stages.map(\.kind.name) }
    /// The device key the evidence carries: the software key or the App Attest credential key
    /// (65-byte SEC1 points). nil for Android, whose key is the leaf certificate's (`proofKey`).
    public var deviceKey: Data? {
        switch decoded.device {
        case .software(let publicKey, _), .appAttest(_, let publicKey, _, _): Data(publicKey)
        case .androidKey: nil
        }
    }
    /// An Android proof's key-attestation chain as DER certificates, leaf first; empty otherwise.
    public var androidCertificateChain: [Data] {
        guard case .androidKey(let chain, _) = decoded.device else { return [] }
        return chain.map { Data($0) }
    }
    /// The App Attest key id (`SHA-256(public_key)` as the proof carries it); nil for the other kinds.
    package var appAttestKeyId: Data? {
        guard case .appAttest(let keyId, _, _, _) = decoded.device else { return nil }
        return Data(keyId)
    }
    /// The App ID an App Attest proof's own enrolment names (`enrolment.app_id`); nil without one.
    /// Read, not judged: `hardware-attestation` is what ties it to rpIdHash and `claims.app_id`.
    package var appAttestEnrolmentAppId: String? {
        guard case .appAttest(_, _, _, let enrolment) = decoded.device else { return nil }
        return enrolment?.appId
    }
    /// True when an App Attest proof carries its enrolment; nil for the other kinds.
    package var carriesAppAttestEnrolment: Bool? {
        guard case .appAttest(_, _, _, let enrolment) = decoded.device else { return nil }
        return enrolment != nil
    }
    /// What the proof says about content, as `caller-metadata` reads it (list and CONTENT stage root).
    package var contentCommitmentClaim: ContentCommitmentClaim { decoded.makeContentClaim() }
    public var deviceEvidence: DeviceEvidenceKind { decoded.device.kind }
}

extension ProofRegion {
    init(_ region: RegionE7) {
        switch region {
        case .circle(let center, let radius):
            self = .circle(
                latitude: center.latitudeDegrees, longitude: center.longitudeDegrees, radiusMeters: Double(radius))
        case .geohash(let hash):
            self = .geohash(hash)
        case .polygon(let points):
            self = .polygon(points.map { Coordinate(latitude: $0.latitudeDegrees, longitude: $0.longitudeDegrees) })
        }
    }
}

/// Why bytes are not a well-formed proof: the strict decoder's `WireError` (the package's one
/// decoding-error shape, `DecodingFailure`: a closed code such as `.unknownField` or
/// `.duplicateField` whose description is the stable text, the byte offset, and a log-safe
/// reason). Equal by code.
public typealias ProofDecodingError = WireError
