import Foundation
import Octet
import OctetAttestation
import OctetAttestationTesting
import OctetCrypto
import OctetEncoding
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

    static func anchors(android: AndroidTestCA? = nil, apple: AppAttestTestAuthority? = nil) -> TrustAnchors {
        TrustAnchors(
            appAttestRootsDER: apple.map { [Data($0.root.derBytes)] } ?? [],
            androidRootsDER: android.map { [Data($0.rootDER)] } ?? [])
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
            $0.verifyOptions.trustAnchors = anchors(android: ca)
            $0.verifyOptions.requireAttestation = true
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
                try issuer(), [], B.options { $0.verifyOptions.requireAttestation = true },
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
                try issuer(), [], B.options { $0.verifyOptions.trustAnchors = anchors(android: ca) },
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
        try androidCertificates(&builder, issuer: issuer, draft: draft, options: trusted)
    }

    /// The self-issued root's index in the default RKP chain: leaf, three intermediates, root.
    static let androidRootIndex = 4
    /// The kinds the red team's differential found, tried in every position: among them a name
    /// whose UTF8String is not UTF-8 (found by the Swift–Kotlin differential campaign, when only
    /// the crypto libraries refused it) and an extension's critical FALSE written out (which all
    /// three implementations accepted), both rules of the reader since 2026-12-07.
    static let certificateKindsEverywhere: [CertificateMutation] = [
        .algorithmMismatch, .signatureUnusedBits, .garbledNotAfter, .spkiAlgorithmTag, .versionOne,
        .constructedSignature, .trailingBytes, .february30, .namesInvalidUTF8, .explicitNonCritical,
    ]

    /// "Well-formed certificates": every rule on the dropped root (judged by the rule alone,
    /// never loaded), the red team's kinds on an intermediate and on the leaf (which also fails
    /// device-attestation-sig), and controls that stay valid.
    static func androidCertificates(
        _ builder: inout CaseBuilder, issuer: ((inout AndroidTestDevice) -> Void) throws -> ProofIssuer,
        draft: ProofDraft, options: VectorOptions
    ) throws {
        func mutated(_ index: Int, _ mutation: CertificateMutation) throws -> [UInt8] {
            try issuer { $0.chainOptions.mutations = [index: mutation] }.issueBytes(draft)
        }
        for mutation in CertificateMutation.allCases {
            let proof = try mutated(androidRootIndex, mutation)
            if mutation.keepsWellFormed {
                builder.add(
                    "hardware-attestation/pass-android-dropped-root-\(mutation.rawValue)",
                    "a dropped self-issued root is judged by the well-formed rule alone: \(mutation.summary) is well-formed",
                    proof: proof, options: options,
                    intent: ["hardware-attestation": .pass, "device-attestation-sig": .pass], verdict: .valid)
            } else {
                builder.add(
                    "hardware-attestation/fail-android-dropped-root-\(mutation.rawValue)",
                    "the self-issued root is judged before it is dropped: \(mutation.summary)",
                    proof: proof, options: options,
                    intent: [
                        "hardware-attestation": .fail, "attestation-required": .fail, "device-attestation-sig": .pass,
                    ], verdict: .invalid)
            }
        }
        for mutation in certificateKindsEverywhere {
            builder.add(
                "hardware-attestation/fail-android-intermediate-\(mutation.rawValue)",
                "an intermediate certificate (index 1) not well-formed: \(mutation.summary)",
                proof: try mutated(1, mutation), options: options,
                intent: ["hardware-attestation": .fail, "device-attestation-sig": .pass], verdict: .invalid)
            builder.add(
                "device-attestation-sig/fail-android-leaf-\(mutation.rawValue)",
                "the leaf certificate not well-formed, so its key cannot be read: \(mutation.summary)",
                proof: try mutated(0, mutation), options: options,
                intent: ["hardware-attestation": .fail, "device-attestation-sig": .fail], verdict: .invalid)
        }
        builder.add(
            "hardware-attestation/pass-android-intermediate-unique-identifiers",
            "an intermediate with issuerUniqueID and subjectUniqueID is well-formed (and loads)",
            proof: try mutated(1, .uniqueIdentifiers), options: options,
            intent: ["hardware-attestation": .pass, "device-attestation-sig": .pass], verdict: .valid)
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
            $0.verifyOptions.trustAnchors = anchors(apple: authority)
            $0.verifyOptions.requireAttestation = true
        }
        var withBundle = trusted
        withBundle.verifyOptions.attestationBundle = enrolment.protoData()
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
                B.options { $0.verifyOptions.requireAttestation = true }, ["hardware-attestation": .fail], .invalid
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
        try appAttestCertificates(&builder, authority: authority, device: device, draft: draft, options: trusted)
    }

    /// "Well-formed certificates" for x5c (both certificates, CERTIFICATE_MALFORMED), and attStmt
    /// holding exactly x5c and receipt (EVIDENCE_MALFORMED otherwise).
    static func appAttestCertificates(
        _ builder: inout CaseBuilder, authority: AppAttestTestAuthority, device: AppAttestTestDevice,
        draft: ProofDraft, options: VectorOptions
    ) throws {
        func proof(_ adjust: (inout AppAttestTestAttestation) -> Void) throws -> [UInt8] {
            var enrolled = device
            enrolled.enrolmentInProof = try device.enrolment(
                by: authority, notBefore: enrolledAtSeconds, adjust: adjust)
            return ProofIssuer.appAttest(device: enrolled, proofKey: ConformanceKeys.proofKey).issueBytes(draft)
        }
        let failing: [String: CheckStatus] = [
            "hardware-attestation": .fail, "attestation-required": .fail, "device-attestation-sig": .pass,
        ]
        for mutation in certificateKindsEverywhere {
            builder.add(
                "hardware-attestation/fail-app-attest-credential-\(mutation.rawValue)",
                "the x5c credential certificate (index 0) not well-formed: \(mutation.summary)",
                proof: try proof { $0.credentialMutation = mutation }, options: options, intent: failing,
                verdict: .invalid)
            builder.add(
                "hardware-attestation/fail-app-attest-intermediate-\(mutation.rawValue)",
                "the x5c intermediate (index 1) not well-formed: \(mutation.summary)",
                proof: try proof { $0.intermediateMutation = mutation }, options: options, intent: failing,
                verdict: .invalid)
        }
        builder.add(
            "hardware-attestation/pass-app-attest-credential-unique-identifiers",
            "a credential certificate with issuerUniqueID and subjectUniqueID is well-formed (and loads)",
            proof: try proof { $0.credentialMutation = .uniqueIdentifiers }, options: options,
            intent: ["hardware-attestation": .pass], verdict: .valid)
        builder.add(
            "hardware-attestation/fail-app-attest-statement-extra-member",
            "attStmt holds a member besides x5c and receipt",
            proof: try proof { $0.extraStatementMembers = [CBORMapEntry(key: .text("ver"), value: .int(1))] },
            options: options, intent: failing, verdict: .invalid)
        builder.add(
            "hardware-attestation/fail-app-attest-statement-no-receipt", "attStmt without its receipt",
            proof: try proof { $0.receipt = nil }, options: options, intent: failing, verdict: .invalid)
    }
}
