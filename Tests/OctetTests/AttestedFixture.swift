import Foundation
import Octet
import OctetAttestation
import OctetAttestationTesting
import OctetCrypto
import OctetIssuer

/// Test roots and devices for proofs with hardware evidence: an Android test CA and an App Attest
/// test authority, trusted only through `anchors`.
enum Attested {
    static let androidCA = try! AndroidTestCA(rootName: "octet-attested-proof-tests")
    static let authority = try! AppAttestTestAuthority(name: "Octet Attested Proof Tests")
    /// Both test roots, and nothing else.
    static let anchors = TrustAnchors(
        appAttestRootsDER: [Data(authority.root.derBytes)], androidRootsDER: [Data(androidCA.rootDER)])

    static let androidAppId = "com.example.octet"
    static let iosAppId = "ABCDE12345.com.example.octet"
    /// The drafts' creation time (`Fixture.draft()`: 10 s before now), in whole seconds.
    static let createdAtSeconds: Int64 = (Fixture.nowMs - 10_000) / 1000
    /// An hour before the proofs: when the App Attest enrolments happened.
    static let enrolledAtSeconds: Int64 = createdAtSeconds - 3600

    static let appAttestKey = try! P256PrivateKey(rawScalar: [UInt8](repeating: 0, count: 31) + [3])

    static func androidDraft() -> ProofDraft {
        var draft = Fixture.draft()
        draft.platform = .android
        draft.appId = androidAppId
        return draft
    }

    static func iosDraft() -> ProofDraft {
        var draft = Fixture.draft()
        draft.platform = .ios
        draft.appId = iosAppId
        return draft
    }

    /// A genuine Android device, changed by `adjust`.
    static func androidDevice(_ adjust: (inout AndroidTestDevice) -> Void = { _ in }) -> AndroidTestDevice {
        var device = AndroidTestDevice(appId: androidAppId)
        adjust(&device)
        return device
    }

    static func androidIssuer(
        leafKey: P256PublicKey? = nil, _ adjust: (inout AndroidTestDevice) -> Void = { _ in }
    ) throws -> ProofIssuer {
        try ProofIssuer.android(
            ca: androidCA, device: androidDevice(adjust), proofKey: Fixture.proofKey, leafKey: leafKey)
    }

    static func appAttestDevice(key: P256PrivateKey = appAttestKey) -> AppAttestTestDevice {
        AppAttestTestDevice(key: key, appId: iosAppId)
    }

    /// A genuine enrolment of `device` an hour before the proofs, changed by `adjust`.
    static func enrolment(
        of device: AppAttestTestDevice = appAttestDevice(), environment: AppAttestEnvironment = .production,
        notBefore: Int64 = enrolledAtSeconds, _ adjust: (inout AppAttestTestAttestation) -> Void = { _ in }
    ) throws -> AppAttestEnrolmentInput {
        try device.enrolment(by: authority, environment: environment, notBefore: notBefore, adjust: adjust)
    }

    static func options(_ build: (inout VerifyOptions) -> Void = { _ in }) -> VerifyOptions {
        Fixture.options {
            $0.trustAnchors = anchors
            $0.requireAttestation = true
            build(&$0)
        }
    }
}
