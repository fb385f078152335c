import CCallgrind
import Foundation
import OctetGeometry

// GeographicLib's Geodesic::Inverse through the C++ shim, the library's geodesic until the Swift one replaced it:
// declared here rather than imported so that the bench measures both in one run without a new dependency.
@_silgen_name("octet_geodesic_wgs84_distance")
func geographicLibDistance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double

/// The cost of one WGS84 geodesic (`Geodesic.distanceMeters`, Karney's inverse solution in Swift), per kind of pair:
/// the circle of the verify bench (a short line, solved on the mean sphere), 1000 km, across the globe, and nearly
/// antipodal (Newton's method from the astroid start). Against GeographicLib's C++ on the same pairs.
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

    static func swift(_ a: PointE7, _ b: PointE7) -> Double { Geodesic.distanceMeters(a, b) }

    static func geographicLib(_ a: PointE7, _ b: PointE7) -> Double {
        geographicLibDistance(a.latitudeDegrees, a.longitudeDegrees, b.latitudeDegrees, b.longitudeDegrees)
    }

    /// Wall time per call, the two implementations taking turns on each pair.
    static func run(iterations: Int) {
        var sink = 0.0
        for (name, a, b) in pairs {
            precondition(abs(swift(a, b) - geographicLib(a, b)) < 1e-6, "the two geodesics disagree on \(name)")
            let swiftRate = Measure.rate(iterations: iterations) { sink += swift(a, b) }
            let cppRate = Measure.rate(iterations: iterations) { sink += geographicLib(a, b) }
            print(
                "geodesic-\(name)-microseconds-per-call: swift \(Measure.format(1e6 / swiftRate, 3)),"
                    + " geographiclib \(Measure.format(1e6 / cppRate, 3)),"
                    + " swift-to-geographiclib \(Measure.format(cppRate / swiftRate, 3))")
        }
        precondition(sink > 0)
    }

    /// Under callgrind (the child of `instructions`): each implementation on each pair, counted alone.
    static func countInstructions(rounds: Int) {
        var sink = 0.0
        for (name, a, b) in pairs {
            sink += swift(a, b) + geographicLib(a, b)
            octet_callgrind_zero()
            for _ in 0..<rounds { sink += swift(a, b) }
            octet_callgrind_dump("geodesic-swift-\(name)")
            octet_callgrind_zero()
            for _ in 0..<rounds { sink += geographicLib(a, b) }
            octet_callgrind_dump("geodesic-geographiclib-\(name)")
        }
        precondition(sink > 0)
    }

    /// The parent: per call, from the dumps' totals.
    static func report(_ figures: [String: Double], rounds: Int) {
        print("geodesic instructions (callgrind, \(rounds) rounds each, per call):")
        for (name, _, _) in pairs {
            guard let swift = figures["geodesic-swift-\(name)"],
                let cpp = figures["geodesic-geographiclib-\(name)"]
            else { continue }
            print(
                "  geodesic-\(name): swift \(Int(swift) / rounds), geographiclib \(Int(cpp) / rounds),"
                    + " swift-to-geographiclib \(Measure.format(swift / cpp, 3))")
        }
    }
}
