/// Turns the wire's packed `vertices_e7` (lat0, lon0, lat1, lon1, ...) into points.
public enum PolygonVertices {
    /// Pairs packed values into points; an odd count is ``RegionDefect/polygonOddValueCount(_:)``.
    ///
    /// A vertex count outside 3...1000 is reported here too (the same defect ``RegionValidator`` would name), so
    /// an oversized list is never copied; every other polygon rule is the validator's.
    public static func points(fromPacked values: [Int32]) -> Result<[PointE7], RegionDefect> {
        guard values.count % 2 == 0 else { return .failure(.polygonOddValueCount(values.count)) }
        guard RegionValidator.polygonVertexRange.contains(values.count / 2) else {
            return .failure(.polygonVertexCount(values.count / 2))
        }
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
