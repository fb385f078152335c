import Foundation
import Octet
import OctetContent

/// Everything a proof says, as plain values: the issuer signs a draft into proof bytes.
/// The defaults make a valid, fresh, software-key proof of a small circle.
public struct ProofDraft: Sendable {
    /// The proof's one platform type; the issuer writes its `octet.proto` number.
    public typealias Platform = LocationProof.Platform
    /// The fix's one source type; the issuer writes its `octet.proto` number.
    public typealias FixSource = LocationProof.FixSource
    public enum StageKind: UInt64, Sendable, CaseIterable { case capture = 1, fix = 2, content = 3, verdict = 4 }

    public struct Fix: Sendable {
        public var latitude: Double
        public var longitude: Double
        public var horizontalAccuracyMillimeters: UInt32
        /// nil: the proof's creation time.
        public var timeMs: Int64?
        public var source: FixSource

        public init(
            latitude: Double, longitude: Double, horizontalAccuracyMillimeters: UInt32 = 5_000, timeMs: Int64? = nil,
            source: FixSource = .gnss
        ) {
            self.latitude = latitude
            self.longitude = longitude
            self.horizontalAccuracyMillimeters = horizontalAccuracyMillimeters
            self.timeMs = timeMs
            self.source = source
        }
    }

    /// One listed content item, as it stands in the proof (`ContentCommitter` makes them from content).
    public typealias ContentItem = CommittedContent

    public var formatVersion: UInt64 = 1
    public var proofId: [UInt8] = ProofIssuer.randomBytes(16)
    public var createdAtMs: Int64
    public var platform: Platform = .software
    public var appId: String = "com.example.octet"
    public var region: ProofRegion
    public var fix: Fix
    public var sessionNonce: [UInt8]?
    public var content: [ContentItem] = []
    /// The CONTENT stage's `content_root`; nil computes it from `content` when the stage is present.
    public var contentRoot: [UInt8]?
    public var assurance: LocationProof.AssuranceTier?
    /// nil: CAPTURE, FIX, then CONTENT when content is listed, then VERDICT when a tier is set.
    public var stages: [StageKind]?

    public init(
        createdAt: Date = Date(),
        region: ProofRegion = .circle(latitude: 48.8584, longitude: 2.2945, radiusMeters: 250),
        fix: Fix = Fix(latitude: 48.8585, longitude: 2.2946)
    ) {
        self.createdAtMs = Int64((createdAt.timeIntervalSince1970 * 1000).rounded(.down))
        self.region = region
        self.fix = fix
    }

    /// The stage kinds this draft is signed with.
    public var effectiveStages: [StageKind] {
        if let stages { return stages }
        var kinds: [StageKind] = [.capture, .fix]
        if !content.isEmpty || contentRoot != nil { kinds.append(.content) }
        if assurance != nil { kinds.append(.verdict) }
        return kinds
    }
}
