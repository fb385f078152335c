import Foundation
import Octet
import OctetAttestation
import OctetAttestationTesting
import OctetCrypto
import OctetIssuer

/// `hardware-attestation`, `attestation-required` and `device-attestation-sig` for Android and
/// App Attest evidence, minted by test authorities whose roots the case's options trust.
/// The authorities draw fresh keys on every run, so regeneration compares these cases without
/// their evidence and anchors (see `ProofStripper`, `VectorOptions.withoutAttestationMaterial`).
enum AttestationCases {
    typealias B = CaseBuilder
    static let androidAppId = "com.example.octet"
    static let iosAppId = "ABCDE12345.com.example.octet"
    static let appAttestKey = ConformanceKeys.key(0x0F)
    /// When the App Attest enrolment happened: an hour before the proofs.
    static let enrolledAtSeconds = (ConformanceKeys.nowMs - 10_000) / 1000 - 3600

    static func add(to builder: inout CaseBuilder) {
        do {
            try android(&builder)
            try appAttest(&builder)
        } catch {
            preconditionFailure("the test authorities could not issue evidence: \(error)")
        }
    }

    static func anchors(android: AndroidTestCA? = nil, apple: AppAttestTestAuthority? = nil) -> VectorOptions.Anchors {
        VectorOptions.Anchors(
            appAttestRootsDERBase64: apple.map { [Data($0.root.derBytes).base64EncodedString()] } ?? [],
            androidRootsDERBase64: android.map { [Data($0.rootDER).base64EncodedString()] } ?? [])
    }

    static func android(_ builder: inout CaseBuilder) throws {
        let ca = try AndroidTestCA(rootName: "octet-conformance")
        func issuer(_ adjust: (inout AndroidTestDevice) -> Void = { _ in }) throws -> ProofIssuer {
            var device = AndroidTestDevice(appId: androidAppId)
            adjust(&device)
            return try ProofIssuer.android(ca: ca, device: device, proofKey: ConformanceKeys.proofKey)
        }
        let draft = B.draft {
            $0.platform = .android
            $0.appId = androidAppId
        }
        let trusted = B.options {
            $0.trustAnchors = anchors(android: ca)
            $0.requireAttestation = true
        }
        typealias Row = (
            String, String, ProofIssuer, [Mutation], VectorOptions, [String: CheckStatus], ProofVerification.Verdict
        )
        let rows: [Row] = [
            (
                "hardware-attestation/pass-android-tee",
                "a TEE key on a locked, verified device, chained to a trusted root",
                try issuer(), [], trusted,
                ["hardware-attestation": .pass, "attestation-required": .pass, "device-attestation-sig": .pass], .valid
            ),
            (
                "hardware-attestation/pass-android-strongbox-no-root",
                "a StrongBox key, chain without its root certificate",
                try issuer {
                    $0.securityLevel = .strongBox
                    $0.chainOptions.includeRoot = false
                }, [], trusted,
                ["hardware-attestation": .pass], .valid
            ),
            (
                "hardware-attestation/fail-android-untrusted-root",
                "the bundled Google roots do not know the test root",
                try issuer(), [], B.options { $0.requireAttestation = true },
                ["hardware-attestation": .fail, "attestation-required": .fail, "device-attestation-sig": .pass],
                .invalid
            ),
            (
                "hardware-attestation/fail-android-software-level",
                "attestation security level Software is not hardware",
                try issuer { $0.securityLevel = .software }, [], trusted, ["hardware-attestation": .fail], .invalid
            ),
            (
                "hardware-attestation/fail-android-unlocked", "an unlocked bootloader",
                try issuer { $0.deviceLocked = false }, [], trusted, ["hardware-attestation": .fail], .invalid
            ),
            (
                "hardware-attestation/fail-android-other-package", "the attested package is another app",
                try issuer { $0.packageNames = ["com.example.other"] }, [], trusted, ["hardware-attestation": .fail],
                .invalid
            ),
            (
                "attestation-required/not-checked-android", "attested, but requireAttestation is off",
                try issuer(), [], B.options { $0.trustAnchors = anchors(android: ca) },
                ["hardware-attestation": .pass, "attestation-required": .notChecked], .valid
            ),
            (
                "device-attestation-sig/fail-android-corrupt", "a bit flipped in the attested key's device signature",
                try issuer(), [.corruptDeviceSignature], trusted, ["device-attestation-sig": .fail], .invalid
            ),
        ]
        for (id, rule, issuer, mutations, options, intent, verdict) in rows {
            builder.add(
                id, rule, proof: issuer.issueBytes(draft, mutations: mutations), options: options, intent: intent,
                verdict: verdict)
        }
    }

    static func appAttest(_ builder: inout CaseBuilder) throws {
        let authority = try AppAttestTestAuthority(name: "Octet Conformance")
        let device = AppAttestTestDevice(key: appAttestKey, appId: iosAppId)
        let draft = B.draft {
            $0.platform = .ios
            $0.appId = iosAppId
        }
        let enrolment = try device.enrolment(by: authority, notBefore: enrolledAtSeconds)
        var enrolled = device
        enrolled.enrolmentInProof = enrolment
        let assertionOnly = ProofIssuer.appAttest(device: device, proofKey: ConformanceKeys.proofKey)
        let trusted = B.options {
            $0.trustAnchors = anchors(apple: authority)
            $0.requireAttestation = true
        }
        var withBundle = trusted
        withBundle.attestationBundleBase64 = enrolment.protoData().base64EncodedString()
        typealias Row = (
            String, String, ProofIssuer, [Mutation], VectorOptions, [String: CheckStatus], ProofVerification.Verdict
        )
        let rows: [Row] = [
            (
                "hardware-attestation/pass-app-attest-in-proof",
                "the App Attest enrolment inside the proof, chained to a trusted root",
                ProofIssuer.appAttest(device: enrolled, proofKey: ConformanceKeys.proofKey), [], trusted,
                ["hardware-attestation": .pass, "attestation-required": .pass, "device-attestation-sig": .pass], .valid
            ),
            (
                "hardware-attestation/pass-app-attest-bundle",
                "an assertion-only proof anchored by its enrolment bundle",
                assertionOnly, [], withBundle, ["hardware-attestation": .pass, "attestation-required": .pass], .valid
            ),
            (
                "hardware-attestation/not-checked-app-attest-assertion-only",
                "an assertion-only proof without a bundle",
                assertionOnly, [], trusted,
                ["hardware-attestation": .notChecked, "attestation-required": .fail, "device-attestation-sig": .pass],
                .invalid
            ),
            (
                "hardware-attestation/fail-app-attest-untrusted-root",
                "the bundled Apple root does not know the test authority",
                ProofIssuer.appAttest(device: enrolled, proofKey: ConformanceKeys.proofKey), [],
                B.options { $0.requireAttestation = true }, ["hardware-attestation": .fail], .invalid
            ),
            (
                "device-attestation-sig/fail-app-attest-corrupt",
                "a bit flipped in the App Attest assertion's signature",
                ProofIssuer.appAttest(device: enrolled, proofKey: ConformanceKeys.proofKey), [.corruptDeviceSignature],
                trusted,
                ["device-attestation-sig": .fail], .invalid
            ),
        ]
        for (id, rule, issuer, mutations, options, intent, verdict) in rows {
            builder.add(
                id, rule, proof: issuer.issueBytes(draft, mutations: mutations), options: options, intent: intent,
                verdict: verdict)
        }
    }
}
