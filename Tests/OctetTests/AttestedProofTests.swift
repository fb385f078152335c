import Foundation
import Octet
import OctetAttestation
import OctetAttestationTesting
import OctetCrypto
import OctetEncoding
import OctetIssuer
import Testing

/// Proofs with hardware evidence, issued under test roots and judged end to end by `Octet.verify`
/// with `TrustAnchors` holding those roots: the PASS path and each defect, one at a time.
@Suite("Attested proofs through Octet.verify")
struct AttestedProofTests {
    /// What one check must conclude; `detail` is a fragment of its detail.
    struct Expect: Sendable {
        let check: String
        let status: CheckStatus
        var detail: String? = nil
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let issuer: @Sendable () throws -> ProofIssuer
        var draft: @Sendable (inout ProofDraft) -> Void = { _ in }
        var mutations: [Mutation] = []
        var options: @Sendable (inout VerifyOptions) throws -> Void = { _ in }
        let expect: [Expect]
        let verdict: ProofVerification.Verdict
        var testDescription: String { id }
    }

    static let hardware = CheckName.hardwareAttestation
    static let deviceSig = CheckName.deviceAttestationSig
    static let required = CheckName.attestationRequired

    // MARK: Android

    static let androidCases: [Case] = [
        Case(
            id: "a TEE key on a locked, verified device, RKP: every attestation check PASS, verdict valid",
            issuer: { try Attested.androidIssuer() },
            expect: [
                Expect(check: hardware, status: .pass, detail: "hardware-attested (TrustedEnvironment, RKP)"),
                Expect(
                    check: deviceSig, status: .pass,
                    detail:
                        "the leaf certificate's key, the proof key, signed the committed digest; hardware-attestation judges its chain"
                ),
                Expect(check: required, status: .pass),
                Expect(check: CheckName.binding, status: .pass),
            ], verdict: .valid),
        Case(
            id: "a StrongBox key, factory-provisioned: PASS naming StrongBox and factory",
            issuer: {
                try Attested.androidIssuer {
                    $0.securityLevel = .strongBox
                    $0.chainOptions.provisioning = .factory
                }
            },
            expect: [
                Expect(check: hardware, status: .pass, detail: "hardware-attested (StrongBox, factory)"),
                Expect(check: required, status: .pass),
            ], verdict: .valid),
        Case(
            id: "a chain without its root certificate anchors alike",
            issuer: { try Attested.androidIssuer { $0.chainOptions.includeRoot = false } },
            expect: [Expect(check: hardware, status: .pass, detail: "hardware-attested (TrustedEnvironment, RKP)")],
            verdict: .valid),
        Case(
            id: "a key creationDateTime is the judging instant: PASS",
            issuer: { try Attested.androidIssuer { $0.creationDateTimeMs = Fixture.nowMs - 86_400_000 } },
            expect: [Expect(check: hardware, status: .pass)], verdict: .valid),
        Case(
            id: "without requireAttestation the gate is NOT-CHECKED and the PASS stands",
            issuer: { try Attested.androidIssuer() }, options: { $0.requireAttestation = false },
            expect: [Expect(check: hardware, status: .pass), Expect(check: required, status: .notChecked)],
            verdict: .valid),
        Case(
            id: "an enrolment bundle is ignored on an Android proof",
            issuer: { try Attested.androidIssuer() },
            options: { $0.attestationBundle = Data([0xFF, 0xFF]) },
            expect: [Expect(check: hardware, status: .pass)], verdict: .valid),
        Case(
            id: "wrong root: the bundled Google anchors do not know the test root (FAIL, not NOT-CHECKED)",
            issuer: { try Attested.androidIssuer() }, options: { $0.trustAnchors = .bundled },
            expect: [
                Expect(
                    check: hardware, status: .fail, detail: "chain does not lead to a trusted Android attestation root"),
                Expect(check: deviceSig, status: .pass),
                Expect(check: required, status: .fail),
            ], verdict: .invalid),
        Case(
            id: "wrong root: another test CA's root",
            issuer: { try Attested.androidIssuer() },
            options: {
                let other = try AndroidTestCA(rootName: "octet-attested-proof-tests")
                $0.trustAnchors = TrustAnchors(appAttestRootsDER: [], androidRootsDER: [Data(other.rootDER)])
            },
            expect: [
                Expect(
                    check: hardware, status: .fail, detail: "chain does not lead to a trusted Android attestation root")
            ], verdict: .invalid),
        Case(
            id: "an RKP intermediate expired before the proof: FAIL",
            issuer: {
                try Attested.androidIssuer { $0.chainOptions.intermediateNotAfter = Attested.createdAtSeconds - 86_400 }
            },
            expect: [
                Expect(
                    check: hardware, status: .fail,
                    detail: "intermediate 1 expired at the key's creation (TrustedEnvironment, RKP)"),
                Expect(check: required, status: .fail),
            ], verdict: .invalid),
        Case(
            id: "an expired factory intermediate is not judged: PASS",
            issuer: {
                try Attested.androidIssuer {
                    $0.chainOptions.provisioning = .factory
                    $0.chainOptions.intermediateNotAfter = Attested.createdAtSeconds - 86_400
                }
            },
            expect: [Expect(check: hardware, status: .pass, detail: "(TrustedEnvironment, factory)")],
            verdict: .valid),
        Case(
            id: "a Software security level: FAIL not hardware-attested",
            issuer: { try Attested.androidIssuer { $0.securityLevel = .software } },
            expect: [
                Expect(check: hardware, status: .fail, detail: "not hardware-attested (Software security level)"),
                Expect(check: required, status: .fail),
            ], verdict: .invalid),
        Case(
            id: "an unlocked bootloader: FAIL",
            issuer: { try Attested.androidIssuer { $0.deviceLocked = false } },
            expect: [
                Expect(check: hardware, status: .fail, detail: "bootloader unlocked (TrustedEnvironment, RKP)"),
                Expect(check: required, status: .fail),
            ], verdict: .invalid),
        Case(
            id: "unverified boot: FAIL",
            issuer: { try Attested.androidIssuer { $0.verifiedBootState = .unverified } },
            expect: [
                Expect(
                    check: hardware, status: .fail, detail: "verified boot state Unverified (TrustedEnvironment, RKP)")
            ], verdict: .invalid),
        Case(
            id: "a leaf key other than the proof key: device-attestation-sig FAIL, the chain itself PASS",
            issuer: { try Attested.androidIssuer(leafKey: P256PrivateKey().publicKey) },
            expect: [
                Expect(check: deviceSig, status: .fail, detail: "the leaf certificate's key is not the proof key"),
                Expect(check: hardware, status: .pass),
            ], verdict: .invalid),
        Case(
            id: "a corrupted device signature: device-attestation-sig FAIL",
            issuer: { try Attested.androidIssuer() }, mutations: [.corruptDeviceSignature],
            expect: [
                Expect(
                    check: deviceSig, status: .fail,
                    detail: "Android device signature does not verify over the committed digest")
            ], verdict: .invalid),
        Case(
            id: "an attestation application id naming another package: FAIL",
            issuer: { try Attested.androidIssuer { $0.packageNames = ["com.example.other"] } },
            expect: [
                Expect(
                    check: hardware, status: .fail,
                    detail: "attestation application id does not name the app (TrustedEnvironment, RKP)")
            ], verdict: .invalid),
        Case(
            id: "a proof claiming another app than the attested package: FAIL",
            issuer: { try Attested.androidIssuer() }, draft: { $0.appId = "com.example.other" },
            expect: [Expect(check: hardware, status: .fail, detail: "does not name the app")], verdict: .invalid),
        Case(
            id: "the attestation extension copied into an intermediate: FAIL",
            issuer: { try Attested.androidIssuer { $0.chainOptions.extensionInIntermediate = true } },
            expect: [Expect(check: hardware, status: .fail, detail: "not only in the leaf")], verdict: .invalid),
        Case(
            id: "platform IOS with android_key evidence: binding FAIL",
            issuer: { try Attested.androidIssuer() }, draft: { $0.platform = .ios },
            expect: [
                Expect(
                    check: CheckName.binding, status: .fail, detail: "platform IOS does not match android_key evidence"),
                Expect(check: hardware, status: .pass),
            ], verdict: .invalid),
        Case(
            id: "platform SOFTWARE with android_key evidence: binding FAIL",
            issuer: { try Attested.androidIssuer() }, draft: { $0.platform = .software },
            expect: [
                Expect(
                    check: CheckName.binding, status: .fail,
                    detail: "platform SOFTWARE does not match android_key evidence")
            ], verdict: .invalid),
        Case(
            id: "platform ANDROID with software evidence: binding FAIL, hardware-attestation NOT-CHECKED",
            issuer: { Fixture.issuer },
            expect: [
                Expect(
                    check: CheckName.binding, status: .fail, detail: "platform ANDROID does not match software evidence"
                ),
                Expect(check: hardware, status: .notChecked),
                Expect(check: required, status: .fail),
            ], verdict: .invalid),
        // "Well-formed certificates": every certificate read by the strict rule, the root too.
        Case(
            id: "a malformed leaf: device-attestation-sig FAILs naming the leaf and the rule, not the key's curve",
            issuer: { try Attested.androidIssuer { $0.chainOptions.mutations = [0: .algorithmMismatch] } },
            expect: [
                Expect(
                    check: deviceSig, status: .fail,
                    detail:
                        "certificate 0 (the leaf) malformed: signatureAlgorithm differs from tbsCertificate.signature"),
                Expect(check: hardware, status: .fail, detail: "certificate 0 malformed: signatureAlgorithm differs"),
            ], verdict: .invalid),
        Case(
            id: "a leaf the rule accepts but that does not load: both checks FAIL as malformed",
            issuer: { try Attested.androidIssuer { $0.chainOptions.mutations = [0: .namesNotNames] } },
            expect: [
                Expect(
                    check: deviceSig, status: .fail,
                    detail: "certificate 0 (the leaf) malformed: well-formed but not loadable"),
                Expect(check: hardware, status: .fail, detail: "certificate 0 malformed: well-formed but not loadable"),
            ], verdict: .invalid),
        Case(
            id: "a malformed intermediate: hardware-attestation FAILs naming its index; the leaf still signs",
            issuer: { try Attested.androidIssuer { $0.chainOptions.mutations = [2: .february30] } },
            expect: [
                Expect(check: hardware, status: .fail, detail: "certificate 2 malformed: notBefore"),
                Expect(check: deviceSig, status: .pass),
            ], verdict: .invalid),
        Case(
            id: "a malformed self-issued root is judged before it is dropped",
            issuer: { try Attested.androidIssuer { $0.chainOptions.mutations = [4: .signatureUnusedBits] } },
            expect: [
                Expect(check: hardware, status: .fail, detail: "certificate 4 malformed: signatureValue"),
                Expect(check: deviceSig, status: .pass), Expect(check: required, status: .fail),
            ], verdict: .invalid),
        Case(
            id: "a dropped root the rule accepts is never loaded: names that are not Names still PASS",
            issuer: { try Attested.androidIssuer { $0.chainOptions.mutations = [4: .namesNotNames] } },
            expect: [Expect(check: hardware, status: .pass), Expect(check: required, status: .pass)],
            verdict: .valid),
    ]

    @Test("Android proofs: each outcome", arguments: androidCases)
    func android(_ testCase: Case) throws {
        try run(testCase, draft: Attested.androidDraft())
    }

    // MARK: App Attest

    static let appAttestCases: [Case] = [
        Case(
            id: "an assertion-only proof without a bundle: NOT-CHECKED, and attestation-required FAILs",
            issuer: { .appAttest(device: Attested.appAttestDevice(), proofKey: Fixture.proofKey) },
            expect: [
                Expect(check: hardware, status: .notChecked, detail: "assertion-only proof; no enrolment bundle"),
                Expect(
                    check: deviceSig, status: .pass,
                    detail:
                        "App Attest assertion verifies under the key the proof carries; no enrolment and no attestation "
                        + "bundle: nothing attests that key"),
                Expect(check: required, status: .fail),
                Expect(check: CheckName.binding, status: .pass),
            ], verdict: .invalid),
        Case(
            id: "an assertion-only proof without a bundle, attestation not required: valid",
            issuer: { .appAttest(device: Attested.appAttestDevice(), proofKey: Fixture.proofKey) },
            options: { $0.requireAttestation = false },
            expect: [Expect(check: hardware, status: .notChecked), Expect(check: required, status: .notChecked)],
            verdict: .valid),
        Case(
            id: "an assertion-only proof with its enrolment bundle: PASS naming production",
            issuer: { .appAttest(device: Attested.appAttestDevice(), proofKey: Fixture.proofKey) },
            options: { $0.attestationBundle = try Attested.enrolment().protoData() },
            expect: [
                Expect(check: hardware, status: .pass, detail: "App Attest enrolment verified (production)"),
                Expect(
                    check: deviceSig, status: .pass,
                    detail:
                        "App Attest assertion verifies under the key the proof carries; hardware-attestation judges "
                        + "whether it is attested"),
                Expect(check: required, status: .pass),
            ], verdict: .valid),
        Case(
            id: "a development key's bundle: PASS naming development",
            issuer: { .appAttest(device: Attested.appAttestDevice(), proofKey: Fixture.proofKey) },
            options: { $0.attestationBundle = try Attested.enrolment(environment: .development).protoData() },
            expect: [Expect(check: hardware, status: .pass, detail: "App Attest enrolment verified (development)")],
            verdict: .valid),
        Case(
            id: "the enrolment inside the proof: PASS without a bundle",
            issuer: {
                var device = Attested.appAttestDevice()
                device.enrolmentInProof = try Attested.enrolment()
                return .appAttest(device: device, proofKey: Fixture.proofKey)
            },
            expect: [
                Expect(check: hardware, status: .pass, detail: "App Attest enrolment verified (production)"),
                Expect(
                    check: deviceSig, status: .pass,
                    detail:
                        "App Attest assertion verifies under the key the proof carries; hardware-attestation judges "
                        + "whether it is attested"),
                Expect(check: required, status: .pass),
            ], verdict: .valid),
        Case(
            id: "the enrolment inside the proof wins over a bundle for another key",
            issuer: {
                var device = Attested.appAttestDevice()
                device.enrolmentInProof = try Attested.enrolment()
                return .appAttest(device: device, proofKey: Fixture.proofKey)
            },
            options: {
                $0.attestationBundle = try Attested.enrolment(of: Attested.appAttestDevice(key: P256PrivateKey()))
                    .protoData()
            },
            expect: [Expect(check: hardware, status: .pass)], verdict: .valid),
        Case(
            id: "a bundle for another key: FAIL",
            issuer: { .appAttest(device: Attested.appAttestDevice(), proofKey: Fixture.proofKey) },
            options: {
                $0.attestationBundle = try Attested.enrolment(of: Attested.appAttestDevice(key: P256PrivateKey()))
                    .protoData()
            },
            expect: [
                Expect(check: hardware, status: .fail, detail: "enrolment is for another key_id"),
                Expect(check: required, status: .fail),
            ], verdict: .invalid),
        Case(
            id: "a malformed bundle: FAIL",
            issuer: { .appAttest(device: Attested.appAttestDevice(), proofKey: Fixture.proofKey) },
            options: { $0.attestationBundle = Data([0x0A, 0x05, 0x01]) },
            expect: [Expect(check: hardware, status: .fail, detail: "attestation bundle is malformed")],
            verdict: .invalid),
        Case(
            id: "an empty bundle: FAIL (required fields absent)",
            issuer: { .appAttest(device: Attested.appAttestDevice(), proofKey: Fixture.proofKey) },
            options: { $0.attestationBundle = Data() },
            expect: [Expect(check: hardware, status: .fail, detail: "attestation bundle is malformed")],
            verdict: .invalid),
        Case(
            id: "wrong root: the bundled Apple root does not know the test authority",
            issuer: { .appAttest(device: Attested.appAttestDevice(), proofKey: Fixture.proofKey) },
            options: {
                $0.attestationBundle = try Attested.enrolment().protoData()
                $0.trustAnchors = .bundled
            },
            expect: [
                Expect(
                    check: hardware, status: .fail,
                    detail: "credential certificate chain does not reach the App Attest root")
            ], verdict: .invalid),
        Case(
            id: "a nonce extension that does not match: FAIL",
            issuer: { .appAttest(device: Attested.appAttestDevice(), proofKey: Fixture.proofKey) },
            options: {
                $0.attestationBundle = try Attested.enrolment { $0.nonce = [UInt8](repeating: 7, count: 32) }
                    .protoData()
            },
            expect: [
                Expect(
                    check: hardware, status: .fail,
                    detail: "nonce extension does not match authData and client_data_hash")
            ], verdict: .invalid),
        Case(
            id: "an aaguid naming neither environment: FAIL",
            issuer: { .appAttest(device: Attested.appAttestDevice(), proofKey: Fixture.proofKey) },
            options: {
                $0.attestationBundle = try Attested.enrolment { $0.aaguid = [UInt8](repeating: 0, count: 16) }
                    .protoData()
            },
            expect: [
                Expect(
                    check: hardware, status: .fail, detail: "aaguid is neither App Attest production nor development")
            ], verdict: .invalid),
        Case(
            id: "a proof that predates its enrolment: FAIL",
            issuer: { .appAttest(device: Attested.appAttestDevice(), proofKey: Fixture.proofKey) },
            options: {
                $0.attestationBundle = try Attested.enrolment(notBefore: Attested.createdAtSeconds + 1).protoData()
            },
            expect: [
                Expect(
                    check: hardware, status: .fail,
                    detail: "proof predates its enrolment (created before the credential certificate)")
            ], verdict: .invalid),
        Case(
            id: "a proof made in the enrolment's second: PASS",
            issuer: { .appAttest(device: Attested.appAttestDevice(), proofKey: Fixture.proofKey) },
            options: {
                $0.attestationBundle = try Attested.enrolment(notBefore: Attested.createdAtSeconds).protoData()
            },
            expect: [Expect(check: hardware, status: .pass)], verdict: .valid),
        Case(
            id: "a bundle enrolled for another app: FAIL",
            issuer: { .appAttest(device: Attested.appAttestDevice(), proofKey: Fixture.proofKey) },
            options: {
                var device = Attested.appAttestDevice()
                device.appId = "ABCDE12345.com.example.other"
                $0.attestationBundle = try Attested.enrolment(of: device).protoData()
            },
            expect: [Expect(check: hardware, status: .fail, detail: "enrolment app_id differs from claims.app_id")],
            verdict: .invalid),
        Case(
            id: "an assertion with counter 0: device-attestation-sig FAIL",
            issuer: {
                var device = Attested.appAttestDevice()
                device.counter = 0
                return .appAttest(device: device, proofKey: Fixture.proofKey)
            },
            options: { $0.attestationBundle = try Attested.enrolment().protoData() },
            expect: [
                Expect(check: deviceSig, status: .fail, detail: "assertion counter is 0"),
                Expect(check: hardware, status: .pass),
            ], verdict: .invalid),
        Case(
            id: "an assertion over another digest: device-attestation-sig FAIL",
            issuer: { .appAttest(device: Attested.appAttestDevice(), proofKey: Fixture.proofKey) },
            mutations: [.deviceSignsOtherDigest],
            options: { $0.attestationBundle = try Attested.enrolment().protoData() },
            expect: [
                Expect(
                    check: deviceSig, status: .fail,
                    detail: "assertion signature does not verify under the App Attest key")
            ], verdict: .invalid),
        Case(
            id: "a corrupted assertion signature: device-attestation-sig FAIL",
            issuer: { .appAttest(device: Attested.appAttestDevice(), proofKey: Fixture.proofKey) },
            mutations: [.corruptDeviceSignature],
            expect: [
                Expect(
                    check: deviceSig, status: .fail,
                    detail: "assertion signature does not verify under the App Attest key")
            ], verdict: .invalid),
        Case(
            id: "an assertion for another app: device-attestation-sig FAIL",
            issuer: {
                var device = Attested.appAttestDevice()
                device.appId = "ABCDE12345.com.example.other"
                return .appAttest(device: device, proofKey: Fixture.proofKey)
            },
            expect: [Expect(check: deviceSig, status: .fail, detail: "assertion rpIdHash does not match the app id")],
            verdict: .invalid),
        Case(
            id: "platform ANDROID with app_attest evidence: binding FAIL",
            issuer: { .appAttest(device: Attested.appAttestDevice(), proofKey: Fixture.proofKey) },
            draft: { $0.platform = .android },
            expect: [
                Expect(
                    check: CheckName.binding, status: .fail,
                    detail: "platform ANDROID does not match app_attest evidence")
            ], verdict: .invalid),
    ]

    @Test("App Attest proofs: each outcome", arguments: appAttestCases)
    func appAttest(_ testCase: Case) throws {
        try run(testCase, draft: Attested.iosDraft())
    }

    private func run(_ testCase: Case, draft base: ProofDraft) throws {
        var draft = base
        testCase.draft(&draft)
        var options = Attested.options()
        try testCase.options(&options)
        let bytes = try testCase.issuer().issue(draft, mutations: testCase.mutations)
        let result = Octet.verify(proofBytes: bytes, options: options)
        #expect(result.status(CheckName.wireFormat) == .pass, "\(result.detail(CheckName.wireFormat))")
        #expect(result.status(CheckName.stageSignatures) == .pass)
        for expected in testCase.expect {
            let detail = result.detail(expected.check)
            #expect(result.status(expected.check) == expected.status, "\(expected.check): \(detail)")
            if let fragment = expected.detail { #expect(detail.contains(fragment), "\(expected.check): \(detail)") }
        }
        // Log-safe: no detail names the app.
        #expect(!result.checks.contains { $0.detail.contains(draft.appId) })
        #expect(result.verdict == testCase.verdict, "\(result.checks.filter { $0.status == .fail })")
    }
}

/// Garbage where DER or CBOR should be: every attestation check FAILs with a detail, nothing traps.
@Suite("Attested proofs with garbage evidence")
struct GarbageEvidenceTests {
    struct Garbage: Sendable, CustomTestStringConvertible {
        let id: String
        let bytes: [UInt8]
        var testDescription: String { id }
    }

    static let garbage: [Garbage] = {
        let certificate =
            (try? Attested.androidDevice().chain(from: Attested.androidCA, leafKey: Fixture.proofKey.publicKey))?
            .first ?? []
        return [
            Garbage(id: "one byte", bytes: [0x30]),
            Garbage(id: "BER indefinite length", bytes: [0x30, 0x80, 0x02, 0x01, 0x01, 0x00, 0x00]),
            Garbage(id: "CBOR indefinite map", bytes: [0xBF, 0x61, 0x61, 0x01, 0xFF]),
            Garbage(id: "CBOR map with a duplicate key", bytes: [0xA2, 0x61, 0x61, 0x01, 0x61, 0x61, 0x02]),
            Garbage(id: "0xFF × 300", bytes: [UInt8](repeating: 0xFF, count: 300)),
            Garbage(id: "a truncated certificate", bytes: Array(certificate.dropLast(9))),
            Garbage(id: "a certificate with a trailing byte", bytes: certificate + [0x00]),
        ]
    }()

    @Test("garbage certificates in an Android chain", arguments: garbage)
    func androidChain(_ row: Garbage) throws {
        let chain = try Attested.androidDevice().chain(from: Attested.androidCA, leafKey: Fixture.proofKey.publicKey)
        for index in [0, 1] {
            var broken = chain
            broken[index] = row.bytes
            let issuer = ProofIssuer(proofKey: Fixture.proofKey, device: .androidKey(chainDER: broken))
            let result = Octet.verify(proofBytes: issuer.issue(Attested.androidDraft()), options: Attested.options())
            #expect(result.status(CheckName.wireFormat) == .pass)
            #expect(
                result.status(CheckName.hardwareAttestation) == .fail, "\(result.detail(CheckName.hardwareAttestation))"
            )
            #expect(result.status(CheckName.attestationRequired) == .fail)
            if index == 0 { #expect(result.status(CheckName.deviceAttestationSig) == .fail) }
        }
    }

    @Test("garbage as an App Attest assertion, and as an attestation object in the bundle", arguments: garbage)
    func appAttest(_ row: Garbage) throws {
        let device = Attested.appAttestDevice()
        let maker = AppAttestEvidenceMaker { _, _ in
            var writer = WireWriter()
            writer.bytes(1, device.keyId)
            writer.bytes(2, device.publicKey)
            writer.bytes(3, row.bytes)
            return writer.bytes
        }
        let assertion = Octet.verify(
            proofBytes: ProofIssuer(proofKey: Fixture.proofKey, device: .appAttest(maker)).issue(Attested.iosDraft()),
            options: Attested.options())
        #expect(assertion.status(CheckName.wireFormat) == .pass)
        #expect(assertion.status(CheckName.deviceAttestationSig) == .fail)

        var enrolment = try Attested.enrolment()
        enrolment.attestationObject = row.bytes
        let bundled = Octet.verify(
            proofBytes: ProofIssuer.appAttest(device: device, proofKey: Fixture.proofKey).issue(Attested.iosDraft()),
            options: Attested.options { $0.attestationBundle = enrolment.protoData() })
        #expect(bundled.status(CheckName.deviceAttestationSig) == .pass)
        #expect(
            bundled.status(CheckName.hardwareAttestation) == .fail, "\(bundled.detail(CheckName.hardwareAttestation))")
    }
}
