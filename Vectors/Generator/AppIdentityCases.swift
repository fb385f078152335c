import Foundation
import Octet
import OctetAttestation
import OctetAttestationTesting
import OctetEncoding
import OctetIssuer

/// `app-identity` (only with `expectedApps`): every outcome on every kind of device evidence, the
/// precedence cases docs/checks.md decides, an empty list, and the option absent. Android chains
/// and App Attest enrolments come from test authorities whose roots the options trust.
enum AppIdentityCases {
    typealias B = CaseBuilder
    typealias Entry = ExpectedApp
    static let androidAppId = AttestationCases.androidAppId
    static let iosAppId = AttestationCases.iosAppId
    /// Three signing-certificate digests (lower-case hex in the options).
    static let signerA = [UInt8](repeating: 0xAB, count: 32)
    static let signerB = [UInt8](repeating: 0xCD, count: 32)
    static let signerC = [UInt8](repeating: 0xEF, count: 32)

    static func android(_ signers: [[UInt8]], package: String = androidAppId) -> Entry {
        .android(packageName: package, signingCertificateSHA256: signers.map { Data($0) })
    }

    static func add(to builder: inout CaseBuilder) {
        do {
            try androidCases(&builder)
            try appAttestCases(&builder)
        } catch {
            preconditionFailure("the test authorities could not issue evidence: \(error)")
        }
        softwareCases(&builder)
    }

    typealias Row = (String, String, [UInt8], VectorOptions, CheckStatus?, ProofVerification.Verdict)

    static func addRows(_ rows: [Row], to builder: inout CaseBuilder) {
        for (id, rule, proof, options, status, verdict) in rows {
            if let status {
                builder.add(
                    "app-identity/" + id, rule, proof: proof, options: options, intent: ["app-identity": status],
                    verdict: verdict)
            } else {
                builder.add(
                    "app-identity/" + id, rule, proof: proof, options: options, intent: [:], verdict: verdict,
                    absent: ["app-identity"])
            }
        }
    }

    static func androidCases(_ builder: inout CaseBuilder) throws {
        let ca = try AndroidTestCA(rootName: "octet-conformance-app-identity")
        func proof(_ adjust: (inout AndroidTestDevice) -> Void = { _ in }) throws -> [UInt8] {
            var device = AndroidTestDevice(appId: androidAppId)
            adjust(&device)
            let issuer = try ProofIssuer.android(ca: ca, device: device, proofKey: ConformanceKeys.proofKey)
            return issuer.issueBytes(
                B.draft {
                    $0.platform = .android
                    $0.appId = androidAppId
                })
        }
        func pinned(_ apps: [Entry]?, trusted: Bool = true) -> VectorOptions {
            B.options {
                if trusted { $0.verifyOptions.trustAnchors = AttestationCases.anchors(android: ca) }
                $0.verifyOptions.expectedApps = apps
            }
        }
        let twoSigners = try proof { $0.signatureDigests = [signerA, signerB] }
        let rows: [Row] = [
            (
                "pass-android", "the attested package and its one signer are pinned", try proof(),
                pinned([android([signerA])]), .pass, .valid
            ),
            (
                "pass-android-two-signers", "both attested signers are among the pinned entry's three",
                twoSigners, pinned([.apple(appID: iosAppId), android([signerC, signerB, signerA])]), .pass, .valid
            ),
            (
                "fail-android-wrong-package", "the list pins another package (with the same signer)", try proof(),
                pinned([android([signerA], package: "com.example.other")]), .fail, .invalid
            ),
            (
                "fail-android-second-signer-not-listed", "the app is signed by two certificates, one of them pinned",
                twoSigners, pinned([android([signerA])]), .fail, .invalid
            ),
            (
                "fail-android-other-signer", "the pinned package, attested with a signer the list does not name",
                try proof(), pinned([android([signerB])]), .fail, .invalid
            ),
            (
                "fail-android-signers-split-across-entries",
                "two entries for the package each name one of its two signers: entries are alternatives, not pooled",
                twoSigners, pinned([android([signerA]), android([signerB])]), .fail, .invalid
            ),
            (
                "fail-android-listed-only-as-apple", "the package is listed only as an Apple App ID", try proof(),
                pinned([.apple(appID: androidAppId)]), .fail, .invalid
            ),
            (
                "inconclusive-android-no-application-id",
                "a hardware-attested chain whose leaf has no attestation application id",
                try proof {
                    $0.packageNames = nil
                }, pinned([android([signerA])]), .inconclusive, .inconclusive
            ),
            (
                "inconclusive-android-no-signature-digests",
                "the attestation application id names the package but lists no signing certificate",
                try proof {
                    $0.signatureDigests = []
                }, pinned([android([signerA])]), .inconclusive, .inconclusive
            ),
            (
                "inconclusive-android-untrusted-root",
                "pinned app and signer, but the chain is not trusted: its facts attest nothing", try proof(),
                pinned([android([signerA])], trusted: false), .inconclusive, .invalid
            ),
            (
                "fail-android-untrusted-root-not-listed",
                "an untrusted chain whose claimed app is not listed: not allowed, whatever the chain",
                try proof(), pinned([android([signerA], package: "com.example.other")], trusted: false), .fail,
                .invalid
            ),
            (
                "fail-empty-list-android", "an empty list accepts no app, not even an attested one", try proof(),
                pinned([]), .fail, .invalid
            ),
            (
                "absent-android", "without expectedApps, app-identity is not reported (the seed's results)",
                try proof(), pinned(nil), nil, .valid
            ),
        ]
        addRows(rows, to: &builder)
    }

    static func appAttestCases(_ builder: inout CaseBuilder) throws {
        let authority = try AppAttestTestAuthority(name: "Octet Conformance App Identity")
        let device = AppAttestTestDevice(key: AttestationCases.appAttestKey, appId: iosAppId)
        let enrolment = try device.enrolment(by: authority, notBefore: AttestationCases.enrolledAtSeconds)
        var enrolled = device
        enrolled.enrolmentInProof = enrolment
        let draft = B.draft {
            $0.platform = .ios
            $0.appId = iosAppId
        }
        let inProof = ProofIssuer.appAttest(device: enrolled, proofKey: ConformanceKeys.proofKey).issueBytes(draft)
        let assertionOnly = ProofIssuer.appAttest(device: device, proofKey: ConformanceKeys.proofKey).issueBytes(draft)
        func pinned(_ apps: [Entry]?, trusted: Bool = true, bundle: Bool = false) -> VectorOptions {
            B.options {
                if trusted { $0.verifyOptions.trustAnchors = AttestationCases.anchors(apple: authority) }
                if bundle { $0.verifyOptions.attestationBundle = enrolment.protoData() }
                $0.verifyOptions.expectedApps = apps
            }
        }
        let rows: [Row] = [
            (
                "pass-app-attest-in-proof", "the enrolment in the proof attests the pinned App ID", inProof,
                pinned([android([signerA]), .apple(appID: iosAppId)]), .pass, .valid
            ),
            (
                "pass-app-attest-bundle", "an assertion-only proof anchored by its bundle, App ID pinned",
                assertionOnly, pinned([.apple(appID: iosAppId)], bundle: true), .pass, .valid
            ),
            (
                "fail-app-attest-not-allowed", "an attested App ID the list does not name", inProof,
                pinned([.apple(appID: "ABCDE12345.com.example.other")]), .fail, .invalid
            ),
            (
                "fail-app-attest-listed-only-as-android", "the App ID is listed only as an Android package name",
                inProof, pinned([android([signerA], package: iosAppId)]), .fail, .invalid
            ),
            (
                "inconclusive-app-attest-assertion-only",
                "an assertion-only proof without a bundle: nothing attests the pinned App ID", assertionOnly,
                pinned([.apple(appID: iosAppId)]), .inconclusive, .inconclusive
            ),
            (
                "inconclusive-app-attest-untrusted-root", "pinned App ID, enrolment to an untrusted root", inProof,
                pinned([.apple(appID: iosAppId)], trusted: false), .inconclusive, .invalid
            ),
            (
                "fail-empty-list-app-attest", "an empty list accepts no app", inProof, pinned([]), .fail, .invalid
            ),
            (
                "absent-app-attest", "without expectedApps, app-identity is not reported", inProof, pinned(nil), nil,
                .valid
            ),
        ]
        addRows(rows, to: &builder)
    }

    static func softwareCases(_ builder: inout CaseBuilder) {
        let proof = B.issue()  // a software key, app id com.example.octet
        func pinned(_ apps: [Entry]) -> VectorOptions { B.options { $0.verifyOptions.expectedApps = apps } }
        // "café" precomposed in the pin; the proof claims it decomposed: canonically equivalent, other bytes.
        let decomposed = B.issue(B.draft { $0.appId = "com.example.cafe\u{301}" })
        var malformed = B.issue()
        malformed.append(0x00)
        let rows: [Row] = [
            (
                "inconclusive-software-pinned-android", "a software-key proof of a pinned Android package",
                proof, pinned([android([signerA], package: "com.example.octet")]), .inconclusive, .inconclusive
            ),
            (
                "inconclusive-software-pinned-apple", "a software-key proof whose app id is pinned as an App ID",
                proof, pinned([.apple(appID: "com.example.octet")]), .inconclusive, .inconclusive
            ),
            (
                "fail-software-not-listed", "a software-key proof of an app the list does not name", proof,
                pinned([.apple(appID: iosAppId)]), .fail, .invalid
            ),
            (
                "fail-software-canonically-equivalent-id",
                "identifiers are compared as bytes: a decomposed app id is not the precomposed pin", decomposed,
                pinned([android([signerA], package: "com.example.caf\u{E9}")]), .fail, .invalid
            ),
            ("fail-empty-list-software", "an empty list accepts no app", proof, pinned([]), .fail, .invalid),
            (
                "not-checked-undecodable", "a proof that does not decode: app-identity NOT-CHECKED with the rest",
                malformed, pinned([.apple(appID: iosAppId)]), .notChecked, .invalid
            ),
            ("absent-software", "without expectedApps, app-identity is not reported", proof, B.options(), nil, .valid),
        ]
        addRows(rows, to: &builder)
    }
}
