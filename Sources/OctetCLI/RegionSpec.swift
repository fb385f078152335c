import Octet

/// `--region SPEC`: `geohash:HASH`, `circle:LAT,LON,RADIUS_M` or `polygon:LAT,LON;LAT,LON;...`.
///
/// The syntax is judged here; the region itself by the library's own rule, once, at start-up:
/// converted to e7 with round-half-away-from-zero, then `RegionValidator` (ranges, radius, vertex
/// count, closed, repeated vertex, edges over 180°, zero area, simplicity). So
/// `circle:90.00000004,0,10` (which rounds to 90°) is valid and used, and a closed polygon is a
/// usage error here rather than a FAIL of every proof. Invalid: exit 64 with the defect.
public enum RegionSpec {
    /// `--region` of the verifier: the `ExpectedRegion` every proof of the run is compared
    /// against, validated here and never again.
    public static func expected(_ spec: String) throws(CLIError) -> ExpectedRegion {
        let region = try parseSyntax(spec)
        do throws(ExpectedRegion.Defect) {
            return try ExpectedRegion(validating: region)
        } catch {
            throw .usage("--region: the expected region is invalid: \(error)")
        }
    }

    /// A region by the same syntax and rule (`octet-issue --region`, the region a proof claims).
    public static func parse(_ spec: String) throws(CLIError) -> ProofRegion { try expected(spec).region }

    /// The syntax alone: shape, numbers as plain decimals, geohash alphabet. No range is judged here.
    public static func parseSyntax(_ spec: String) throws(CLIError) -> ProofRegion {
        guard let colon = spec.firstIndex(of: ":") else {
            throw .usage(
                "--region \(quoted(spec)): expected geohash:HASH, circle:LAT,LON,RADIUS_M or "
                    + "polygon:LAT,LON;LAT,LON;..."
            )
        }
        let kind = spec[..<colon]
        let body = String(spec[spec.index(after: colon)...])
        switch kind {
        case "geohash":
            let alphabet = Set("0123456789bcdefghjkmnpqrstuvwxyz")
            guard (1...12).contains(body.count), body.allSatisfy({ alphabet.contains($0) }) else {
                throw .usage(
                    "--region geohash: expected 1 to 12 lower-case geohash characters (0-9, b-z without a, i, l, o)")
            }
            return .geohash(body)
        case "circle":
            let parts = body.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 3, let lat = degrees(parts[0]), let lon = degrees(parts[1]),
                let radius = degrees(parts[2])
            else { throw .usage("--region circle: expected circle:LAT,LON,RADIUS_M with three decimal numbers") }
            return .circle(latitude: lat, longitude: lon, radiusMeters: radius)
        case "polygon":
            let vertices = body.split(separator: ";", omittingEmptySubsequences: false)
            // The library judges the count; this only keeps a huge argument from being parsed whole.
            let most = ProofRegion.maxPolygonVertices
            guard vertices.count <= most + 1 else { throw .usage("--region polygon: at most \(most) vertices") }
            var coordinates: [ProofRegion.Coordinate] = []
            for (index, vertex) in vertices.enumerated() {
                let parts = vertex.split(separator: ",", omittingEmptySubsequences: false)
                guard parts.count == 2, let lat = degrees(parts[0]), let lon = degrees(parts[1]) else {
                    throw .usage("--region polygon: vertex \(index + 1) is not LAT,LON")
                }
                coordinates.append(.init(latitude: lat, longitude: lon))
            }
            return .polygon(coordinates)
        default:
            throw .usage("--region: unknown shape \(quoted(String(kind))); use geohash:, circle: or polygon:")
        }
    }

    /// A plain decimal number (`-12.5`, `3`): no exponent, no hex, no `inf`/`nan`, no spaces.
    package static func degrees(_ text: Substring) -> Double? {
        let bytes = Array(text.utf8)
        var index = 0
        if bytes.first == UInt8(ascii: "-") { index = 1 }
        var digits = 0
        var sawDot = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x30, byte <= 0x39 {
                digits += 1
            } else if byte == UInt8(ascii: "."), !sawDot, digits > 0 {
                sawDot = true
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0, bytes.last != UInt8(ascii: "."), bytes.count <= 32 else { return nil }
        return Double(String(text))
    }

    package static func quoted(_ text: String) -> String {
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return "'" + shown + "'"
    }
}
