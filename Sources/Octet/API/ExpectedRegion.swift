import OctetGeometry

/// An expected region judged once: converted to e7 (round-half-away-from-zero) and valid by
/// `RegionValidator` (ranges, radius, vertex count, closed, repeated vertex, edges over 180°,
/// zero area, simplicity; O(n²) for an n-vertex polygon).
///
/// `VerifyOptions` makes one whenever `expectedRegion` is set, so no proof re-validates the
/// caller's region: the region checks compare against this value. Front ends (`--region`, a
/// request's `options.expectedRegion`) build it with the same initializer to refuse an invalid
/// region up front, with the same defect the checks would report.
public struct ExpectedRegion: Sendable, Hashable {
    /// Why a region cannot be an expected region (log-safe: names the rule, never a coordinate).
    public typealias Defect = RegionDefect

    /// The region as the caller gave it, in degrees.
    public let region: ProofRegion
    /// The same region in e7, valid.
    package let e7: RegionE7

    /// Converts `region` to e7 and validates it; throws the first rule it breaks.
    public init(validating region: ProofRegion) throws(RegionDefect) {
        switch region.e7 {
        case .success(let converted):
            if let defect = RegionValidator.defect(in: converted) { throw defect }
            e7 = converted
        case .failure(let defect): throw defect
        }
        self.region = region
    }

    /// `Result` of `init(validating:)`.
    static func judge(_ region: ProofRegion) -> Result<ExpectedRegion, RegionDefect> {
        do throws(RegionDefect) {
            return .success(try ExpectedRegion(validating: region))
        } catch {
            return .failure(error)
        }
    }
}

extension ProofRegion {
    /// Why this region, as an `expectedRegion`, would fail all three region checks ("expected
    /// region invalid"), by `ExpectedRegion(validating:)`; nil when it is valid.
    package var expectedRegionDefect: RegionDefect? {
        switch ExpectedRegion.judge(self) {
        case .success: nil
        case .failure(let defect): defect
        }
    }

    /// The region in e7, with the design's rounding; a value that is not finite or out of range
    /// of its type is that field's range defect.
    package var e7: Result<RegionE7, RegionDefect> {
        switch self {
        case .circle(let latitude, let longitude, let radius):
            RegionE7Conversion.circle(latitude: latitude, longitude: longitude, radiusMeters: radius)
        case .geohash(let hash):
            .success(.geohash(hash))
        case .polygon(let coordinates):
            RegionE7Conversion.polygon(coordinates.map { ($0.latitude, $0.longitude) })
        }
    }
}
