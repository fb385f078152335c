import Foundation
import Octet
import Testing

/// `ExpectedRegion`: the expected region judged once, through the public API alone.
@Suite("ExpectedRegion: validated once, when the options are made")
struct ExpectedRegionTests {
    static let closedTriangle = ProofRegion.polygon([
        .init(latitude: 0, longitude: 0), .init(latitude: 0, longitude: 1), .init(latitude: 1, longitude: 0),
        .init(latitude: 0, longitude: 0),
    ])

    @Test("a valid region is kept as given; an invalid one throws the rule it breaks")
    func validating() throws {
        let circle = ProofRegion.circle(latitude: 51.5, longitude: -0.12, radiusMeters: 250)
        #expect(try ExpectedRegion(validating: circle).region == circle)
        #expect(throws: ExpectedRegion.Defect.polygonClosed) { try ExpectedRegion(validating: Self.closedTriangle) }
        #expect(throws: ExpectedRegion.Defect.radiusOutOfRange) {
            try ExpectedRegion(validating: .circle(latitude: 0, longitude: 0, radiusMeters: 0))
        }
        #expect(throws: ExpectedRegion.Defect.geohashCharacter) { try ExpectedRegion(validating: .geohash("u09a")) }
    }

    @Test("options judge expectedRegion when it is set: validatedExpectedRegion follows it")
    func optionsJudgeOnSet() throws {
        var options = VerifyOptions()
        #expect(options.validatedExpectedRegion == nil)
        options.expectedRegion = .geohash("u09t")
        #expect(options.validatedExpectedRegion?.region == .geohash("u09t"))
        options.expectedRegion = Self.closedTriangle
        #expect(options.expectedRegion == Self.closedTriangle)
        #expect(options.validatedExpectedRegion == nil)
        options.validatedExpectedRegion = try ExpectedRegion(validating: .geohash("gcpv"))
        #expect(options.expectedRegion == .geohash("gcpv"))
        options.expectedRegion = nil
        #expect(options.validatedExpectedRegion == nil)
        #expect(VerifyOptions(expectedRegion: .geohash("u09t")).validatedExpectedRegion != nil)
    }

    static let example = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/example.proof")

    static func regionChecks(_ result: ProofVerification) -> [ProofCheck] {
        [CheckName.regionClaim, CheckName.regionType, CheckName.contains].compactMap { result.check(named: $0) }
    }

    @Test("through Octet.verify: an invalid region fails all three checks with its defect, as before")
    func invalidRegionThroughVerify() throws {
        let bytes = try Data(contentsOf: Self.example)
        let invalid = Self.regionChecks(
            Octet.verify(proofBytes: bytes, options: VerifyOptions(expectedRegion: Self.closedTriangle)))
        #expect(invalid.count == 3)
        for check in invalid {
            #expect(check.status == .fail)
            #expect(check.code == .expectedRegionInvalid)
            #expect(check.detail == "expected region invalid: polygon is closed (last vertex repeats the first)")
        }
        for check in Self.regionChecks(Octet.verify(proofBytes: bytes)) {
            #expect(check.status == .notChecked && check.detail == "no expectedRegion given")
        }
        // A region validated once by the front end gives what the same region set as degrees gives.
        let region = ProofRegion.circle(latitude: 48.8584, longitude: 2.2945, radiusMeters: 1_000)
        var validated = VerifyOptions()
        validated.validatedExpectedRegion = try ExpectedRegion(validating: region)
        let direct = Self.regionChecks(Octet.verify(proofBytes: bytes, options: VerifyOptions(expectedRegion: region)))
        #expect(direct.count == 3)
        #expect(Self.regionChecks(Octet.verify(proofBytes: bytes, options: validated)) == direct)
    }
}
