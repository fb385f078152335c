import OctetGeometry
import OctetOutcome
import Testing

@Suite("Geohash cells: exact bounds, prefix claims and containment")
struct GeohashTests {
    @Test(
        "a cell decodes to its published bounds",
        arguments: [
            ("ezs42", 42.5830078125, -5.625, 42.626953125, -5.5810546875),
            ("s", 0, 0, 45, 45),
            ("0", -90, -180, -45, -135),
            ("z", 45, 135, 90, 180),
            ("u4pruydqqvj", 57.649109959602356, 10.407439023256302, 57.64911130070686, 10.40744036436081),
        ] as [(String, Double, Double, Double, Double)])
    func bounds(_ hash: String, _ south: Double, _ west: Double, _ north: Double, _ east: Double) throws {
        let cell = try #require(Geohash.cell(hash))
        #expect(abs(cell.south - south) < 1e-12 && abs(cell.north - north) < 1e-12)
        #expect(abs(cell.west - west) < 1e-12 && abs(cell.east - east) < 1e-12)
        #expect(abs(cell.southE7 - south * 1e7) < 1e-5 && abs(cell.eastE7 - east * 1e7) < 1e-5)
    }

    @Test("an invalid geohash has no cell")
    func invalid() {
        for hash in ["", "a", "U", "u0m3zzzzzzzzz", "é"] {
            #expect(Geohash.cell(hash) == nil, "\(hash.utf8.count) bytes")
        }
    }

    @Test("the 32 children of a cell tile it exactly", arguments: ["u", "u0m", "9q8yy", "00000000000"])
    func children(_ parent: String) throws {
        let cell = try #require(Geohash.cell(parent))
        var area = 0.0
        for character in "0123456789bcdefghjkmnpqrstuvwxyz" {
            let child = try #require(Geohash.cell(parent + String(character)))
            #expect(child.south >= cell.south && child.north <= cell.north)
            #expect(child.west >= cell.west && child.east <= cell.east)
            area += (child.north - child.south) * (child.east - child.west)
        }
        #expect(area == (cell.north - cell.south) * (cell.east - cell.west))
    }

    @Test("a fix on the cell's boundary is inside; outside by one e7 is outside")
    func boundary() throws {
        // "s" spans lat 0...45, lon 0...45: its bounds are whole e7 values.
        let cell = RegionE7.geohash("s")
        let judge = { (lat: Int32, lon: Int32, mm: UInt32) in
            RegionRules.contains(fix: PointE7(latE7: lat, lonE7: lon), horizontalAccuracyMillimeters: mm, claimed: cell)
        }
        #expect(judge(0, 200_000_000, 0).passed)
        #expect(judge(450_000_000, 450_000_000, 0).passed)
        #expect(!judge(450_000_000, 450_000_000, 1).passed)
        #expect(judge(-1, 200_000_000, 0).code == .outsideRegion)
        #expect(!judge(200_000_000, 450_000_001, 0).passed)
    }

    @Test("a 12-character cell's bounds are exact: the e7 fix just inside is in, just outside is out")
    func exactTinyCell() throws {
        let hash = "u4pruydqqvjh"
        let cell = try #require(Geohash.cell(hash))
        let insideLat = Int32(cell.southE7.rounded(.up))
        let insideLon = Int32(cell.westE7.rounded(.up))
        #expect(cell.contains(PointE7(latE7: insideLat, lonE7: insideLon)))
        #expect(!cell.contains(PointE7(latE7: Int32(cell.southE7.rounded(.down)) - 1, lonE7: insideLon)))
        #expect(!cell.contains(PointE7(latE7: insideLat, lonE7: Int32(cell.eastE7.rounded(.up)) + 1)))
    }

    @Test("accuracy reaching the nearest cell edge flips PASS/FAIL by 1 cm")
    func centimetreFlip() throws {
        let hash = "u0m3"
        let cell = try #require(Geohash.cell(hash))
        // A fix 1000 e7 north of the southern bound, mid-way across: the southern edge is the nearest.
        let fixLat = Int32(cell.southE7.rounded(.up)) + 1_000
        let fix = PointE7(latE7: fixLat, lonE7: Int32(((cell.westE7 + cell.eastE7) / 2).rounded()))
        let meters = (Double(fixLat) - cell.southE7) * Fixtures.metersPerE7Latitude
        let below = UInt32((meters * 1000).rounded(.down)) - 10
        let above = UInt32((meters * 1000).rounded(.up)) + 10
        #expect(RegionRules.contains(fix: fix, horizontalAccuracyMillimeters: below, claimed: .geohash(hash)).passed)
        #expect(!RegionRules.contains(fix: fix, horizontalAccuracyMillimeters: above, claimed: .geohash(hash)).passed)
    }

    @Test("a cell at the pole and at the antimeridian")
    func extremes() {
        // "zzzz" touches lat 90 and lon 180.
        let corner = PointE7(latE7: 900_000_000, lonE7: 1_800_000_000)
        #expect(RegionRules.contains(fix: corner, horizontalAccuracyMillimeters: 0, claimed: .geohash("zzzz")).passed)
        #expect(
            !RegionRules.contains(
                fix: PointE7(latE7: 899_990_000, lonE7: -1_799_990_000),
                horizontalAccuracyMillimeters: 0, claimed: .geohash("zzzz")
            ).passed)
        #expect(
            RegionRules.contains(
                fix: PointE7(latE7: 899_990_000, lonE7: -1_799_990_000),
                horizontalAccuracyMillimeters: 0, claimed: .geohash("bpbp")
            ).passed)
    }
}
