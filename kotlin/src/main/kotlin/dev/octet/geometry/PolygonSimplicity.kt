package dev.octet.geometry

/**
 * "Simple": no two non-adjacent edges touch (proof-format.md, Bounds), judged exactly on e7 integers.
 *
 * Adjacent edges are not compared: they share a vertex by construction. A spike that doubles back
 * along its neighbour is still caught: for 4+ vertices its tip lies on a non-adjacent edge, and
 * for 3 it has zero area.
 */
internal object PolygonSimplicity {
    /**
     * Precondition: 3+ vertices, all in range, no repeated vertex (the validator checks these
     * first). Edges are swept in order of their western end, so only pairs whose longitude
     * intervals overlap are compared (two touching edges always overlap in longitude). O(n²) in the
     * worst case, far less for real polygons.
     */
    fun isSimple(vertices: List<PointE7>): Boolean {
        val count = vertices.size
        if (count <= 3) return true
        val edges = ArrayList<Edge>(count)
        for (index in 0 until count) {
            edges.add(Edge(index, vertices[index], vertices[if (index + 1 == count) 0 else index + 1]))
        }
        edges.sortWith(Comparator { x, y -> java.lang.Long.compare(x.minX, y.minX) })
        for (first in 0 until edges.size) {
            val edge = edges[first]
            var second = first + 1
            while (second < edges.size) {
                val other = edges[second]
                second += 1
                if (other.minX > edge.maxX) break  // every later edge starts further east
                if (other.maxY < edge.minY || other.minY > edge.maxY) continue
                val gap = Math.abs(other.index - edge.index)
                if (gap == 1 || gap == count - 1) continue  // adjacent: they share a vertex
                if (ExactPlane.segmentsTouch(edge.ax, edge.ay, edge.bx, edge.by, other.ax, other.ay, other.bx, other.by)) {
                    return false
                }
            }
        }
        return true
    }

    /** One edge with its bounding box, in Long so the exact predicates need no conversion. */
    private class Edge(val index: Int, a: PointE7, b: PointE7) {
        val ax = a.lonE7.toLong()
        val ay = a.latE7.toLong()
        val bx = b.lonE7.toLong()
        val by = b.latE7.toLong()
        val minX = Math.min(ax, bx)
        val maxX = Math.max(ax, bx)
        val minY = Math.min(ay, by)
        val maxY = Math.max(ay, by)
    }
}
