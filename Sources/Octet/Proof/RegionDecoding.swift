import OctetEncoding
import OctetGeometry

/// The claimed region and the fix's coordinates, decoded and checked with the same validity
/// checker that judges `expectedRegion`: an invalid claimed region is a malformed proof.
enum RegionDecoding {
    static func decode(_ region: WireView) throws(WireError) -> RegionE7 {
        typealias R = ProofSchema.Region
        var circle, geohash, polygon: WireSlot?
        try region.read { slot throws(WireError) in
            switch slot.fieldNumber {
            case R.circle.number: circle = slot
            case R.geohash.number: geohash = slot
            case R.polygon.number: polygon = slot
            default: break
            }
        }
        let decoded: RegionE7
        if let circle {
            decoded = try decodeCircle(region.message(circle, ProofSchema.circle))
        } else if let geohash {
            decoded = .geohash(try region.string(geohash, "geohash"))
        } else if let polygon {
            decoded = try decodePolygon(region.message(polygon, ProofSchema.polygon))
        } else {
            throw WireError(.missingField, at: region.offset, "Region.shape has no member")
        }
        if let defect = RegionValidator.defect(in: decoded) {
            throw WireError(.boundViolated, at: region.offset, "Region: \(defect)")
        }
        return decoded
    }

    static func decodeCircle(_ circle: WireView) throws(WireError) -> RegionE7 {
        typealias C = ProofSchema.Circle
        var latE7, lonE7, radius: WireSlot?
        try circle.read { slot throws(WireError) in
            switch slot.fieldNumber {
            case C.latE7.number: latE7 = slot
            case C.lonE7.number: lonE7 = slot
            case C.radiusM.number: radius = slot
            default: break
            }
        }
        let lat = try circle.sint32(try circle.required(latE7, C.latE7), "lat_e7")
        let lon = try circle.sint32(try circle.required(lonE7, C.lonE7), "lon_e7")
        let radiusM = try circle.uint32(try circle.required(radius, C.radiusM), "radius_m")
        return .circle(center: PointE7(latE7: lat, lonE7: lon), radiusMeters: radiusM)
    }

    static func decodePolygon(_ polygon: WireView) throws(WireError) -> RegionE7 {
        var vertices: WireSlot?
        try polygon.read { slot throws(WireError) in vertices = slot }
        let packed = try polygon.required(vertices, ProofSchema.Polygon.verticesE7)
        // Two values a vertex; one more value than the most vertices already makes the polygon invalid.
        let raw = try WireReader.packedVarints(
            polygon.payload(packed), in: polygon.bytes, limit: 2 * RegionValidator.polygonVertexRange.upperBound + 1)
        var values: [Int32] = []
        values.reserveCapacity(raw.count)
        for value in raw {
            guard let decodedValue = ZigZag.decode32(value) else {
                throw WireError(.valueOutOfRange, at: packed.offset, "Polygon.vertices_e7 exceeds sint32")
            }
            values.append(decodedValue)
        }
        switch PolygonVertices.points(fromPacked: values) {
        case .success(let points): return .polygon(points)
        case .failure(let defect): throw WireError(.boundViolated, at: packed.offset, "Region: \(defect)")
        }
    }

    static func checkCoordinate(lat: Int32, lon: Int32, in message: WireView) throws(WireError) {
        guard PointE7(latE7: lat, lonE7: lon).isInRange else {
            throw WireError(.boundViolated, at: message.offset, "\(message.name) coordinate out of range")
        }
    }
}
