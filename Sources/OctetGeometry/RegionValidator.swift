/// The one validity checker for regions: the wire decoder runs it on the claimed region, the region checks on the
/// converted `expectedRegion` (proof-format.md, "Strict decoding", Bounds).
///
/// When a region breaks several rules, the first in this order is reported: circle — latitude, longitude, radius;
/// geohash — length, alphabet; polygon — vertex count, coordinate ranges (vertex by vertex, latitude first), closed,
/// repeated vertex, edge span, zero area, simplicity. The order only picks which defect is named; validity is the
/// same whatever the order.
public enum RegionValidator {
    /// The geohash base32 alphabet, lower case only.
    static let geohashAlphabet: [UInt8] = Array("0123456789bcdefghjkmnpqrstuvwxyz".utf8)
    static let radiusRange: ClosedRange<UInt32> = 1...1_000_000
    static let geohashLengthRange: ClosedRange<Int> = 1...12
    package static let polygonVertexRange: ClosedRange<Int> = 3...1000

    /// The first rule `region` breaks, or nil when it is valid.
    ///
    /// Cost: O(n²) for an n-vertex polygon (the simplicity test compares every pair of non-adjacent edges, with a
    /// bounding-box filter first); about 500k pairs for 1000 vertices.
    public static func defect(in region: RegionE7) -> RegionDefect? {
        switch region {
        case .circle(let center, let radius):
            if let defect = rangeDefect(center) { return defect }
            return radiusRange.contains(radius) ? nil : .radiusOutOfRange
        case .geohash(let hash):
            return geohashDefect(hash)
        case .polygon(let vertices):
            return polygonDefect(vertices)
        }
    }

    static func rangeDefect(_ point: PointE7) -> RegionDefect? {
        if !E7.latitudeRange.contains(point.latE7) { return .latitudeOutOfRange }
        if !E7.longitudeRange.contains(point.lonE7) { return .longitudeOutOfRange }
        return nil
    }

    static func geohashDefect(_ hash: String) -> RegionDefect? {
        let bytes = hash.utf8
        guard geohashLengthRange.contains(bytes.count) else { return .geohashLength(bytes.count) }
        for byte in bytes where Geohash.digitValue(byte) == nil {
            return .geohashCharacter
        }
        return nil
    }

    static func polygonDefect(_ vertices: [PointE7]) -> RegionDefect? {
        guard polygonVertexRange.contains(vertices.count) else { return .polygonVertexCount(vertices.count) }
        for vertex in vertices {
            if let defect = rangeDefect(vertex) { return defect }
        }
        if vertices.first == vertices.last { return .polygonClosed }
        if hasRepeatedVertex(vertices) { return .polygonRepeatedVertex }
        if hasEdgeOver180(vertices) { return .polygonEdgeSpansOver180Degrees }
        if !ExactPlane.hasNonZeroArea(vertices) { return .polygonZeroArea }
        if !PolygonSimplicity.isSimple(vertices) { return .polygonNotSimple }
        return nil
    }

    static func hasRepeatedVertex(_ vertices: [PointE7]) -> Bool {
        // Sorting packed keys is O(n log n) and finds any equal pair, adjacent or not.
        var keys = vertices.map { UInt64(UInt32(bitPattern: $0.latE7)) << 32 | UInt64(UInt32(bitPattern: $0.lonE7)) }
        keys.sort()
        for index in keys.indices.dropFirst() where keys[index] == keys[index - 1] {
            return true
        }
        return false
    }

    static func hasEdgeOver180(_ vertices: [PointE7]) -> Bool {
        let count = vertices.count
        for index in 0..<count {
            let a = Int64(vertices[index].lonE7)
            let b = Int64(vertices[index + 1 == count ? 0 : index + 1].lonE7)
            if abs(b - a) > E7.halfTurn { return true }
        }
        return false
    }
}
