/// A region in e7 integers: the claimed region as decoded, or an expected region after conversion.
public enum RegionE7: Sendable, Hashable {
    /// A geodesic circle on WGS84; the radius is in whole metres (valid 1...1,000,000).
    case circle(center: PointE7, radiusMeters: UInt32)
    /// A geohash cell: 1...12 characters of `0123456789bcdefghjkmnpqrstuvwxyz`.
    case geohash(String)
    /// A polygon with straight edges in longitude/latitude; vertices in wire order, not closed.
    case polygon([PointE7])

    /// The shape's name, for log-safe details ("circle", "geohash", "polygon").
    public var shape: RegionShape {
        switch self {
        case .circle: .circle
        case .geohash: .geohash
        case .polygon: .polygon
        }
    }
}

/// The kind of a region, without its coordinates.
public enum RegionShape: String, Sendable, Hashable, CustomStringConvertible {
    case circle, geohash, polygon

    public var description: String { rawValue }
}
