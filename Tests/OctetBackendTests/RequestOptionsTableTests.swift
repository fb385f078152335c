import Foundation
import Octet
import OctetAttestation
import OctetContent
import OctetEncoding
import Testing

@testable import OctetBackend

/// `RequestOptions.members` is the one table of the options object: it reads, writes and compares
/// every member. These tests hold the table to `VerifyOptions` and to the schema, so that an option
/// without a row fails here rather than being silently dropped by every front end.
@Suite("Options object: one table reads, writes and compares every member")
struct RequestOptionsTableTests {
    /// A value other than the default for every member of the table, keyed by its name.
    static let samples: [String: @Sendable (inout RequestOptions) -> Void] = [
        "verificationTimeMs": { $0.verificationTimeMs = 1_768_478_400_123 },
        "maxAgeSeconds": { $0.verifyOptions.maxAgeSeconds = 0.25 },
        "expectedRegion": {
            $0.verifyOptions.expectedRegion = .circle(latitude: 48.85, longitude: 2.29, radiusMeters: 250.5)
        },
        "requireAttestation": { $0.verifyOptions.requireAttestation = true },
        "honorVerdictTier": { $0.verifyOptions.honorVerdictTier = true },
        "requireVerdict": { $0.verifyOptions.requireVerdict = .plausible },
        "callerMetadata": {
            $0.verifyOptions.callerMetadata = CallerMetadataCheck(
                manifestJson: Data("{}".utf8), content: ["a": .bytes(Data([1, 2])), "b": .unavailable("offline")],
                requireContent: .keys(["a"]))
        },
        "requireCallerMetadata": { $0.verifyOptions.requireCallerMetadata = true },
        "expectedSessionNonceBase64": { $0.verifyOptions.expectedSessionNonce = Data(repeating: 7, count: 16) },
        "trustAnchors": {
            $0.verifyOptions.trustAnchors = TrustAnchors(appAttestRootsDER: [Data([0x30, 0x00])], androidRootsDER: [])
        },
        "attestationBundleBase64": { $0.verifyOptions.attestationBundle = Data([0x0A, 0x20]) },
        "expectedApps": {
            $0.verifyOptions.expectedApps = [
                .apple(appID: "ABCDE12345.com.example.octet"),
                .android(
                    packageName: "com.example.octet", signingCertificateSHA256: [Data(repeating: 0xAB, count: 32)]),
            ]
        },
    ]

    /// The stored members of `VerifyOptions` that no options object carries: the verifier's sources
    /// (a request never names a database or a revocation list), and the region's judgement, which
    /// `expectedRegion`'s setter derives.
    static let notInTheObject: Set<String> = ["replayStore", "revocationSource", "expectedRegionJudgement"]

    static func decode(_ json: Data) throws -> RequestOptions {
        guard case .success(.object(let object)) = JSONReader.parse([UInt8](json)) else {
            Issue.record("not a JSON object")
            return RequestOptions()
        }
        return try RequestOptions(json: object, at: .member("options"), source: .conformanceVector)
    }

    static func everyMemberSet() -> RequestOptions {
        var options = RequestOptions()
        for sample in samples.values { sample(&options) }
        return options
    }

    @Test("the table and the samples name the same members, once each")
    func everyRowHasASample() {
        #expect(Set(RequestOptions.memberNames).count == RequestOptions.memberNames.count)
        #expect(Set(RequestOptions.memberNames) == Set(Self.samples.keys))
    }

    @Test("every stored member of VerifyOptions but the verifier's sources is reached by a row")
    func everyStoredMemberHasARow() {
        let defaults = Mirror(reflecting: RequestOptions().verifyOptions).children
        let set = Mirror(reflecting: Self.everyMemberSet().verifyOptions).children
        let labels = defaults.compactMap(\.label)
        #expect(Self.notInTheObject.isSubset(of: labels), "an exemption names no member")
        for (before, after) in zip(defaults, set) {
            guard let label = before.label, !Self.notInTheObject.contains(label) else { continue }
            #expect(
                String(describing: before.value) != String(describing: after.value),
                "VerifyOptions.\(label) has no row in RequestOptions.members")
        }
    }

    @Test("the conformance schema's options members are the table's")
    func schemaNamesTheTable() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/schemas/octet-conformance-1.schema.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let definitions = try #require(schema["$defs"] as? [String: Any])
        var names = Set<String>()
        for name in ["OptionMembers", "VectorOptions"] {
            let definition = try #require(definitions[name] as? [String: Any])
            names.formUnion(try #require(definition["properties"] as? [String: Any]).keys)
        }
        #expect(names == Set(RequestOptions.memberNames))
    }

    @Test("each member alone is written as exactly that member and reads back equal", arguments: samples.keys.sorted())
    func eachMemberRoundTrips(name: String) throws {
        let sample = try #require(Self.samples[name])
        var options = RequestOptions()
        sample(&options)
        #expect(options != RequestOptions(), "\(name) differs from the default")
        let json = try #require(options.canonicalJSON)
        guard case .success(.object(let object)) = JSONReader.parse([UInt8](json)) else {
            Issue.record("not a JSON object")
            return
        }
        #expect(object.members.map(\.name) == [name])
        let decoded = try Self.decode(json)
        #expect(decoded == options)
        #expect(decoded.canonicalJSON == json)
    }

    @Test("every region kind and every content kind round-trips")
    func regionsRoundTrip() throws {
        let regions: [ProofRegion] = [
            .circle(latitude: -33.8688, longitude: 151.2093, radiusMeters: 1e-3),
            .geohash("u09tvw"),
            .polygon([
                .init(latitude: 48.85, longitude: 2.28), .init(latitude: 48.85, longitude: 2.31),
                .init(latitude: 48.87, longitude: 2.31),
            ]),
        ]
        for region in regions {
            var options = RequestOptions()
            options.verifyOptions.expectedRegion = region
            let decoded = try Self.decode(try #require(options.canonicalJSON))
            #expect(decoded == options && decoded.verifyOptions.expectedRegion == region)
        }
        for required in [CallerMetadataCheck.RequiredContent.none, .all, .keys([])] {
            var options = RequestOptions()
            options.verifyOptions.callerMetadata = CallerMetadataCheck(requireContent: required)
            let decoded = try Self.decode(try #require(options.canonicalJSON))
            #expect(decoded == options)
        }
    }

    @Test("== is reflexive with every member set, content in a file (which has no JSON form) included")
    func equalityIsReflexive() {
        var options = Self.everyMemberSet()
        #expect(options == options)
        options.verifyOptions.callerMetadata?.content["c"] = .file(URL(fileURLWithPath: "/tmp/content"))
        #expect(options.canonicalJSON == nil)
        let copy = options
        #expect(options == copy)
        var other = options
        other.verifyOptions.callerMetadata?.content["c"] = .file(URL(fileURLWithPath: "/tmp/other"))
        #expect(options != other)
    }

    @Test("every member takes part in ==", arguments: samples.keys.sorted())
    func everyMemberIsCompared(name: String) {
        var allButOne = RequestOptions()
        for (other, sample) in Self.samples where other != name { sample(&allButOne) }
        #expect(allButOne != Self.everyMemberSet(), "\(name) is compared")
    }

    @Test("the verification time is stored once, as milliseconds, and the options' Date follows it")
    func verificationTimeIsStoredOnce() {
        var options = RequestOptions()
        options.verificationTimeMs = 1_500
        #expect(options.verifyOptions.verificationTime == Date(timeIntervalSince1970: 1.5))
        options.verifyOptions.verificationTime = Date(timeIntervalSince1970: 2.25)
        #expect(options.verificationTimeMs == 2_250)
        options.verifyOptions.maxAgeSeconds = 60
        #expect(options.verificationTimeMs == 2_250, "setting another member keeps the time")
        options.verifyOptions.verificationTime = nil
        #expect(options.verificationTimeMs == nil)
        let stored = Mirror(reflecting: RequestOptions(verificationTimeMs: 7)).children.compactMap(\.label)
        #expect(stored == ["verificationTimeMs", "storage"])
        #expect(RequestOptions(verificationTimeMs: 7).storage.verificationTime == nil)
    }
}
