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

    /// Converts an expected region given in degrees and metres to e7; nil when any value does not convert.
    ///
    /// Only conversion happens here; ranges and polygon rules are judged by ``RegionValidator``.
    public static func circle(latitude: Double, longitude: Double, radiusMeters: Double) -> RegionE7? {
        guard let center = PointE7(latitudeDegrees: latitude, longitudeDegrees: longitude),
            let radius = Self.radiusMeters(fromMeters: radiusMeters)
        else { return nil }
        return .circle(center: center, radiusMeters: radius)
    }

    /// Converts polygon vertices given as (latitude, longitude) degrees; nil when any value does not convert.
    public static func polygon(_ vertices: [(latitude: Double, longitude: Double)]) -> RegionE7? {
        var points: [PointE7] = []
        points.reserveCapacity(vertices.count)
        for vertex in vertices {
            guard let point = PointE7(latitudeDegrees: vertex.latitude, longitudeDegrees: vertex.longitude)
            else { return nil }
            points.append(point)
        }
        return .polygon(points)
    }
}
