import OctetGeometry
import OctetTestSupport
import Testing

@Suite("Region details are log-safe: no coordinate of the fix or the regions ever appears")
struct LogSafetyTests {

    /// Digit strings a coordinate could leak as: its e7 integer and its degrees with 4...7 decimals.
    /// Details state margins as whole metres or with 2 decimals, so a 4-decimal string can only be a coordinate.
    static func leaks(of value: Int32) -> [String] {
        let magnitude = Int64(value).magnitude
        let whole = magnitude / 10_000_000
        let fraction = String(magnitude % 10_000_000).leftPadded(to: 7)
        var forms = [String(magnitude)]
        for decimals in 4...7 { forms.append("\(whole).\(fraction.prefix(decimals))") }
        return forms
    }

    @Test("no detail of contains, region-claim or region-type contains a digit sequence of a coordinate")
    func noCoordinates() {
        var random = SplitMix64(seed: 20_261_129)
        var checked = 0
        for _ in 0..<300 {
            // |coordinate| ≥ 1° keeps every e7 string at 8+ digits, longer than any margin in metres.
            let sign = { (r: inout SplitMix64) -> Int32 in Bool.random(using: &r) ? 1 : -1 }
            let fix = PointE7(
                latE7: sign(&random) * Int32.random(in: 10_000_000...890_000_000, using: &random),
                lonE7: sign(&random) * Int32.random(in: 10_000_000...1_790_000_000, using: &random))
            let near = { (r: inout SplitMix64) -> PointE7 in
                PointE7(
                    latE7: fix.latE7 + Int32.random(in: -50_000...50_000, using: &r),
                    lonE7: fix.lonE7 + Int32.random(in: -50_000...50_000, using: &r))
            }
            let center = near(&random)
            let polygon = Fixtures.regularPolygon(
                count: 7, centerLat: Double(near(&random).latE7) / 1e7, centerLon: Double(fix.lonE7) / 1e7,
                radiusE7: Double.random(in: 10_000...100_000, using: &random))
            let hash = geohash(of: fix, length: Int.random(in: 5...9, using: &random))
            let regions: [RegionE7] = [
                .circle(center: center, radiusMeters: UInt32.random(in: 1...2_000, using: &random)),
                .polygon(polygon), .geohash(hash), .geohash(String(hash.dropLast())),
            ]
            let accuracy = UInt32.random(in: 0...200_000, using: &random)
            var secrets = Self.leaks(of: fix.latE7) + Self.leaks(of: fix.lonE7) + [hash, String(hash.dropLast())]
            secrets += Self.leaks(of: center.latE7) + Self.leaks(of: center.lonE7)
            secrets += polygon.flatMap { Self.leaks(of: $0.latE7) + Self.leaks(of: $0.lonE7) }
            for claimed in regions {
                var details = [
                    RegionRules.contains(fix: fix, horizontalAccuracyMillimeters: accuracy, claimed: claimed)
                ]
                for expected in regions {
                    details.append(RegionRules.regionClaim(claimed: claimed, expected: expected))
                    details.append(RegionRules.regionType(claimed: claimed, expected: expected))
                }
                for judgement in details {
                    checked += 1
                    for secret in secrets where judgement.detail.contains(secret) {
                        Issue.record("detail \"\(judgement.detail)\" leaks a coordinate")
                    }
                }
            }
        }
        #expect(checked == 300 * 4 * 9)
    }

    /// True when `detail` states a distance: a digit, optional spaces, then a unit of length as a word
    /// ("1.00 m", "12m", "3 km", "5 metres", "7 meters").
    static func statesDistance(_ detail: String) -> Bool {
        let characters = Array(detail)
        for (index, character) in characters.enumerated() where character.isNumber {
            var rest = characters[(index + 1)...].drop { $0 == " " }
            var word = ""
            while let next = rest.first, next.isLetter {
                word.append(next)
                rest = rest.dropFirst()
            }
            if ["m", "km", "metre", "metres", "meter", "meters"].contains(word) { return true }
        }
        return false
    }

    @Test("the distance pattern finds a distance and only a distance")
    func distancePattern() {
        #expect(Self.statesDistance("claimed circle reaches 1.00 m beyond the expected circle"))
        #expect(Self.statesDistance("fix lies 12m outside"))
        #expect(Self.statesDistance("3 km away"))
        #expect(Self.statesDistance("4366758 metres"))
        #expect(!Self.statesDistance("claimed polygon has 5 vertices, expected 4"))
        #expect(!Self.statesDistance("claimed geohash (7 characters) is not inside the expected one (6)"))
        #expect(!Self.statesDistance("fix lies outside the claimed circle"))
    }

    @Test("no region FAIL detail says by how much: a FAIL says beyond or outside, never a distance")
    func failsNeverSayHowFar() throws {
        var random = SplitMix64(seed: 20_261_201)
        var fails = 0
        var passesWithMargin = 0
        for _ in 0..<300 {
            let fix = PointE7(
                latE7: Int32.random(in: -800_000_000...800_000_000, using: &random),
                lonE7: Int32.random(in: -1_700_000_000...1_700_000_000, using: &random))
            let offset = { (r: inout SplitMix64) -> PointE7 in
                PointE7(
                    latE7: fix.latE7 + Int32.random(in: -100_000...100_000, using: &r),
                    lonE7: fix.lonE7 + Int32.random(in: -100_000...100_000, using: &r))
            }
            let polygon = Fixtures.regularPolygon(
                count: 5, centerLat: Double(offset(&random).latE7) / 1e7, centerLon: Double(fix.lonE7) / 1e7,
                radiusE7: Double.random(in: 1_000...100_000, using: &random))
            let hash = geohash(of: offset(&random), length: Int.random(in: 4...9, using: &random))
            let circles = (0..<3).map { _ in
                RegionE7.circle(center: offset(&random), radiusMeters: UInt32.random(in: 1...3_000, using: &random))
            }
            let regions = circles + [.polygon(polygon), .geohash(hash)]
            let accuracy = UInt32.random(in: 0...500_000, using: &random)
            for claimed in regions {
                var judgements = [
                    RegionRules.contains(fix: fix, horizontalAccuracyMillimeters: accuracy, claimed: claimed)
                ]
                for expected in regions {
                    judgements += [
                        RegionRules.regionClaim(claimed: claimed, expected: expected),
                        RegionRules.regionType(claimed: claimed, expected: expected),
                    ]
                }
                for judgement in judgements {
                    guard !judgement.passed else {
                        if Self.statesDistance(judgement.detail) { passesWithMargin += 1 }
                        continue
                    }
                    fails += 1
                    if Self.statesDistance(judgement.detail) {
                        Issue.record("FAIL detail \"\(judgement.detail)\" says how far")
                    }
                }
            }
        }
        // Both kinds occur: the pattern would catch a distance (PASS details state their margins).
        #expect(fails > 1_000)
        #expect(passesWithMargin > 0)
    }

    /// Encodes a geohash by bisection (independent of the decoder under test).
    func geohash(of point: PointE7, length: Int) -> String {
        let alphabet = Array("0123456789bcdefghjkmnpqrstuvwxyz")
        var lat = (-90.0, 90.0)
        var lon = (-180.0, 180.0)
        var isLongitude = true
        var value = 0
        var bits = 0
        var hash = ""
        while hash.count < length {
            let x = isLongitude ? point.longitudeDegrees : point.latitudeDegrees
            let mid = isLongitude ? (lon.0 + lon.1) / 2 : (lat.0 + lat.1) / 2
            value = value * 2 + (x >= mid ? 1 : 0)
            if isLongitude {
                if x >= mid { lon.0 = mid } else { lon.1 = mid }
            } else {
                if x >= mid { lat.0 = mid } else { lat.1 = mid }
            }
            isLongitude.toggle()
            bits += 1
            if bits == 5 {
                hash.append(alphabet[value])
                value = 0
                bits = 0
            }
        }
        return hash
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
