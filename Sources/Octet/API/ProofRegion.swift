import OctetGeometry

/// A region, in degrees: what a proof claims, and what `VerifyOptions.expectedRegion` expects.
///
/// On the wire coordinates are e7 (degrees × 1e7). An expected region is converted first, each
/// coordinate as `(degrees × 1e7).rounded(.toNearestOrAwayFromZero)` and the radius to whole
/// metres the same way; every rule then works on the converted values.
public enum ProofRegion: Sendable, Hashable {
    /// The most vertices a polygon may have (the region validator's bound), which a front end
    /// states before it parses a long argument.
    package static let maxPolygonVertices = RegionValidator.polygonVertexRange.upperBound

    case circle(latitude: Double, longitude: Double, radiusMeters: Double)
    case geohash(String)
    case polygon([Coordinate])

    public struct Coordinate: Sendable, Hashable {
        public var latitude: Double
        public var longitude: Double

        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }
}
