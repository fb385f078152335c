import OctetContent
import OctetEncoding
import OctetGeometry

/// The decoded proof, as the checks see it. Every signed or hashed part is kept as a slice of the
/// input, so signatures and hashes are checked over exactly what arrived.
struct DecodedProof: Sendable {
    var bytes: [UInt8]
    var proofId: ArraySlice<UInt8>
    var proofKey: ArraySlice<UInt8>
    var claims: DecodedClaims
    var stages: [DecodedStage]
    var device: DeviceEvidence
}

extension DecodedProof {
    /// What the proof says about content, as `caller-manifest`, `caller-metadata` and `inspect`
    /// read it: its list, and the CONTENT stage's root when it has one. The one place the claim
    /// is built (the context keeps it for the three content checks).
    func makeContentClaim() -> ContentCommitmentClaim {
        // By index: no copy of the stage.
        let content = stages.firstIndex { $0.kind == .content }
        return ContentCommitmentClaim(
            items: claims.content, signedRoot: content.map { Array(stages[$0].contentRoot ?? []) })
    }
}

enum StageKind: Int, Sendable, Comparable {
    case capture = 1, fix = 2, content = 3, verdict = 4

    static func < (lhs: StageKind, rhs: StageKind) -> Bool { lhs.rawValue < rhs.rawValue }

    var name: String {
        switch self {
        case .capture: "CAPTURE"
        case .fix: "FIX"
        case .content: "CONTENT"
        case .verdict: "VERDICT"
        }
    }

    /// Whether a stage of this kind binds claim `field` (design, "Claim hashes"): a switch, no set
    /// built per binding.
    func binds(_ field: UInt32) -> Bool {
        typealias C = ProofSchema.Claims
        return switch self {
        case .capture:
            field == C.createdAtMs.number || field == C.platform.number || field == C.appId.number
                || field == C.sessionNonce.number
        case .fix: field == C.region.number || field == C.fix.number
        case .content: false
        case .verdict: field == C.assurance.number
        }
    }
}

struct DecodedFix: Sendable {
    var latE7: Int32
    var lonE7: Int32
    var horizontalAccuracyMm: UInt32
    var fixTimeMs: Int64
    var source: LocationProof.FixSource
}

struct DecodedClaims: Sendable {
    var createdAtMs: Int64
    var platform: LocationProof.Platform
    var appId: String
    var region: RegionE7
    var fix: DecodedFix
    var sessionNonce: ArraySlice<UInt8>?
    var content: [CommittedContent]
    var assurance: LocationProof.AssuranceTier?
    /// For each present claim field among 1,2,3,4,5,6,8: where its payload lies in the proof's
    /// bytes, exactly as encoded (length-delimited: the bytes inside; varint: the varint's bytes).
    /// Claim hashes are taken over these.
    var payloads: ClaimPayloads
}

/// Where each bound claim's payload lies in the proof, by claim field number (0...8): offsets,
/// not slices, so keeping them holds no reference and costs no allocation.
struct ClaimPayloads: Sendable {
    private typealias Offsets = InlineSlots<(Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32), Int32>
    private var starts = Offsets((-1, -1, -1, -1, -1, -1, -1, -1, -1), count: 9)
    private var ends = Offsets((-1, -1, -1, -1, -1, -1, -1, -1, -1), count: 9)

    static let fieldCount = 9

    /// `field` is below 9; the proof is at most 1 MiB, so offsets fit in 32 bits.
    mutating func set(_ field: UInt32, _ range: Range<Int>) {
        starts[Int(field)] = Int32(truncatingIfNeeded: range.lowerBound)
        ends[Int(field)] = Int32(truncatingIfNeeded: range.upperBound)
    }

    /// The payload of `field` in `bytes`, nil when the claim is absent.
    func payload(_ field: Int, in bytes: [UInt8]) -> ArraySlice<UInt8>? {
        guard field >= 0, field < Self.fieldCount, starts[field] >= 0 else { return nil }
        return bytes[Int(starts[field])..<Int(ends[field])]
    }
}

struct DecodedBinding: Sendable {
    var claimField: UInt32
    var sha256: ArraySlice<UInt8>
}

struct DecodedStage: Sendable {
    var kind: StageKind
    var body: ArraySlice<UInt8>
    var signature: ArraySlice<UInt8>
    var bindings: [DecodedBinding]
    var contentRoot: ArraySlice<UInt8>?
}

struct DecodedEnrolment: Sendable {
    var keyId: ArraySlice<UInt8>
    var attestationObject: ArraySlice<UInt8>
    var clientDataHash: ArraySlice<UInt8>
    var appId: String
}

enum DeviceEvidence: Sendable {
    case appAttest(
        keyId: ArraySlice<UInt8>, publicKey: ArraySlice<UInt8>, assertion: ArraySlice<UInt8>,
        enrolment: DecodedEnrolment?)
    case androidKey(chain: [ArraySlice<UInt8>], signature: ArraySlice<UInt8>)
    case software(publicKey: ArraySlice<UInt8>, signature: ArraySlice<UInt8>)

    /// Static text: a detail that names the evidence holds it without a reference.
    var name: StaticString {
        switch self {
        case .appAttest: "app_attest"
        case .androidKey: "android_key"
        case .software: "software"
        }
    }

    var kind: LocationProof.DeviceEvidenceKind {
        switch self {
        case .appAttest: .appAttest
        case .androidKey: .androidKey
        case .software: .software
        }
    }
}
