/// Turns the wire's packed `vertices_e7` (lat0, lon0, lat1, lon1, ...) into points.
public enum PolygonVertices {
    /// Pairs packed values into points; an odd count is ``RegionDefect/polygonOddValueCount(_:)``.
    ///
    /// Only pairing happens here; the polygon rules are ``RegionValidator``'s.
    public static func points(fromPacked values: [Int32]) -> Result<[PointE7], RegionDefect> {
        guard values.count % 2 == 0 else { return .failure(.polygonOddValueCount(values.count)) }
        var points: [PointE7] = []
        points.reserveCapacity(values.count / 2)
        var index = values.startIndex
        while index < values.endIndex {
            points.append(PointE7(latE7: values[index], lonE7: values[index + 1]))
            index += 2
        }
        return .success(points)
    }
}
