/// "Simple": no two non-adjacent edges touch (proof-format.md, Bounds), judged exactly on e7 integers.
///
/// Adjacent edges are not compared: they share a vertex by construction. A spike that doubles back along its
/// neighbour is still caught: for 4+ vertices its tip lies on a non-adjacent edge, and for 3 it has zero area.
enum PolygonSimplicity {
    /// Precondition: 3+ vertices, all in range, no repeated vertex (the validator checks these first).
    ///
    /// Edges are swept in order of their western end, so only pairs whose longitude intervals overlap are compared
    /// (two touching edges always overlap in longitude). O(n²) in the worst case, far less for real polygons.
    static func isSimple(_ vertices: [PointE7]) -> Bool {
        let count = vertices.count
        guard count > 3 else { return true }
        var edges: [Edge] = []
        edges.reserveCapacity(count)
        for index in 0..<count {
            let a = vertices[index]
            let b = vertices[index + 1 == count ? 0 : index + 1]
            edges.append(Edge(index: index, a: a, b: b))
        }
        edges.sort { $0.minX < $1.minX }
        return edges.withUnsafeBufferPointer { sorted in
            for first in 0..<sorted.count {
                let edge = sorted[first]
                var second = first + 1
                while second < sorted.count {
                    let other = sorted[second]
                    second += 1
                    if other.minX > edge.maxX { break }  // every later edge starts further east
                    if other.maxY < edge.minY || other.minY > edge.maxY { continue }
                    let gap = abs(other.index - edge.index)
                    if gap == 1 || gap == count - 1 { continue }  // adjacent: they share a vertex
                    if ExactPlane.segmentsTouch(
                        edge.ax, edge.ay, edge.bx, edge.by, other.ax, other.ay, other.bx, other.by)
                    {
                        return false
                    }
                }
            }
            return true
        }
    }

    /// One edge with its bounding box, in Int64 so the exact predicates need no conversion.
    struct Edge {
        let index: Int
        let ax, ay, bx, by: Int64
        let minX, maxX, minY, maxY: Int64

        init(index: Int, a: PointE7, b: PointE7) {
            self.index = index
            ax = Int64(a.lonE7)
            ay = Int64(a.latE7)
            bx = Int64(b.lonE7)
            by = Int64(b.latE7)
            minX = min(ax, bx)
            maxX = max(ax, bx)
            minY = min(ay, by)
            maxY = max(ay, by)
        }
    }
}
