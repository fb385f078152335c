import Foundation
import OctetAttestation
import OctetOutcome

extension Check {
    /// `app-identity` (design, "App identity", revised 2026-12-02): only with `expectedApps`
    /// (otherwise not reported, so the seed's results are unchanged). PASS only for an app in the
    /// list *and attested* by `hardware-attestation`; an app that only claims its name is never
    /// PASS. Reads `context.hardwareAttestation` and the attestation application id the Android
    /// chain walk already parsed: the leaf is never parsed again.
    static let appIdentity = Check(name: CheckName.appIdentity) { context in
        guard let expected = context.options.expectedApps else { return nil }
        let proof = context.proof
        let evidence: AppIdentityRule.Evidence =
            switch proof.device {
            case .software: .software
            case .appAttest: .appAttest
            case .androidKey:
                .androidKey(
                    applicationIds: context.androidAttestation?.facts?.keyDescription.attestationApplicationIds ?? [])
            }
        return AppIdentityRule.judge(
            expected: expected, evidence: evidence, claimedAppId: proof.claims.appId,
            hardwareAttestation: context.hardwareAttestation.status)
    }
}

/// The rule of `app-identity`, apart from the proof so that a table can pin each outcome.
///
/// Where the design is silent, the reading that never lets an unpinned or unattested app through
/// (docs/checks.md, "app-identity"):
/// - the claimed app not in the list is FAIL `APP_NOT_ALLOWED` before anything else, whatever the
///   evidence (an empty list therefore fails every proof);
/// - an App Attest proof is matched against `.apple` entries only, an Android proof against
///   `.android` entries only; a software-key proof against either (nothing attests it anyway);
/// - the Android facts are read only when `hardware-attestation` passed: facts from a chain that
///   did not verify attest nothing (INCONCLUSIVE, never a FAIL on the strength of them);
/// - an attestation application id without signature digests attests no signer: INCONCLUSIVE;
/// - every attested digest, from every attestation application id the leaf carries, must be in
///   *one* matching entry's list (several entries for one package are alternatives, never pooled);
/// - other packages of a shared-UID attestation application id need not be listed: they share the
///   signing certificates, which are what is pinned;
/// - an entry with a defect never matches; identifiers are compared as UTF-8 bytes.
enum AppIdentityRule {
    /// The device evidence, with what an Android chain attests.
    enum Evidence {
        case software
        case appAttest
        /// The attestation application ids of the leaf's KeyDescription (empty: none), as the walk read them.
        case androidKey(applicationIds: [AndroidAttestationApplicationId])
    }

    static func judge(
        expected: [ExpectedApp], evidence: Evidence, claimedAppId: String, hardwareAttestation: OutcomeStatus
    ) -> Outcome {
        let claimed = Array(claimedAppId.utf8)
        let usable = expected.filter(\.isWellFormed)
        if expected.isEmpty { return .fail(.appNotAllowed, "expectedApps is empty: no app is accepted") }
        switch evidence {
        case .software:
            guard usable.contains(where: { $0.identifierBytes == claimed }) else {
                return .fail(.appNotAllowed, "the software-key proof's app is not in expectedApps")
            }
            return .inconclusive(.appUnattested, "software key: nothing attests the app")

        case .appAttest:
            guard usable.contains(where: { $0.appleAppIDBytes == claimed }) else {
                return .fail(.appNotAllowed, "the Apple app is not in expectedApps")
            }
            switch hardwareAttestation {
            case .pass: return .pass("attested Apple app, App ID allowed")
            case .notChecked:
                return .inconclusive(
                    .appUnattested, "assertion-only App Attest proof without an enrolment: nothing attests the App ID")
            default:
                return .inconclusive(.appUnattested, "hardware attestation did not pass: nothing attests the App ID")
            }

        case .androidKey(let applicationIds):
            let signerLists = usable.compactMap { entry -> [Data]? in
                guard case .android(let packageName, let digests) = entry, Array(packageName.utf8) == claimed else {
                    return nil
                }
                return digests
            }
            guard !signerLists.isEmpty else { return .fail(.appNotAllowed, "the Android app is not in expectedApps") }
            guard hardwareAttestation == .pass else {
                return .inconclusive(
                    .appUnattested, "hardware attestation did not pass: nothing attests the Android app")
            }
            guard !applicationIds.isEmpty else {
                return .inconclusive(
                    .appUnattested, "no attestation application id in the Android chain: nothing attests the app")
            }
            // `hardware-attestation` PASS already requires this; judged here too so the rule stands alone.
            guard applicationIds.allSatisfy({ $0.packages.contains { $0.name == claimed } }) else {
                return .fail(.appNotAllowed, "the attested Android package is not the claimed app")
            }
            let attested = applicationIds.flatMap(\.signatureDigests)
            guard !attested.isEmpty else {
                return .inconclusive(
                    .appUnattested,
                    "the attestation application id lists no signing certificate: nothing attests the signer")
            }
            guard signerLists.contains(where: { list in attested.allSatisfy { list.contains(Data($0)) } }) else {
                return .fail(.appNotAllowed, "an attested Android signer is not among the expected signers")
            }
            return .pass("attested Android app, signer matches")
        }
    }
}

extension ExpectedApp {
    /// The App ID or package name, as UTF-8 bytes.
    fileprivate var identifierBytes: [UInt8] {
        switch self {
        case .apple(let appID): Array(appID.utf8)
        case .android(let packageName, _): Array(packageName.utf8)
        }
    }

    /// The App ID of an `.apple` entry, as UTF-8 bytes; nil for `.android`.
    fileprivate var appleAppIDBytes: [UInt8]? {
        guard case .apple(let appID) = self else { return nil }
        return Array(appID.utf8)
    }
}
