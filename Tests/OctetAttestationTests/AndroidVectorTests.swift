import Foundation
import OctetAttestation
import OctetEncoding
import OctetOutcome
import OctetTestSupport
import Testing

@Suite("Android Key Attestation on real chains", .enabled(if: SharedVectors.isAvailable, "shared vectors not found"))
struct AndroidVectorTests {
    static let cases = AndroidVectors.expected

    @Test("every chain vector has a case in the table")
    func tableCoversVectors() {
        #expect(Set(AndroidVectors.ids) == Set(Self.cases.map(\.id)))
    }

    @Test("each real chain is judged by our policy, through the same entry point the check uses", arguments: cases)
    func judged(_ testCase: AndroidExpectation) throws {
        let chain = try AndroidVectors.chain(testCase.id)
        let report = AndroidKeyAttestation.evaluate(
            chainDER: chain, appId: try AndroidVectors.packageName(testCase.id),
            createdAtMs: try AndroidVectors.verifyAtMs(testCase.id), anchors: .bundled)
        #expect(report.judgement.status == (testCase.passes ? .pass : .fail))
        #expect(report.judgement.code?.rawValue == testCase.code)
        #expect(report.judgement.detail == testCase.detail)
        #expect(report.facts?.provisioning?.rawValue == testCase.provisioning)
        #expect(
            AndroidKeyAttestation.judge(
                chainDER: chain, appId: try AndroidVectors.packageName(testCase.id),
                createdAtMs: try AndroidVectors.verifyAtMs(testCase.id), anchors: .bundled) == report.judgement)
    }

    @Test("each passing chain also passes without its self-issued root", arguments: cases.filter(\.passes))
    func withoutRoot(_ testCase: AndroidExpectation) throws {
        let chain = try AndroidVectors.chain(testCase.id)
        let judgement = AndroidKeyAttestation.judge(
            chainDER: Array(chain.dropLast()), appId: try AndroidVectors.packageName(testCase.id),
            createdAtMs: 0, anchors: .bundled)
        #expect(judgement == .pass(testCase.detail))
    }

    @Test("every KeyDescription reads as the vector's independent decoding records it", arguments: AndroidVectors.ids)
    func keyDescription(id: String) throws {
        let report = AndroidKeyAttestation.evaluate(
            chainDER: try AndroidVectors.chain(id), appId: "", createdAtMs: 0, anchors: .bundled)
        let facts = try #require(report.facts)
        let expected = try #require(try AndroidVectors.json(id)["keyDescription"] as? [String: Any])
        let description = facts.keyDescription
        #expect(description.attestationVersion == (expected["attestationVersion"] as? NSNumber)?.int64Value)
        #expect(description.attestationSecurityLevel.description == expected["attestationSecurityLevel"] as? String)
        #expect(description.keyMintSecurityLevel.description == expected["keymasterOrKeyMintSecurityLevel"] as? String)
        #expect(Hex.encode(description.attestationChallenge) == expected["attestationChallengeHex"] as? String)
        let software = try #require(expected["softwareEnforced"] as? [String: Any])
        let hardware = try #require(expected["hardwareEnforced"] as? [String: Any])
        #expect(
            description.softwareEnforced.creationDateTimeMs == (software["creationDateTime"] as? NSNumber)?.int64Value)
        #expect(description.hardwareEnforced.origin == (hardware["origin"] as? NSNumber)?.int64Value)
        let rootOfTrust = hardware["rootOfTrust"] as? [String: Any]
        #expect(description.hardwareEnforced.rootOfTrust?.deviceLocked == rootOfTrust?["deviceLocked"] as? Bool)
        #expect(
            description.hardwareEnforced.rootOfTrust?.verifiedBootState.description
                == rootOfTrust?["verifiedBootState"] as? String)
        let packages = ((software["attestationApplicationId"] as? [String: Any])?["packages"] as? [[String: Any]])?
            .compactMap { $0["name"] as? String }
        #expect(
            description.softwareEnforced.attestationApplicationId?.packages.map {
                String(decoding: $0.name, as: UTF8.self)
            }
                == packages)
    }
}
