import CCallgrind
import Foundation
import OctetGeometry

/// The cost of one WGS84 geodesic (`Geodesic.distanceMeters`, Karney's inverse solution in Swift), per kind of pair:
/// the circle of the verify bench (a short line, solved on the mean sphere), 1000 km, across the globe, and nearly
/// antipodal (Newton's method from the astroid start). GeographicLib's C++ on the same pairs, measured in one run
/// before it left the package, is in docs/performance.md ("Geodesics in Swift").
enum GeodesicBench {
    static let pairs: [(name: String, a: PointE7, b: PointE7)] = [
        ("circle-80m", PointE7(latE7: 488_584_000, lonE7: 22_945_000), PointE7(latE7: 488_590_000, lonE7: 22_950_000)),
        ("1000km", PointE7(latE7: 488_566_000, lonE7: 23_522_000), PointE7(latE7: 525_200_000, lonE7: 134_050_000)),
        (
            "global", PointE7(latE7: 407_128_000, lonE7: -740_060_000),
            PointE7(latE7: -338_688_000, lonE7: 1_512_093_000)
        ),
        ("antipodal", PointE7(latE7: 100_000_000, lonE7: 0), PointE7(latE7: -100_500_000, lonE7: 1_795_000_000)),
    ]

    /// Wall time per call.
    static func run(iterations: Int) {
        var sink = 0.0
        for (name, a, b) in pairs {
            let rate = Measure.rate(iterations: iterations) { sink += Geodesic.distanceMeters(a, b) }
            print("geodesic-\(name)-microseconds-per-call: \(Measure.format(1e6 / rate, 3))")
        }
        precondition(sink > 0)
    }

    /// Under callgrind (the child of `instructions`): each pair counted alone.
    static func countInstructions(rounds: Int) {
        var sink = 0.0
        for (name, a, b) in pairs {
            sink += Geodesic.distanceMeters(a, b)
            octet_callgrind_zero()
            for _ in 0..<rounds { sink += Geodesic.distanceMeters(a, b) }
            octet_callgrind_dump("geodesic-\(name)")
        }
        precondition(sink > 0)
    }

    /// The parent: per call, from the dumps' totals.
    static func report(_ figures: [String: Double], rounds: Int) {
        print("geodesic instructions (callgrind, \(rounds) rounds each, per call):")
        for (name, _, _) in pairs {
            if let total = figures["geodesic-\(name)"] { print("  geodesic-\(name): \(Int(total) / rounds)") }
        }
    }
}
