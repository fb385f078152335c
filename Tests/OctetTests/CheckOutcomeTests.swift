import Foundation
import Octet
import OctetCrypto
import OctetIssuer
import Testing

/// Every check's every outcome, through `Octet.verify`, with proofs issued for the purpose.
@Suite("Check outcomes")
struct CheckOutcomeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let check: String
        let expected: CheckStatus
        /// The reason code (docs/checks.md) a FAIL or WARN must carry.
        var code: String? = nil
        var draft: @Sendable (inout ProofDraft) -> Void = { _ in }
        var mutations: [Mutation] = []
        var options: @Sendable (inout VerifyOptions) -> Void = { _ in }
        /// A fragment the detail must contain.
        var detail: String? = nil
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        // stage-signatures
        Case(id: "every stage signed: PASS", check: "stage-signatures", expected: .pass, detail: "2 stages"),
        Case(
            id: "a corrupted stage signature: FAIL naming the stage", check: "stage-signatures", expected: .fail,
            code: "STAGE_SIGNATURE_INVALID",
            mutations: [.corruptStageSignature(1)], detail: "1 (FIX)"),
        Case(
            id: "stages signed by another key: FAIL", check: "stage-signatures", expected: .fail,
            code: "STAGE_SIGNATURE_INVALID",
            mutations: [.signStagesWith(P256PrivateKey())]),
        Case(
            id: "a dropped middle stage breaks the chain: FAIL", check: "stage-signatures", expected: .fail,
            code: "STAGE_SIGNATURE_INVALID",
            draft: {
                $0.assurance = .init(verdict: .verified, detector: nil);
                $0.stages = [.capture, .fix, .content, .verdict];
                $0.contentRoot = Array(repeating: 1, count: 32)
            },
            mutations: [.dropStage(2)]),
        // device-attestation-sig
        Case(
            id: "software device key signed the committed digest: PASS", check: "device-attestation-sig",
            expected: .pass),
        Case(
            id: "a corrupted device signature: FAIL", check: "device-attestation-sig", expected: .fail,
            code: "DEVICE_SIGNATURE_INVALID",
            mutations: [.corruptDeviceSignature]),
        Case(
            id: "a device signature over another digest: FAIL", check: "device-attestation-sig", expected: .fail,
            code: "DEVICE_SIGNATURE_INVALID",
            mutations: [.deviceSignsOtherDigest]),
        // binding
        Case(id: "every claim bound by its stage: PASS", check: "binding", expected: .pass),
        Case(
            id: "a claim changed after signing: FAIL naming the field", check: "binding", expected: .fail,
            code: "CLAIM_BINDING_INVALID",
            mutations: [.alterClaimsAfterSigning({ $0.appId = "com.example.other" })], detail: "app_id"),
        Case(
            id: "an unbound claim: FAIL", check: "binding", expected: .fail, code: "CLAIM_BINDING_INVALID",
            mutations: [.omitBinding(claimField: 4)], detail: "region is not bound"),
        Case(
            id: "a claim bound twice: FAIL", check: "binding", expected: .fail, code: "CLAIM_BINDING_INVALID",
            mutations: [.bindTwice(claimField: 1)], detail: "created_at_ms is bound 2 times"),
        Case(
            id: "a claim bound by the wrong stage: FAIL", check: "binding", expected: .fail,
            code: "CLAIM_BINDING_INVALID",
            mutations: [.bindInStage(claimField: 5, stage: .capture)], detail: "fix bound by CAPTURE"),
        Case(
            id: "a binding with a wrong hash: FAIL", check: "binding", expected: .fail, code: "CLAIM_BINDING_INVALID",
            mutations: [.wrongBindingHash(claimField: 2)], detail: "platform does not match"),
        Case(
            id: "a binding of an absent claim: FAIL", check: "binding", expected: .fail, code: "CLAIM_BINDING_INVALID",
            mutations: [.bindAbsentField(claimField: 6, stage: .capture)], detail: "absent claim session_nonce"),
        Case(
            id: "platform IOS with software evidence: FAIL", check: "binding", expected: .fail,
            code: "PLATFORM_MISMATCH",
            draft: { $0.platform = .ios }, detail: "platform IOS"),
        // freshness
        Case(id: "created 10 s ago, window 300 s: PASS", check: "freshness", expected: .pass),
        Case(
            id: "created 412 s ago: FAIL with the age", check: "freshness", expected: .fail, code: "STALE",
            draft: { $0.createdAtMs = Fixture.nowMs - 412_000 }, detail: "created 412 s ago, window 300 s"),
        Case(
            id: "created exactly at the window's edge: PASS", check: "freshness", expected: .pass,
            draft: { $0.createdAtMs = Fixture.nowMs - 300_000 }),
        Case(
            id: "created 1 ms before the window: FAIL", check: "freshness", expected: .fail, code: "STALE",
            draft: {
                $0.createdAtMs = Fixture.nowMs - 300_001; $0.fix.timeMs = Fixture.nowMs
            }),
        Case(
            id: "created 60 s ahead: PASS (allowed skew)", check: "freshness", expected: .pass,
            draft: { $0.createdAtMs = Fixture.nowMs + 60_000 }),
        Case(
            id: "created 75 s ahead: FAIL, device clock ahead", check: "freshness", expected: .fail,
            code: "FUTURE_DATED",
            draft: { $0.createdAtMs = Fixture.nowMs + 75_000 }, detail: "75 s in the future: device clock ahead?"),
        Case(
            id: "a stale fix in a fresh proof: FAIL", check: "freshness", expected: .fail, code: "STALE",
            draft: { $0.fix.timeMs = Fixture.nowMs - 1_000_000 }, detail: "fix taken 1000 s ago"),
        Case(
            id: "negative maxAgeSeconds: FAIL", check: "freshness", expected: .fail, code: "MAX_AGE_INVALID",
            options: { $0.maxAgeSeconds = -1 }, detail: "invalid maxAgeSeconds"),
        Case(
            id: "NaN maxAgeSeconds: FAIL", check: "freshness", expected: .fail, code: "MAX_AGE_INVALID",
            options: { $0.maxAgeSeconds = .nan }, detail: "invalid maxAgeSeconds"),
        Case(
            id: "infinite maxAgeSeconds: FAIL", check: "freshness", expected: .fail, code: "MAX_AGE_INVALID",
            options: { $0.maxAgeSeconds = .infinity }, detail: "invalid maxAgeSeconds"),
        Case(
            id: "a huge window is unbounded: PASS for a proof from 1970", check: "freshness", expected: .pass,
            draft: {
                $0.createdAtMs = 0; $0.fix.timeMs = 0
            }, options: { $0.maxAgeSeconds = 1e300 }),
        Case(
            id: "a window of -0.0 is zero: PASS only at now", check: "freshness", expected: .pass,
            draft: { $0.createdAtMs = Fixture.nowMs }, options: { $0.maxAgeSeconds = -0.0 }),
        Case(
            id: "a window of 0 refuses a proof 1 ms old", check: "freshness", expected: .fail, code: "STALE",
            draft: { $0.createdAtMs = Fixture.nowMs - 1 }, options: { $0.maxAgeSeconds = 0 }),
        // region
        Case(id: "no expectedRegion: region-claim NOT-CHECKED", check: "region-claim", expected: .notChecked),
        Case(id: "no expectedRegion: contains NOT-CHECKED", check: "contains", expected: .notChecked),
        Case(
            id: "the claimed circle inside the expected one: PASS", check: "region-claim", expected: .pass,
            options: { $0.expectedRegion = .circle(latitude: 48.8584, longitude: 2.2945, radiusMeters: 1000) }),
        Case(
            id: "a claimed circle larger than the expected one: FAIL", check: "region-claim", expected: .fail,
            code: "REGION_NOT_INSIDE",
            options: { $0.expectedRegion = .circle(latitude: 48.8584, longitude: 2.2945, radiusMeters: 100) }),
        Case(
            id: "a geohash expected for a claimed circle: region-type FAIL", check: "region-type", expected: .fail,
            code: "REGION_TYPE_MISMATCH",
            options: { $0.expectedRegion = .geohash("u09tunq") }),
        Case(
            id: "the fix's disc inside the claimed circle: contains PASS", check: "contains", expected: .pass,
            options: { $0.expectedRegion = .circle(latitude: 48.8584, longitude: 2.2945, radiusMeters: 1000) }),
        Case(
            id: "a fix outside its claimed circle: contains FAIL", check: "contains", expected: .fail,
            code: "OUTSIDE_REGION",
            draft: { $0.fix = ProofDraft.Fix(latitude: 48.87, longitude: 2.2945) },
            options: { $0.expectedRegion = .circle(latitude: 48.8584, longitude: 2.2945, radiusMeters: 1000) }),
        Case(
            id: "an invalid expected region fails region-claim", check: "region-claim", expected: .fail,
            code: "EXPECTED_REGION_INVALID",
            options: { $0.expectedRegion = .circle(latitude: 91, longitude: 0, radiusMeters: 10) },
            detail: "expected region invalid"),
        Case(
            id: "an invalid expected region fails contains", check: "contains", expected: .fail,
            code: "EXPECTED_REGION_INVALID",
            options: { $0.expectedRegion = .geohash("u09a") }, detail: "expected region invalid"),
        Case(
            id: "a non-finite expected radius fails region-type", check: "region-type", expected: .fail,
            code: "EXPECTED_REGION_INVALID",
            options: { $0.expectedRegion = .circle(latitude: 1, longitude: 1, radiusMeters: .nan) },
            detail: "expected region invalid"),
        // hardware attestation
        Case(
            id: "a software key has no hardware evidence: NOT-CHECKED", check: "hardware-attestation",
            expected: .notChecked),
        Case(id: "attestation not required: NOT-CHECKED", check: "attestation-required", expected: .notChecked),
        Case(
            id: "attestation required of a software key: FAIL", check: "attestation-required", expected: .fail,
            code: "ATTESTATION_REQUIRED",
            options: { $0.requireAttestation = true }),
        // session-binding
        Case(id: "no expected nonce: NOT-CHECKED", check: "session-binding", expected: .notChecked),
        Case(
            id: "the expected nonce: PASS", check: "session-binding", expected: .pass,
            draft: { $0.sessionNonce = Array(repeating: 9, count: 16) },
            options: { $0.expectedSessionNonce = Data(repeating: 9, count: 16) }),
        Case(
            id: "another nonce: FAIL", check: "session-binding", expected: .fail, code: "SESSION_NONCE_MISMATCH",
            draft: { $0.sessionNonce = Array(repeating: 9, count: 16) },
            options: { $0.expectedSessionNonce = Data(repeating: 8, count: 16) }),
        Case(
            id: "a shorter prefix of the nonce: FAIL", check: "session-binding", expected: .fail,
            code: "SESSION_NONCE_MISMATCH",
            draft: { $0.sessionNonce = Array(repeating: 9, count: 16) },
            options: { $0.expectedSessionNonce = Data(repeating: 9, count: 8) }),
        Case(
            id: "no nonce in the proof: FAIL", check: "session-binding", expected: .fail, code: "SESSION_NONCE_ABSENT",
            options: { $0.expectedSessionNonce = Data(repeating: 9, count: 16) }, detail: "no session nonce"),
        // verdict-tier
        Case(
            id: "since 3.1 the tier is ignored: NOT-CHECKED", check: "verdict-tier", expected: .notChecked,
            draft: { $0.assurance = .init(verdict: .spoofed, detector: nil) }, detail: "ignored since 3.1"),
        Case(
            id: "requireVerdict alone has no effect since 3.1", check: "verdict-tier", expected: .notChecked,
            draft: { $0.assurance = .init(verdict: .plausible, detector: nil) },
            options: { $0.requiredTier = .verified }),
        Case(
            id: "honoured: VERIFIED passes", check: "verdict-tier", expected: .pass,
            draft: { $0.assurance = .init(verdict: .verified, detector: "disc/2.4") },
            options: { $0.honorVerdictTier = true },
            detail: "VERIFIED"),
        Case(
            id: "honoured: PLAUSIBLE passes", check: "verdict-tier", expected: .pass,
            draft: { $0.assurance = .init(verdict: .plausible, detector: nil) }, options: { $0.honorVerdictTier = true }
        ),
        Case(
            id: "honoured: UNCERTAIN warns", check: "verdict-tier", expected: .warn, code: "TIER_BELOW_PLAUSIBLE",
            draft: { $0.assurance = .init(verdict: .uncertain, detector: nil) },
            options: { $0.honorVerdictTier = true }, detail: "UNCERTAIN"),
        Case(
            id: "honoured: SUSPICIOUS warns", check: "verdict-tier", expected: .warn, code: "TIER_BELOW_PLAUSIBLE",
            draft: { $0.assurance = .init(verdict: .suspicious, detector: nil) },
            options: { $0.honorVerdictTier = true }),
        Case(
            id: "honoured: SPOOFED warns", check: "verdict-tier", expected: .warn, code: "TIER_BELOW_PLAUSIBLE",
            draft: { $0.assurance = .init(verdict: .spoofed, detector: nil) }, options: { $0.honorVerdictTier = true }),
        Case(
            id: "honoured without a tier: NOT-CHECKED", check: "verdict-tier", expected: .notChecked,
            options: { $0.honorVerdictTier = true }),
        Case(
            id: "honoured, .verified required, PLAUSIBLE signed: FAIL", check: "verdict-tier", expected: .fail,
            code: "TIER_BELOW_REQUIRED",
            draft: { $0.assurance = .init(verdict: .plausible, detector: nil) },
            options: {
                $0.honorVerdictTier = true; $0.requiredTier = .verified
            }),
        Case(
            id: "honoured, .plausible required, PLAUSIBLE signed: PASS", check: "verdict-tier", expected: .pass,
            draft: { $0.assurance = .init(verdict: .plausible, detector: nil) },
            options: {
                $0.honorVerdictTier = true; $0.requiredTier = .plausible
            }),
        Case(
            id: "honoured, required, no tier: FAIL", check: "verdict-tier", expected: .fail, code: "TIER_UNSIGNED",
            options: {
                $0.honorVerdictTier = true; $0.requiredTier = .plausible
            }),
        Case(
            id: "honoured, required, tier bound by FIX instead of VERDICT: not signed, FAIL", check: "verdict-tier",
            expected: .fail, code: "TIER_UNSIGNED", draft: { $0.assurance = .init(verdict: .verified, detector: nil) },
            mutations: [.bindInStage(claimField: 8, stage: .fix)],
            options: {
                $0.honorVerdictTier = true; $0.requiredTier = .verified
            }),
        Case(
            id: "honoured, required, tier changed after signing: not signed, FAIL", check: "verdict-tier",
            expected: .fail, code: "TIER_UNSIGNED", draft: { $0.assurance = .init(verdict: .plausible, detector: nil) },
            mutations: [.alterClaimsAfterSigning({ $0.assurance = .init(verdict: .verified, detector: nil) })],
            options: {
                $0.honorVerdictTier = true; $0.requiredTier = .verified
            }),
        // backend-only
        Case(id: "replay-uniqueness is backend-only", check: "replay-uniqueness", expected: .notChecked),
        Case(id: "revocation is backend-only", check: "revocation", expected: .notChecked),
    ]

    @Test("each check reports the outcome the design gives it", arguments: cases)
    func outcome(_ testCase: Case) {
        var draft = Fixture.draft()
        testCase.draft(&draft)
        var options = Fixture.options()
        testCase.options(&options)
        let result = Fixture.verify(draft, mutations: testCase.mutations, options: options)
        #expect(result.status("wire-format") == .pass, "\(result.detail("wire-format"))")
        #expect(
            result.status(testCase.check) == testCase.expected, "\(testCase.check): \(result.detail(testCase.check))")
        // Every FAIL, WARN and INCONCLUSIVE carries its code; PASS and NOT-CHECKED carry none.
        #expect(result.check(named: testCase.check)?.code?.rawValue == testCase.code)
        if let fragment = testCase.detail {
            #expect(result.detail(testCase.check).contains(fragment), "\(result.detail(testCase.check))")
        }
        // The seed's verdict rules hold for every result.
        #expect(result.isValid == !result.checks.contains { $0.status == .fail })
        if testCase.expected == .fail { #expect(result.verdict == .invalid) }
    }

    @Test("spoofingVerdict is the signed tier only when the tier is honoured")
    func spoofingVerdict() {
        var draft = Fixture.draft()
        draft.assurance = .init(verdict: .uncertain, detector: nil)
        #expect(Fixture.verify(draft).spoofingVerdict == nil)
        #expect(
            Fixture.verify(draft, options: Fixture.options { $0.honorVerdictTier = true }).spoofingVerdict == .uncertain
        )
        let unsigned = Fixture.verify(
            draft, mutations: [.corruptStageSignature(2)], options: Fixture.options { $0.honorVerdictTier = true })
        #expect(unsigned.spoofingVerdict == nil)
    }

    @Test("one failure does not hide another: every check runs after wire-format passes")
    func failuresDoNotHideEachOther() {
        var draft = Fixture.draft()
        draft.createdAtMs = Fixture.nowMs - 10_000_000
        let result = Fixture.verify(
            draft, mutations: [.corruptStageSignature(0), .corruptDeviceSignature],
            options: Fixture.options { $0.expectedSessionNonce = Data(repeating: 1, count: 8) })
        for name in ["stage-signatures", "device-attestation-sig", "freshness", "session-binding"] {
            #expect(result.status(name) == .fail, "\(name)")
        }
        #expect(result.status("binding") == .pass)
        #expect(result.verdict == .invalid && !result.isAuthentic)
    }
}
