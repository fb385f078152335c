import OctetCrypto
import OctetOutcome

extension Check {
    /// `device-attestation-sig` (design, "Device signature"): the device key's signature over
    /// `"octet/v1/device\0" || committed digest`.
    static let deviceAttestationSig = Check(name: CheckName.deviceAttestationSig) { context in
        switch context.proof.device {
        case .software(let publicKey, let signature):
            guard let key = try? P256PublicKey(x963Point: publicKey) else {
                return .fail(.keyInvalid, "software device key is not a valid P-256 point")
            }
            return key.isValidSignature(signature, digest: context.deviceDigest)
                ? .pass("software device key signed the committed digest")
                : .fail(.deviceSignatureInvalid, "software device signature does not verify over the committed digest")
        case .androidKey(_, let signature):
            return DeviceSignature.android(signature: signature, context: context)
        case .appAttest(let keyId, let publicKey, let assertion, let enrolment):
            return DeviceSignature.appAttest(
                keyId: keyId, publicKey: publicKey, assertion: assertion, hasEnrolment: enrolment != nil,
                context: context)
        }
    }
}
