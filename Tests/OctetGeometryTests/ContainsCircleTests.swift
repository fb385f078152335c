import OctetGeometry
import OctetOutcome
import Testing

@Suite("contains for a circle: geodesic(fix, centre) + accuracy ≤ radius")
struct ContainsCircleTests {
    static let reference = GeodesicReference.shared
    /// Reference pairs short enough to be a circle (radius ≤ 1000 km) with room for a margin.
    static let circlePairs = (reference?.pairs ?? []).filter { $0.meters > 1 && $0.meters < 999_000 }.prefix(60)

    @Test(
        "accuracy 1 cm short of the margin passes, 1 cm over fails (GeographicLib distance)",
        arguments: Array(circlePairs))
    func centimetreFlip(_ pair: GeodesicReference.Pair) throws {
        let radius = UInt32(pair.meters.rounded(.up)) + 100
        let marginMillimeters = (Double(radius) - pair.meters) * 1000
        let inside = UInt32(marginMillimeters.rounded(.down)) - 10
        let beyond = UInt32(marginMillimeters.rounded(.up)) + 10
        let circle = RegionE7.circle(center: pair.pointA, radiusMeters: radius)
        #expect(RegionRules.contains(fix: pair.pointB, horizontalAccuracyMillimeters: inside, claimed: circle).passed)
        let failed = RegionRules.contains(fix: pair.pointB, horizontalAccuracyMillimeters: beyond, claimed: circle)
        #expect(!failed.passed)
        #expect(failed.detail.contains("beyond"))
    }

    @Test(
        "~1000 km circles that a sphere (haversine) judges wrongly are judged on WGS84",
        arguments: reference?.haversineFlips ?? [])
    func haversineFlip(_ flip: GeodesicReference.Flip) {
        let center = PointE7(latE7: flip.center[0], lonE7: flip.center[1])
        let fix = PointE7(latE7: flip.fix[0], lonE7: flip.fix[1])
        let accuracy = Double(flip.accuracyMillimeters) / 1000
        // The case is a real trap: the sphere's answer differs from the ellipsoid's.
        let spherePasses = haversineMeters(fix, center) + accuracy <= Double(flip.radiusMeters)
        #expect(spherePasses != (flip.expected == "pass"))
        let judgement = RegionRules.contains(
            fix: fix, horizontalAccuracyMillimeters: flip.accuracyMillimeters,
            claimed: .circle(center: center, radiusMeters: flip.radiusMeters))
        #expect(judgement.passed == (flip.expected == "pass"), "\(judgement)")
    }

    @Test("a fix at the centre with zero accuracy passes; accuracy equal to the radius passes; 1 mm more fails")
    func centre() {
        let center = PointE7(latE7: -338_688_197, lonE7: 1_512_092_955)
        let circle = RegionE7.circle(center: center, radiusMeters: 250)
        #expect(RegionRules.contains(fix: center, horizontalAccuracyMillimeters: 0, claimed: circle).passed)
        #expect(RegionRules.contains(fix: center, horizontalAccuracyMillimeters: 250_000, claimed: circle).passed)
        #expect(!RegionRules.contains(fix: center, horizontalAccuracyMillimeters: 250_001, claimed: circle).passed)
    }

    @Test("a circle centred on a pole or beside the antimeridian measures across them")
    func polesAndAntimeridian() {
        // 1 e7 of latitude is 1.1057 m at the pole on WGS84; 100 m down any meridian is inside a 101 m circle.
        let pole = PointE7(latE7: 900_000_000, lonE7: 0)
        let nearPole = PointE7(latE7: 899_991_000, lonE7: 1_234_567_890)  // 100.52 m from the pole (GeographicLib)
        #expect(
            RegionRules.contains(
                fix: nearPole, horizontalAccuracyMillimeters: 0,
                claimed: .circle(center: pole, radiusMeters: 101)
            ).passed)
        #expect(
            !RegionRules.contains(
                fix: nearPole, horizontalAccuracyMillimeters: 2_000,
                claimed: .circle(center: pole, radiusMeters: 101)
            ).passed)
        let east = PointE7(latE7: 0, lonE7: 1_799_995_000)  // 55.7 m west of the antimeridian
        let west = PointE7(latE7: 0, lonE7: -1_799_995_000)
        #expect(
            RegionRules.contains(
                fix: west, horizontalAccuracyMillimeters: 0,
                claimed: .circle(center: east, radiusMeters: 112)
            ).passed)
        #expect(
            !RegionRules.contains(
                fix: west, horizontalAccuracyMillimeters: 0,
                claimed: .circle(center: east, radiusMeters: 111)
            ).passed)
    }

    @Test("a fix outside the circle fails whatever the accuracy, and says so")
    func outside() {
        let circle = RegionE7.circle(center: PointE7(latE7: 0, lonE7: 0), radiusMeters: 10)
        let fix = PointE7(latE7: 0, lonE7: 1_000)  // ~11.1 m east
        let judgement = RegionRules.contains(fix: fix, horizontalAccuracyMillimeters: 0, claimed: circle)
        #expect(judgement.code == .outsideRegion)
    }
}
