import Foundation
import OctetAttestation
import OctetOutcome

extension Check {
    /// `hardware-attestation` (design, "Hardware attestation"): the device evidence traces to a
    /// root of `trustAnchors`. Android chains are always anchorable (an unknown root is FAIL); an
    /// App Attest key is anchorable with an enrolment, from the proof or `attestationBundle`.
    static let hardwareAttestation = Check(name: CheckName.hardwareAttestation) { context in
        context.hardwareAttestation
    }

    /// Judged once per call, through `context.hardwareAttestation`: `attestation-required` reads it too.
    static func judgeHardwareAttestation(_ context: VerificationContext) -> Outcome {
        let proof = context.proof
        switch proof.device {
        case .software:
            return .notChecked("software key: no hardware evidence")
        case .androidKey:
            guard let report = context.androidAttestation else { return .notChecked("no Android chain") }
            return report.judgement
        case .appAttest(let keyId, let publicKey, _, let enrolment):
            let claims = proof.claims
            if let enrolment {
                return EnrolmentJudge.judge(
                    enrolment, keyId: Array(keyId), publicKey: Array(publicKey), appId: claims.appId,
                    createdAtMs: claims.createdAtMs, anchors: context.options.trustAnchors)
            }
            guard let bundle = context.options.attestationBundle else {
                return .notChecked("assertion-only proof; no enrolment bundle")
            }
            return EnrolmentJudge.judgeBundle(
                [UInt8](bundle), keyId: Array(keyId), publicKey: Array(publicKey), appId: claims.appId,
                createdAtMs: claims.createdAtMs, anchors: context.options.trustAnchors)
        }
    }
}

/// The App Attest enrolment rules, for an enrolment inside a proof, an `attestationBundle`, and
/// `Octet.verifyAttestationBundle`: one path, one set of details.
enum EnrolmentJudge {
    static func judge(
        _ enrolment: DecodedEnrolment, keyId: [UInt8], publicKey: [UInt8], appId: String, createdAtMs: Int64,
        anchors: TrustAnchors
    ) -> Outcome {
        AppAttest.judgeEnrolment(
            enrolment.input, proofKeyId: keyId, proofPublicKey: publicKey, claimsAppId: appId,
            claimsCreatedAtMs: createdAtMs, anchors: anchors)
    }

    /// An encoded `AppAttestEnrolment`, decoded by the proof decoder's own rules first.
    static func judgeBundle(
        _ bundle: [UInt8], keyId: [UInt8], publicKey: [UInt8], appId: String, createdAtMs: Int64,
        anchors: TrustAnchors
    ) -> Outcome {
        do {
            let enrolment = try ProofDecoder.decodeEnrolmentBundle(bundle)
            return judge(
                enrolment, keyId: keyId, publicKey: publicKey, appId: appId, createdAtMs: createdAtMs, anchors: anchors)
        } catch {
            return .fail(.bundleMalformed, "attestation bundle is malformed: \(error)")
        }
    }
}

extension DecodedEnrolment {
    var input: AppAttestEnrolmentInput {
        AppAttestEnrolmentInput(
            keyId: Array(keyId), attestationObject: Array(attestationObject), clientDataHash: Array(clientDataHash),
            appId: appId)
    }
}
