import Foundation
import OctetGeometry
import OctetTestSupport
import Testing

@Suite("WGS84 geodesic distance (Karney's inverse solution in Swift) agrees with GeographicLib")
struct GeodesicTests {
    static let reference = GeodesicReference.shared
    static let table = GeodesicTable.shared
    /// The bound of issue 41: GeographicLib's own series differ from its exact solution (GeodSolve -E) by up to 15 nm.
    static let tolerance = 20e-9

    @Test("the GeographicLib reference is bundled and complete")
    func referencePresent() throws {
        let reference = try #require(Self.reference)
        #expect(reference.pairs.count >= 300)
        #expect(reference.haversineFlips.count >= 20)
        #expect(reference.generator.contains("geographiclib"))
    }

    @Test(
        "the reference holds the hard cases: nearly antipodal points, paths over the poles, the antimeridian",
        arguments: ["near-antipodal", "polar", "antimeridian"])
    func hardCasesPresent(kind: String) throws {
        let reference = try #require(Self.reference)
        #expect(reference.pairs.count == 360)
        #expect(reference.pairs.filter { $0.label.hasPrefix(kind + ",") }.count >= 4)
    }

    @Test(
        "on e7 points the distance agrees with the Python GeographicLib's Geodesic.WGS84.Inverse to 20 nm",
        arguments: reference?.pairs ?? [])
    func agreesWithGeographicLib(_ pair: GeodesicReference.Pair) {
        let meters = Geodesic.distanceMeters(pair.pointA, pair.pointB)
        #expect(abs(meters - pair.meters) <= Self.tolerance, "\(pair.label): \(meters) vs \(pair.meters)")
        // Symmetric, as a distance must be.
        #expect(abs(Geodesic.distanceMeters(pair.pointB, pair.pointA) - pair.meters) <= Self.tolerance)
    }

    @Test("the table holds at least 10,000 pairs from GeodSolve, every hard kind, each kind what it claims")
    func tablePresent() throws {
        let table = try #require(Self.table)
        #expect(table.rows.count >= 10_000)
        #expect(table.header.contains { $0.contains("GeographicLib") && $0.contains("GeodSolve -i -p 12") })
        let counts = Dictionary(grouping: table.rows, by: \.kind).mapValues(\.count)
        for kind in [
            "random", "random-e7", "e7-within-1000km", "antipodal", "equatorial", "meridional", "polar",
            "short-under-1m", "short-under-1mm", "identical", "antimeridian", "round-angles", "edge-cases",
        ] {
            #expect(counts[kind, default: 0] >= 20, "kind \(kind)")
        }
        let rows = table.rows
        #expect(rows.filter { $0.kind == "short-under-1mm" }.allSatisfy { $0.s12 < 1e-3 })
        #expect(rows.filter { $0.kind == "short-under-1m" }.allSatisfy { $0.s12 < 1 })
        #expect(rows.filter { $0.kind == "identical" }.allSatisfy { $0.s12 == 0 })
        #expect(rows.filter { $0.kind == "antipodal" }.count { $0.s12 > 19_900_000 } > 1000)
        #expect(rows.filter { $0.kind == "polar" }.allSatisfy { abs($0.lat1) >= 89 })
        #expect(rows.filter { $0.kind == "antimeridian" }.allSatisfy { abs($0.lon1) > 179 && abs($0.lon2) > 179 })
        #expect(rows.filter { $0.kind == "equatorial" }.allSatisfy { abs($0.lat1) < 0.01 && abs($0.lat2) < 0.01 })
        #expect(
            rows.filter { $0.kind == "meridional" }.allSatisfy { $0.lon2 == $0.lon1 || abs($0.lon2 - $0.lon1) == 180 })
    }

    @Test("every pair of the GeodSolve table, in every kind, is matched within 20 nm and symmetric")
    func agreesWithTable() throws {
        let table = try #require(Self.table)
        // The worst row per kind: one failure message per kind rather than one per row.
        var worst: [String: (error: Double, row: GeodesicTable.Row, meters: Double)] = [:]
        var asymmetric: [GeodesicTable.Row] = []
        for row in table.rows {
            let meters = Geodesic.distanceMeters(
                latitude1: row.lat1, longitude1: row.lon1, latitude2: row.lat2, longitude2: row.lon2)
            let backward = Geodesic.distanceMeters(
                latitude1: row.lat2, longitude1: row.lon2, latitude2: row.lat1, longitude2: row.lon1)
            let error = abs(meters - row.s12)
            // NaN counts as worst: !(NaN <= x) holds.
            if !(error <= worst[row.kind]?.error ?? -1) { worst[row.kind] = (error, row, meters) }
            if !(abs(meters - backward) <= Self.tolerance) { asymmetric.append(row) }
        }
        for (kind, entry) in worst.sorted(by: { $0.key < $1.key }) {
            #expect(
                entry.error <= Self.tolerance, "\(kind): \(entry.error * 1e9) nm at \(entry.row), Swift \(entry.meters)"
            )
        }
        #expect(asymmetric.isEmpty, "not symmetric: \(asymmetric.prefix(5))")
    }

    @Test(
        "the committed table is what GeodSolve gives now (scripts/geodesic-table --check)",
        .enabled(if: GeodesicTable.geodSolveInstalled, "GeodSolve (geographiclib-tools) is not installed"))
    func tableReproduces() throws {
        let process = Process()
        process.executableURL = GeodesicTable.repository.appendingPathComponent("scripts/geodesic-table")
        process.arguments = ["--check"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("is up to date"))
    }

    @Test(
        "20,000 more pairs drawn here (SplitMix64: uniform, nearly antipodal, polar, antimeridian, equatorial, meridional, short, coincident) agree with GeodSolve within 20 nm",
        .enabled(if: GeodesicTable.geodSolveInstalled, "GeodSolve (geographiclib-tools) is not installed"))
    func agreesWithGeodSolveOnFreshPairs() throws {
        let pairs = FreshPairs.draw(perKind: 2_500, seed: 20_261_207)
        #expect(pairs.count == 20_000)
        let input = pairs.map { "\($0.text.0) \($0.text.1) \($0.text.2) \($0.text.3)\n" }.joined()
        // GeodSolve reads a file rather than a pipe we write: it answers as it reads, and two full pipes would stall.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "geodesic-\(UInt64.random(in: 0...UInt64.max)).txt")
        try Data(input.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["GeodSolve", "-i", "-p", "12", "--input-file", file.path]
        let stdout = Pipe()
        process.standardOutput = stdout
        try process.run()
        let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = output.split(separator: "\n")
        try #require(lines.count == pairs.count, "GeodSolve answered \(lines.count) of \(pairs.count)")
        var worst: [String: (error: Double, pair: FreshPairs.Pair)] = [:]
        for (pair, line) in zip(pairs, lines) {
            let fields = line.split(separator: " ")
            let s12 = fields.count == 3 ? Double(fields[2]) ?? .nan : .nan
            let (lat1, lon1, lat2, lon2) = pair.degrees
            let meters = Geodesic.distanceMeters(latitude1: lat1, longitude1: lon1, latitude2: lat2, longitude2: lon2)
            let error = abs(meters - s12)
            if !(error <= worst[pair.kind]?.error ?? -1) { worst[pair.kind] = (error, pair) }
        }
        #expect(worst.count == FreshPairs.kinds.count)
        for (kind, entry) in worst.sorted(by: { $0.key < $1.key }) {
            #expect(entry.error <= Self.tolerance, "\(kind): \(entry.error * 1e9) nm at \(entry.pair.text)")
        }
    }

    @Test("the distance from a point to itself is zero, and +180° equals −180°")
    func identities() {
        let point = PointE7(latE7: 473_661_234, lonE7: 85_412_345)
        #expect(Geodesic.distanceMeters(point, point) == 0)
        let east = PointE7(latE7: 123_456_789, lonE7: 1_800_000_000)
        let west = PointE7(latE7: 123_456_789, lonE7: -1_800_000_000)
        #expect(Geodesic.distanceMeters(east, west) < 1e-6)
        // At a pole every longitude is the same point.
        #expect(Geodesic.distanceMeters(latitude1: 90, longitude1: 0, latitude2: 90, longitude2: 123) == 0)
    }

    @Test("pole to pole and the equatorial half-turn have the meridian's length; a quarter equator is a·π/2")
    func knownLengths() {
        // Twice the WGS84 quarter meridian: over the poles is shorter than along the equator.
        let meridian = 20_003_931.458_625_4
        #expect(
            abs(Geodesic.distanceMeters(latitude1: 90, longitude1: 0, latitude2: -90, longitude2: 0) - meridian) < 1e-6)
        #expect(
            abs(Geodesic.distanceMeters(latitude1: 0, longitude1: 0, latitude2: 0, longitude2: 180) - meridian) < 1e-6)
        let quarter = Geodesic.distanceMeters(latitude1: 0, longitude1: 0, latitude2: 0, longitude2: 90)
        #expect(abs(quarter - 6_378_137.0 * Double.pi / 2) < 1e-6)
    }

    @Test("a latitude out of range or a value not finite gives NaN, not a trap; longitudes wrap")
    func outOfRange() {
        let bad = PointE7(latE7: Int32.max, lonE7: 0)
        #expect(Geodesic.distanceMeters(bad, PointE7(latE7: 0, lonE7: 0)).isNaN)
        #expect(Geodesic.distanceMeters(latitude1: 90.000001, longitude1: 0, latitude2: 0, longitude2: 0).isNaN)
        #expect(Geodesic.distanceMeters(latitude1: .nan, longitude1: 0, latitude2: 0, longitude2: 0).isNaN)
        #expect(Geodesic.distanceMeters(latitude1: 0, longitude1: .infinity, latitude2: 0, longitude2: 0).isNaN)
        // 540° is 180°, and a longitude in the billions is still reduced exactly.
        let wrapped = Geodesic.distanceMeters(latitude1: 10, longitude1: 540, latitude2: 20, longitude2: 0)
        #expect(wrapped == Geodesic.distanceMeters(latitude1: 10, longitude1: 180, latitude2: 20, longitude2: 0))
        let far = Geodesic.distanceMeters(latitude1: 10, longitude1: 3.6e12 + 30, latitude2: 20, longitude2: 30)
        #expect(far == Geodesic.distanceMeters(latitude1: 10, longitude1: 30, latitude2: 20, longitude2: 30))
    }

    /// Any Double: random bit patterns, and the values where the solution changes its path.
    static let special: [Double] = [
        0, -0.0, 90, -90, 180, -180, 360, 89.999_999_9, -89.999_999_9, 179.999_999_9, 1e-300, -1e-300, 5e-324, 1e300,
        -1e300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, -.infinity, .nan, 90.000_000_000_001,
    ]

    @Test(
        "on 200,000 arbitrary inputs the distance is NaN exactly when an input is out of range, else finite, symmetric and at most half a meridian"
    )
    func arbitraryInputs() {
        var random = SplitMix64(seed: 41)
        let meridian = 20_003_931.458_625_5
        var failures: [String] = []
        func value() -> Double {
            switch random.next() % 4 {
            case 0: Self.special[Int(random.next() % UInt64(Self.special.count))]
            case 1: Double(bitPattern: random.next())
            case 2: Double.random(in: -90...90, using: &random)
            default: Double.random(in: -720...720, using: &random)
            }
        }
        for _ in 0..<200_000 {
            let (lat1, lon1, lat2, lon2) = (value(), value(), value(), value())
            let meters = Geodesic.distanceMeters(latitude1: lat1, longitude1: lon1, latitude2: lat2, longitude2: lon2)
            let valid = [lat1, lon1, lat2, lon2].allSatisfy(\.isFinite) && abs(lat1) <= 90 && abs(lat2) <= 90
            let backward = Geodesic.distanceMeters(latitude1: lat2, longitude1: lon2, latitude2: lat1, longitude2: lon1)
            let holds =
                valid
                ? meters.isFinite && meters >= 0 && meters <= meridian && abs(meters - backward) <= Self.tolerance
                : meters.isNaN
            if !holds && failures.count < 5 { failures.append("\(lat1) \(lon1) \(lat2) \(lon2) -> \(meters)") }
        }
        #expect(failures.isEmpty, "\(failures)")
    }
}
