/// Why a region is invalid. Log-safe: a defect names the rule, never a coordinate or a geohash.
///
/// Counts (vertices, characters, packed values) are not positions and may appear in the description.
public enum RegionDefect: Error, Hashable, Sendable, CustomStringConvertible {
    /// A circle centre or polygon vertex has latitude outside ±90°.
    case latitudeOutOfRange
    /// A circle centre or polygon vertex has longitude outside ±180°.
    case longitudeOutOfRange
    /// The radius is outside 1...1,000,000 m.
    case radiusOutOfRange
    /// The geohash has fewer than 1 or more than 12 characters (the count is in UTF-8 bytes).
    case geohashLength(Int)
    /// The geohash has a character outside `0123456789bcdefghjkmnpqrstuvwxyz` (upper case included).
    case geohashCharacter
    /// The packed polygon values are odd in number: a latitude without its longitude.
    case polygonOddValueCount(Int)
    /// The polygon has fewer than 3 or more than 1000 vertices.
    case polygonVertexCount(Int)
    /// The last vertex repeats the first: polygons are sent open.
    case polygonClosed
    /// Two vertices are equal.
    case polygonRepeatedVertex
    /// An edge spans more than 180° of longitude (it would be read as crossing the antimeridian).
    case polygonEdgeSpansOver180Degrees
    /// The shoelace area in the longitude/latitude plane is zero (for instance, collinear vertices).
    case polygonZeroArea
    /// Two non-adjacent edges touch or cross.
    case polygonNotSimple

    /// A stable label suitable for logs and metrics.
    public var code: String {
        switch self {
        case .latitudeOutOfRange: "latitude-out-of-range"
        case .longitudeOutOfRange: "longitude-out-of-range"
        case .radiusOutOfRange: "radius-out-of-range"
        case .geohashLength: "geohash-length"
        case .geohashCharacter: "geohash-character"
        case .polygonOddValueCount: "polygon-odd-value-count"
        case .polygonVertexCount: "polygon-vertex-count"
        case .polygonClosed: "polygon-closed"
        case .polygonRepeatedVertex: "polygon-repeated-vertex"
        case .polygonEdgeSpansOver180Degrees: "polygon-edge-over-180"
        case .polygonZeroArea: "polygon-zero-area"
        case .polygonNotSimple: "polygon-not-simple"
        }
    }

    public var description: String {
        switch self {
        case .latitudeOutOfRange: "latitude outside ±90°"
        case .longitudeOutOfRange: "longitude outside ±180°"
        case .radiusOutOfRange: "radius outside \(RegionValidator.radiusRange) m"
        case .geohashLength(let count): "geohash has \(count) characters; \(RegionValidator.geohashLengthRange) allowed"
        case .geohashCharacter: "geohash has a character outside the lower-case geohash alphabet"
        case .polygonOddValueCount(let count): "polygon has \(count) packed values; an even number is required"
        case .polygonVertexCount(let count):
            "polygon has \(count) vertices; \(RegionValidator.polygonVertexRange) allowed"
        case .polygonClosed: "polygon is closed (last vertex repeats the first)"
        case .polygonRepeatedVertex: "polygon repeats a vertex"
        case .polygonEdgeSpansOver180Degrees: "polygon edge spans more than 180° of longitude"
        case .polygonZeroArea: "polygon has zero area"
        case .polygonNotSimple: "polygon is not simple (two non-adjacent edges touch)"
        }
    }
}
