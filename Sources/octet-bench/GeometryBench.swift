import Foundation
import OctetGeometry

/// The cost of `contains` per call, for the three shapes, so geometry never dominates `verify`.
enum GeometryBench {
    static func run(iterations: Int) {
        let fix = PointE7(latE7: 488_584_000, lonE7: 22_945_000)
        let circle = RegionE7.circle(center: PointE7(latE7: 488_590_000, lonE7: 22_950_000), radiusMeters: 2_000)
        let geohash = RegionE7.geohash("u09tunq")
        // A regular 1000-gon of radius ~0.05° around the fix: convex, so simple and valid.
        let polygon = RegionE7.polygon(
            (0..<1000).map { index in
                let angle = Double(index) / 1000 * 2 * Double.pi
                return PointE7(
                    latE7: 488_584_000 + Int32(500_000 * sin(angle)), lonE7: 22_945_000 + Int32(500_000 * cos(angle)))
            })
        precondition(RegionValidator.defect(in: polygon) == nil, "benchmark polygon must be valid")
        for (name, region) in [("circle", circle), ("geohash-7", geohash), ("polygon-1000", polygon)] {
            _ = RegionRules.contains(fix: fix, horizontalAccuracyMillimeters: 5_000, claimed: region)
            let rate = Measure.rate(iterations: iterations) {
                _ = RegionRules.contains(fix: fix, horizontalAccuracyMillimeters: 5_000, claimed: region)
            }
            print("contains-\(name)-microseconds-per-call: \(Measure.format(1e6 / rate, 3))")
        }
        let validation = Measure.rate(iterations: max(1, iterations / 1000)) { _ = RegionValidator.defect(in: polygon) }
        print("validate-polygon-1000-microseconds-per-call: \(Measure.format(1e6 / validation, 1))")
        GeodesicBench.run(iterations: iterations)
    }
}
