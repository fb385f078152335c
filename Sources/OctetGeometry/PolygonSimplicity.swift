/// "Simple": no two non-adjacent edges touch (proof-format.md, Bounds), judged exactly on e7 integers.
///
/// Adjacent edges are not compared: they share a vertex by construction. A spike that doubles back along its
/// neighbour is still caught: for 4+ vertices its tip lies on a non-adjacent edge, and for 3 it has zero area.
enum PolygonSimplicity {
    /// Precondition: 3+ vertices, all in range, no repeated vertex (the validator checks these first).
    static func isSimple(_ vertices: [PointE7]) -> Bool {
        let count = vertices.count
        guard count > 3 else { return true }
        // Structure of arrays keeps the O(n²) loop to cheap integer compares before any exact test.
        var xs = [Int64](repeating: 0, count: count + 1)
        var ys = [Int64](repeating: 0, count: count + 1)
        for index in 0..<count {
            xs[index] = Int64(vertices[index].lonE7)
            ys[index] = Int64(vertices[index].latE7)
        }
        xs[count] = xs[0]
        ys[count] = ys[0]
        var minX = [Int64](repeating: 0, count: count)
        var maxX = [Int64](repeating: 0, count: count)
        var minY = [Int64](repeating: 0, count: count)
        var maxY = [Int64](repeating: 0, count: count)
        for edge in 0..<count {
            minX[edge] = min(xs[edge], xs[edge + 1])
            maxX[edge] = max(xs[edge], xs[edge + 1])
            minY[edge] = min(ys[edge], ys[edge + 1])
            maxY[edge] = max(ys[edge], ys[edge + 1])
        }
        for first in 0..<(count - 2) {
            // Edge 0 and edge count−1 share vertex 0, so edge 0 stops one short.
            let lastSecond = first == 0 ? count - 2 : count - 1
            guard first + 2 <= lastSecond else { continue }
            let fMinX = minX[first], fMaxX = maxX[first], fMinY = minY[first], fMaxY = maxY[first]
            for second in (first + 2)...lastSecond {
                if maxX[second] < fMinX || minX[second] > fMaxX || maxY[second] < fMinY || minY[second] > fMaxY {
                    continue
                }
                if ExactPlane.segmentsTouch(
                    xs[first], ys[first], xs[first + 1], ys[first + 1],
                    xs[second], ys[second], xs[second + 1], ys[second + 1])
                {
                    return false
                }
            }
        }
        return true
    }
}
