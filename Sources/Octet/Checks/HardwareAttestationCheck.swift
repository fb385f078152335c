import Foundation
import OctetAttestation

extension Check {
    /// `hardware-attestation` (design, "Hardware attestation"): the device evidence traces to a
    /// root of `trustAnchors`. Android chains are always anchorable (an unknown root is FAIL); an
    /// App Attest key is anchorable with an enrolment, from the proof or `attestationBundle`.
    static let hardwareAttestation = Check(name: CheckName.hardwareAttestation) { context in
        let proof = context.proof
        switch proof.device {
        case .software:
            return .notChecked("software key: no hardware evidence")
        case .androidKey(let chain, _):
            return Outcome(
                AndroidKeyAttestation.judge(
                    chainDER: chain.map(Array.init), appId: proof.claims.appId, createdAtMs: proof.claims.createdAtMs,
                    anchors: context.options.trustAnchors))
        case .appAttest(let keyId, let publicKey, _, let enrolment):
            let source: DecodedEnrolment
            if let enrolment {
                source = enrolment
            } else if let bundle = context.options.attestationBundle {
                do {
                    source = try ProofDecoder.decodeEnrolmentBundle([UInt8](bundle))
                } catch {
                    return .fail("attestation bundle is malformed: \(error)")
                }
            } else {
                return .notChecked("assertion-only proof; no enrolment bundle")
            }
            return Outcome(
                AppAttest.judgeEnrolment(
                    source.input, proofKeyId: Array(keyId), proofPublicKey: Array(publicKey),
                    claimsAppId: proof.claims.appId, claimsCreatedAtMs: proof.claims.createdAtMs,
                    anchors: context.options.trustAnchors))
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

extension Outcome {
    init(_ judgement: AttestationJudgement) {
        switch judgement.status {
        case .pass: self = .pass(judgement.detail)
        case .fail: self = .fail(judgement.detail)
        case .notChecked: self = .notChecked(judgement.detail)
        }
    }
}
