import Foundation
import OctetAttestation
import OctetOutcome
import OctetTestSupport
import Testing

@Suite("Android Key Attestation on real chains", .enabled(if: SharedVectors.isAvailable, "shared vectors not found"))
struct AndroidVectorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let status: OutcomeStatus
        /// Text the detail must contain: the rule that decided.
        let detail: String
        let provisioning: AndroidProvisioning?
        var testDescription: String { id }
    }

    /// Our policy's outcome for every vector. Where it differs from the vector's
    /// `expected.hardwareAttested`, the stricter rule (unlocked or unverified boot) is why.
    static let cases: [Case] = [
        Case(
            id: "ak-blueline-sdk28-strongbox-rsa-factory", status: .fail,
            detail: "verified boot state Unverified (StrongBox, factory)", provisioning: .factory),
        Case(
            id: "ak-blueline-sdk28-tee-ec-factory", status: .fail,
            detail: "verified boot state Unverified (TrustedEnvironment, factory)", provisioning: .factory),
        Case(
            id: "ak-caiman-sdk36-strongbox-ec-rkp", status: .pass, detail: "hardware-attested (StrongBox, RKP)",
            provisioning: .rkp),
        Case(
            id: "ak-caiman-sdk36-tee-ec-rkp", status: .pass, detail: "hardware-attested (TrustedEnvironment, RKP)",
            provisioning: .rkp),
        Case(
            id: "ak-marlin-sdk29-software-attested-ec", status: .fail,
            detail: "not hardware-attested (Software security level)", provisioning: nil),
        Case(
            id: "ak-quirk-ber-boolean-devicelocked", status: .pass,
            detail: "hardware-attested (TrustedEnvironment, factory)", provisioning: .factory),
        Case(
            id: "ak-quirk-unordered-authlist-tags-tampered", status: .fail,
            detail: "signature of certificate 0 does not verify", provisioning: nil),
        Case(
            id: "ak-sony-xperia10iii-sdk33-tee-ec-factory", status: .pass,
            detail: "hardware-attested (TrustedEnvironment, factory)", provisioning: .factory),
        Case(
            id: "ak-tegu-sdk36-tee-ec-rkp-ec-root", status: .pass,
            detail: "hardware-attested (TrustedEnvironment, RKP)", provisioning: .rkp),
        Case(
            id: "ak-tokay-sdk37-tee-mldsa-rkp", status: .fail,
            detail: "verified boot state Unverified (TrustedEnvironment, RKP)", provisioning: .rkp),
        Case(
            id: "gka-preprod-strongbox-ec-untrusted-root", status: .fail,
            detail: "chain does not lead to a trusted Android attestation root", provisioning: nil),
        Case(
            id: "swa-galaxy-s9plus-android10-tee-factory", status: .pass,
            detail: "hardware-attested (TrustedEnvironment, factory)", provisioning: .factory),
        Case(
            id: "swa-pixel8a-2025-tee-rkp", status: .pass, detail: "hardware-attested (TrustedEnvironment, RKP)",
            provisioning: .rkp),
        Case(
            id: "wr-emulator-software-rsa", status: .fail, detail: "not hardware-attested (Software security level)",
            provisioning: nil),
        Case(
            id: "wr-nokia-x10-tee-factory", status: .pass, detail: "hardware-attested (TrustedEnvironment, factory)",
            provisioning: .factory),
        Case(
            id: "wr-pixel6-tee-rkp", status: .pass, detail: "hardware-attested (TrustedEnvironment, RKP)",
            provisioning: .rkp),
    ]

    @Test("every chain vector has a case in the table")
    func tableCoversVectors() {
        #expect(Set(AndroidVectors.ids) == Set(Self.cases.map(\.id)))
    }

    @Test("each real chain is judged by our policy, through the same entry point the check uses", arguments: cases)
    func judged(_ testCase: Case) throws {
        let chain = try AndroidVectors.chain(testCase.id)
        let report = AndroidKeyAttestation.evaluate(
            chainDER: chain, appId: try AndroidVectors.packageName(testCase.id),
            createdAtMs: try AndroidVectors.verifyAtMs(testCase.id), anchors: .bundled)
        #expect(report.judgement.status == testCase.status)
        #expect(report.judgement.detail == testCase.detail)
        #expect(report.facts?.provisioning == testCase.provisioning)
        #expect(
            AndroidKeyAttestation.judge(
                chainDER: chain, appId: try AndroidVectors.packageName(testCase.id),
                createdAtMs: try AndroidVectors.verifyAtMs(testCase.id), anchors: .bundled) == report.judgement)
    }

    @Test("each passing chain also passes without its self-issued root", arguments: cases.filter { $0.status == .pass })
    func withoutRoot(_ testCase: Case) throws {
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
        #expect(description.attestationChallenge.hex == expected["attestationChallengeHex"] as? String)
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

extension Array where Element == UInt8 {
    var hex: String { map { String(format: "%02x", $0) }.joined() }
}
