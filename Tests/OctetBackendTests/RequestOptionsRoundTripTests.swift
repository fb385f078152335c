import Foundation
import Octet
import OctetBackend
import OctetConformance
import OctetEncoding
import Testing

/// The options object has one decoder (`RequestOptions(json:at:source:)`, straight into
/// `VerifyOptions`) and one encoder (the vector generator's writer): each undoes the other.
@Suite("Options object: the one decoder and the one encoder undo each other")
struct RequestOptionsRoundTripTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Vectors/cases")

    static let names: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }
        .sorted()

    /// Reads an `options` object the way a vector's is read.
    static func decode(_ json: Data) throws -> RequestOptions {
        guard case .success(.object(let object)) = JSONReader.parse([UInt8](json)) else {
            Issue.record("not a JSON object")
            return RequestOptions()
        }
        return try RequestOptions(json: object, at: .member("options"), source: .conformanceVector)
    }

    @Test("every committed vector file is written back byte for byte from the options it decodes to")
    func committedFilesAreReproduced() throws {
        #expect(Self.names.count >= 150)
        for name in Self.names {
            let bytes = try Data(contentsOf: Self.folder.appendingPathComponent(name))
            let file = try VectorWriter.decode(bytes)
            #expect(try VectorWriter.encode(file) == bytes, "\(name)")
        }
    }

    @Test("every generated case's options decode to options that encode the same")
    func generatedOptionsSurviveDecoding() throws {
        let cases = ConformanceCases.all()
        #expect(cases.count >= 150)
        for testCase in cases {
            let json = try #require(testCase.options.canonicalJSON, "\(testCase.id)")
            let decoded = try Self.decode(json)
            #expect(decoded == testCase.options, "\(testCase.id)")
            #expect(decoded.canonicalJSON == json, "\(testCase.id)")
        }
    }

    @Test("options with every member set decode to the same typed values")
    func everyMemberTyped() throws {
        let options = RequestOptionsTableTests.everyMemberSet()
        let decoded = try Self.decode(try #require(options.canonicalJSON))
        let typed = decoded.verifyOptions
        #expect(decoded.verificationTimeMs == 1_768_478_400_123)
        #expect(typed.verificationTime == Date(timeIntervalSince1970: 1_768_478_400.123))
        #expect(typed.maxAgeSeconds == 0.25)
        #expect(typed.expectedRegion == options.verifyOptions.expectedRegion)
        #expect(typed.validatedExpectedRegion?.region == options.verifyOptions.expectedRegion, "judged once, valid")
        #expect(typed.requireAttestation && typed.honorVerdictTier && typed.requireCallerMetadata)
        #expect(typed.requireVerdict == .plausible)
        #expect(typed.callerMetadata?.manifestJson == Data("{}".utf8))
        #expect(typed.callerMetadata?.requireContent == .keys(["a"]))
        guard case .bytes(let a)? = typed.callerMetadata?.content["a"],
            case .unavailable(let b)? = typed.callerMetadata?.content["b"]
        else {
            Issue.record("content did not decode to bytes and unavailable")
            return
        }
        #expect(a == Data([1, 2]) && b == "offline")
        #expect(typed.expectedSessionNonce == Data(repeating: 7, count: 16))
        #expect(typed.trustAnchors == options.verifyOptions.trustAnchors)
        #expect(typed.attestationBundle == Data([0x0A, 0x20]))
        #expect(typed.expectedApps == options.verifyOptions.expectedApps)
        #expect(decoded == options)
    }

    @Test("members at their API default are not written, and an invalid expected region is carried, not refused")
    func defaultsAreAbsent() throws {
        var options = RequestOptions()
        options.verifyOptions.maxAgeSeconds = VerifyOptions.defaultMaxAgeSeconds
        options.verifyOptions.requireAttestation = false
        #expect(options.canonicalJSON == Data("{}".utf8))
        options.verifyOptions.expectedRegion = .circle(latitude: 1, longitude: 2, radiusMeters: 0)
        let decoded = try Self.decode(try #require(options.canonicalJSON))
        #expect(decoded.verifyOptions.expectedRegion == .circle(latitude: 1, longitude: 2, radiusMeters: 0))
        #expect(
            decoded.verifyOptions.validatedExpectedRegion == nil, "the region checks fail it as EXPECTED_REGION_INVALID"
        )
    }

    @Test("the verification time is read through the options and set only as milliseconds")
    func verificationTimeFollowsTheMilliseconds() {
        var options = RequestOptions()
        #expect(options.verificationTime == nil)
        options.verificationTimeMs = 1_500
        #expect(options.verificationTime == Date(timeIntervalSince1970: 1.5))
        #expect(options.verifyOptions.verificationTime == Date(timeIntervalSince1970: 1.5))
        options.verificationTimeMs = nil
        #expect(options.verificationTime == nil)
        #expect(options.verifyOptions.verificationTime == nil)
    }
}
