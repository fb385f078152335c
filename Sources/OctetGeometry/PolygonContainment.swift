#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a point lies relative to a polygon whose edges are straight in longitude/latitude (RFC 7946), exactly.
enum PolygonContainment {
    enum Location: Equatable { case inside, boundary, outside }

    /// Winding number with exact orientation tests, plus an exact on-edge test.
    ///
    /// Longitude is not wrapped: valid polygons never cross the antimeridian, so a fix on the other side of it is
    /// outside, and +180° and −180° are different places in this plane.
    /// Precondition: the point and all vertices are in range (bounds the exact products).
    static func locate(_ point: PointE7, in vertices: [PointE7]) -> Location {
        let px = Int64(point.lonE7)
        let py = Int64(point.latE7)
        guard let last = vertices.last else { return .outside }
        return vertices.withUnsafeBufferPointer { ring in
            var winding = 0
            var ax = Int64(last.lonE7)
            var ay = Int64(last.latE7)
            for vertex in ring {
                let bx = Int64(vertex.lonE7)
                let by = Int64(vertex.latE7)
                defer {
                    ax = bx
                    ay = by
                }
                // Edges entirely above, below or east of the point can neither hold it nor cross its ray.
                if (ay > py && by > py) || (ay < py && by < py) || (ax < px && bx < px) { continue }
                let side = ExactPlane.orientation(ax, ay, bx, by, px, py)
                if side == 0 && ExactPlane.within(px, py, ax, ay, bx, by) { return .boundary }
                if ay <= py {
                    if by > py && side > 0 { winding += 1 }  // upward edge with the point on its left
                } else if by <= py && side < 0 {
                    winding -= 1  // downward edge with the point on its right
                }
            }
            return winding == 0 ? .outside : .inside
        }
    }
}

/// The local equirectangular plane at a fix: x = R·cos(φ_fix)·Δλ, y = R·Δφ (radians), R = 6,371,008.8 m.
struct LocalPlane {
    /// The mean Earth radius the design fixes for edge distances.
    static let earthRadius = 6_371_008.8
    static let radiansPerE7 = Double.pi / 1.8e9

    let fix: PointE7
    /// Metres per e7 unit of longitude and latitude at the fix.
    let xScale: Double
    let yScale: Double

    init(at fix: PointE7) {
        self.fix = fix
        let latitude = Double(fix.latE7) * Self.radiansPerE7
        yScale = Self.earthRadius * Self.radiansPerE7
        xScale = yScale * cos(latitude)
    }

    /// The smallest distance in metres from the fix (the origin) to any edge of the closed ring.
    func minimumEdgeDistance(_ vertices: [PointE7]) -> Double {
        guard let last = vertices.last else { return .infinity }
        let fixX = Int64(fix.lonE7)
        let fixY = Int64(fix.latE7)
        return vertices.withUnsafeBufferPointer { ring in
            var ax = xScale * Double(Int64(last.lonE7) - fixX)
            var ay = yScale * Double(Int64(last.latE7) - fixY)
            var best = Double.infinity
            for vertex in ring {
                let bx = xScale * Double(Int64(vertex.lonE7) - fixX)
                let by = yScale * Double(Int64(vertex.latE7) - fixY)
                // The edge's bounding box bounds its distance from below: skip the division when it cannot win.
                let nearX = (ax > 0) == (bx > 0) ? min(abs(ax), abs(bx)) : 0
                let nearY = (ay > 0) == (by > 0) ? min(abs(ay), abs(by)) : 0
                if nearX * nearX + nearY * nearY < best {
                    best = min(best, Self.squaredDistanceFromOrigin(ax, ay, bx, by))
                }
                ax = bx
                ay = by
            }
            return best.squareRoot()
        }
    }

    /// Squared distance from the origin to segment a–b.
    @inline(__always)
    static func squaredDistanceFromOrigin(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double {
        let dx = bx - ax
        let dy = by - ay
        let lengthSquared = dx * dx + dy * dy
        // A zero-length edge in the plane (two vertices differing only in longitude, seen from a pole) is a point.
        var t = lengthSquared > 0 ? -(ax * dx + ay * dy) / lengthSquared : 0
        t = min(max(t, 0), 1)
        let x = ax + t * dx
        let y = ay + t * dy
        return x * x + y * y
    }

    /// The smallest distance in metres from the fix, inside the cell, to the cell's four edges.
    ///
    /// For a point inside an axis-aligned rectangle the nearest point of each edge is the foot of the perpendicular,
    /// so the segment distance reduces to one coordinate difference per edge.
    func minimumEdgeDistance(insideCell cell: GeohashCell) -> Double {
        let lat = Double(fix.latE7)
        let lon = Double(fix.lonE7)
        let south = yScale * (lat - cell.southE7)
        let north = yScale * (cell.northE7 - lat)
        let west = xScale * (lon - cell.westE7)
        let east = xScale * (cell.eastE7 - lon)
        return min(min(south, north), min(west, east))
    }
}
