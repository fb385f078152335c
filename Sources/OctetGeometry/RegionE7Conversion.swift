/// Degrees and metres to the wire's integers, with the design's one rounding rule.
public enum RegionE7Conversion {
    /// `radiusMeters.rounded(.toNearestOrAwayFromZero)` as `UInt32`; nil when not finite or outside `UInt32`.
    ///
    /// A radius that rounds to 0 converts to 0 (and is then invalid by ``RegionValidator``), so `-0.4` gives 0 and
    /// `-0.5` gives nil.
    public static func radiusMeters(fromMeters radiusMeters: Double) -> UInt32? {
        guard radiusMeters.isFinite else { return nil }
        return UInt32(exactly: radiusMeters.rounded(.toNearestOrAwayFromZero))
    }

    /// Converts an expected circle given in degrees and metres to e7.
    ///
    /// A value that does not convert (not finite, or beyond `Int32`/`UInt32` after scaling) is reported as the
    /// range defect of its field, so the caller can fail with "expected region invalid: …" like any other bound.
    /// Ranges and the other rules are judged afterwards by ``RegionValidator``.
    public static func circle(latitude: Double, longitude: Double, radiusMeters: Double) -> Result<
        RegionE7, RegionDefect
    > {
        guard let lat = E7.value(fromDegrees: latitude) else { return .failure(.latitudeOutOfRange) }
        guard let lon = E7.value(fromDegrees: longitude) else { return .failure(.longitudeOutOfRange) }
        guard let radius = Self.radiusMeters(fromMeters: radiusMeters) else { return .failure(.radiusOutOfRange) }
        return .success(.circle(center: PointE7(latE7: lat, lonE7: lon), radiusMeters: radius))
    }

    /// Converts polygon vertices given as (latitude, longitude) degrees; a value that does not convert is reported
    /// as the range defect of its field. More than 1000 vertices is reported before any conversion.
    public static func polygon(_ vertices: [(latitude: Double, longitude: Double)]) -> Result<RegionE7, RegionDefect> {
        guard vertices.count <= RegionValidator.polygonVertexRange.upperBound else {
            return .failure(.polygonVertexCount(vertices.count))
        }
        var points: [PointE7] = []
        points.reserveCapacity(vertices.count)
        for vertex in vertices {
            guard let lat = E7.value(fromDegrees: vertex.latitude) else { return .failure(.latitudeOutOfRange) }
            guard let lon = E7.value(fromDegrees: vertex.longitude) else { return .failure(.longitudeOutOfRange) }
            points.append(PointE7(latE7: lat, lonE7: lon))
        }
        return .success(.polygon(points))
    }
}
