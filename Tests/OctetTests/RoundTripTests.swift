import Foundation
import Octet
import OctetIssuer
import Testing

@Suite("Issued proofs round-trip through Octet.verify")
struct RoundTripTests {
    @Test("a fresh software proof is valid, with every check of the recipe in order")
    func freshProofIsValid() {
        let result = Fixture.verify()
        #expect(result.isValid)
        #expect(result.isAuthentic)
        #expect(result.verdict == .valid)
        #expect(
            result.checks.map(\.name) == [
                "wire-format", "stage-signatures", "device-attestation-sig", "binding", "freshness", "region-claim",
                "region-type", "contains", "hardware-attestation", "attestation-required", "session-binding",
                "verdict-tier", "caller-manifest", "caller-metadata", "replay-uniqueness", "revocation",
            ])
        for name in ["wire-format", "stage-signatures", "device-attestation-sig", "binding", "freshness"] {
            #expect(result.status(name) == .pass, "\(name): \(result.detail(name))")
        }
        for name in [
            "region-claim", "hardware-attestation", "attestation-required", "session-binding", "verdict-tier",
            "caller-manifest", "caller-metadata", "replay-uniqueness", "revocation",
        ] {
            #expect(result.status(name) == .notChecked, "\(name): \(result.detail(name))")
        }
    }

    @Test("LocationProof decodes what the issuer wrote")
    func accessors() throws {
        var draft = Fixture.draft()
        draft.sessionNonce = Array(repeating: 7, count: 16)
        draft.assurance = .init(verdict: .plausible, detector: "disc/2.4")
        let proof = try LocationProof(proofBytes: Fixture.issuer.issue(draft))
        #expect(proof.proofId == Data(0..<16))
        #expect(proof.createdAtMilliseconds == Fixture.nowMs - 10_000)
        #expect(proof.platform == .software)
        #expect(proof.appId == "com.example.octet")
        #expect(proof.region == .circle(latitude: 48.8584, longitude: 2.2945, radiusMeters: 250))
        #expect(proof.sessionNonce == Data(repeating: 7, count: 16))
        #expect(proof.assuranceTier?.verdict == .plausible)
        #expect(proof.assuranceTier?.detector == "disc/2.4")
        #expect(proof.stageKinds == ["CAPTURE", "FIX", "VERDICT"])
        #expect(proof.deviceEvidence == .software)
        #expect(Octet.verify(proof, options: Fixture.options()).verdict == .valid)
    }

    @Test(
        "verify(_:) on a decoded proof gives exactly what verify(proofBytes:) gives",
        arguments: [
            [Mutation](), [.corruptStageSignature(1)], [.alterClaimsAfterSigning({ $0.appId = "other.app" })],
            [.corruptDeviceSignature],
        ])
    func decodedAndRawAgree(_ mutations: [Mutation]) throws {
        var draft = Fixture.draft()
        draft.assurance = .init(verdict: .uncertain, detector: nil)
        let bytes = Fixture.issuer.issue(draft, mutations: mutations)
        let options = Fixture.options {
            $0.honorVerdictTier = true; $0.expectedSessionNonce = Data(count: 8)
        }
        let decoded = Octet.verify(try LocationProof(proofBytes: bytes), options: options)
        #expect(decoded == Octet.verify(proofBytes: bytes, options: options))
        #expect(decoded.checks.count == 16)
    }
}
