import OctetEncoding
import OctetGeometry

/// The claimed region and the fix's coordinates, decoded and checked with the same validity
/// checker that judges `expectedRegion`: an invalid claimed region is a malformed proof.
enum RegionDecoding {
    static func decode(_ region: WireMessage) throws(WireError) -> RegionE7 {
        let decoded: RegionE7
        if let record = region.single(ProofSchema.Region.circle) {
            let circle = try region.message(record, "Circle", schema: ProofSchema.circle)
            let lat = try circle.sint32(try circle.required(ProofSchema.Circle.latE7), "lat_e7")
            let lon = try circle.sint32(try circle.required(ProofSchema.Circle.lonE7), "lon_e7")
            let radius = try circle.uint32(try circle.required(ProofSchema.Circle.radiusM), "radius_m")
            decoded = .circle(center: PointE7(latE7: lat, lonE7: lon), radiusMeters: radius)
        } else if let record = region.single(ProofSchema.Region.geohash) {
            decoded = .geohash(try region.string(record, "geohash"))
        } else if let record = region.single(ProofSchema.Region.polygon) {
            let polygon = try region.message(record, "Polygon", schema: ProofSchema.polygon)
            let packed = try polygon.required(ProofSchema.Polygon.verticesE7)
            // 1000 vertices are 2000 values; one more value already makes the polygon invalid.
            let raw = try WireReader.packedVarints(packed.payload, in: polygon.base, limit: 2001)
            var values: [Int32] = []
            values.reserveCapacity(raw.count)
            for value in raw {
                guard let decodedValue = ZigZag.decode32(value) else {
                    throw WireError(.valueOutOfRange, at: packed.offset, "Polygon.vertices_e7 exceeds sint32")
                }
                values.append(decodedValue)
            }
            switch PolygonVertices.points(fromPacked: values) {
            case .success(let points): decoded = .polygon(points)
            case .failure(let defect): throw WireError(.boundViolated, at: packed.offset, "Region: \(defect)")
            }
        } else {
            throw WireError(.missingField, at: region.offset, "Region.shape has no member")
        }
        if let defect = RegionValidator.defect(in: decoded) {
            throw WireError(.boundViolated, at: region.offset, "Region: \(defect)")
        }
        return decoded
    }

    static func checkCoordinate(lat: Int32, lon: Int32, in message: WireMessage) throws(WireError) {
        guard PointE7(latE7: lat, lonE7: lon).isInRange else {
            throw WireError(.boundViolated, at: message.offset, "\(message.name) coordinate out of range")
        }
    }
}
