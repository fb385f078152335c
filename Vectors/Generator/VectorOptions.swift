import Foundation
import Octet
import OctetAttestation

/// `VerifyOptions` as plain JSON values. Absent members take the API's defaults.
public struct VectorOptions: Codable, Sendable, Equatable {
    public struct Region: Codable, Sendable, Equatable {
        public struct Circle: Codable, Sendable, Equatable {
            public var latitude: Double
            public var longitude: Double
            public var radiusMeters: Double
        }
        public var circle: Circle?
        public var geohash: String?
        /// Vertices as [latitude, longitude] pairs, in degrees.
        public var polygon: [[Double]]?
    }

    public struct Content: Codable, Sendable, Equatable {
        /// The content's bytes (`.bytes`), base64.
        public var bytesBase64: String?
        /// `.unavailable(reason)`.
        public var unavailable: String?
    }

    public struct CallerMetadata: Codable, Sendable, Equatable {
        public var manifestJsonBase64: String?
        /// Presented content by key.
        public var content: [String: Content]
        /// "none", "all", or "keys" (then `requireContentKeys`).
        public var requireContent: String
        public var requireContentKeys: [String]?
    }

    /// `TrustAnchors`: DER roots, base64. Absent: the bundled roots.
    public struct Anchors: Codable, Sendable, Equatable {
        public var appAttestRootsDERBase64: [String]
        public var androidRootsDERBase64: [String]
    }

    /// `verificationTime`, Unix milliseconds (always given: vectors never read a clock).
    public var verificationTimeMs: Int64
    public var maxAgeSeconds: Double?
    public var expectedRegion: Region?
    public var requireAttestation: Bool?
    public var honorVerdictTier: Bool?
    /// "VERIFIED" or "PLAUSIBLE".
    public var requireVerdict: String?
    public var callerMetadata: CallerMetadata?
    public var requireCallerMetadata: Bool?
    public var expectedSessionNonceBase64: String?
    public var trustAnchors: Anchors?
    /// `attestationBundle`: an encoded `AppAttestEnrolment`, base64.
    public var attestationBundleBase64: String?

    /// The options without attestation material (anchors and bundle), which a test authority
    /// mints afresh on every regeneration.
    public var withoutAttestationMaterial: VectorOptions {
        var copy = self
        copy.trustAnchors = nil
        copy.attestationBundleBase64 = nil
        return copy
    }

    public init(verificationTimeMs: Int64) {
        self.verificationTimeMs = verificationTimeMs
    }

    /// The options to pass to `Octet.verify`.
    public func verifyOptions() -> VerifyOptions {
        var options = VerifyOptions(verificationTime: Date(timeIntervalSince1970: Double(verificationTimeMs) / 1000))
        if let maxAgeSeconds { options.maxAgeSeconds = maxAgeSeconds }
        if let region = expectedRegion {
            if let circle = region.circle {
                options.expectedRegion = .circle(
                    latitude: circle.latitude, longitude: circle.longitude, radiusMeters: circle.radiusMeters)
            } else if let geohash = region.geohash {
                options.expectedRegion = .geohash(geohash)
            } else if let polygon = region.polygon {
                options.expectedRegion = .polygon(
                    polygon.map { .init(latitude: $0.first ?? .nan, longitude: $0.last ?? .nan) })
            }
        }
        options.requireAttestation = requireAttestation ?? false
        options.honorVerdictTier = honorVerdictTier ?? false
        switch requireVerdict {
        case "VERIFIED": options.requireVerdict = .verified
        case "PLAUSIBLE": options.requireVerdict = .plausible
        default: break
        }
        if let metadata = callerMetadata {
            var content: [String: CallerMetadataCheck.Content] = [:]
            for (key, value) in metadata.content {
                if let base64 = value.bytesBase64, let data = Data(base64Encoded: base64) {
                    content[key] = .bytes(data)
                } else {
                    content[key] = .unavailable(value.unavailable ?? "")
                }
            }
            let required: CallerMetadataCheck.RequiredContent =
                switch metadata.requireContent {
                case "all": .all
                case "keys": .keys(metadata.requireContentKeys ?? [])
                default: .none
                }
            options.callerMetadata = CallerMetadataCheck(
                manifestJson: metadata.manifestJsonBase64.flatMap { Data(base64Encoded: $0) }, content: content,
                requireContent: required)
        }
        options.requireCallerMetadata = requireCallerMetadata ?? false
        options.expectedSessionNonce = expectedSessionNonceBase64.flatMap { Data(base64Encoded: $0) }
        if let anchors = trustAnchors {
            options.trustAnchors = TrustAnchors(
                appAttestRootsDER: anchors.appAttestRootsDERBase64.compactMap { Data(base64Encoded: $0) },
                androidRootsDER: anchors.androidRootsDERBase64.compactMap { Data(base64Encoded: $0) })
        }
        options.attestationBundle = attestationBundleBase64.flatMap { Data(base64Encoded: $0) }
        return options
    }
}
