// Checks whose implementation lands with its own issue report NOT-CHECKED with a detail that says
// so: never PASS. Each is replaced by its real check when that issue lands.

extension Check {
    /// `hardware-attestation`: lands with the attestation issue. Software keys have no evidence.
    static let hardwareAttestation = Check(name: CheckName.hardwareAttestation) { context in
        switch context.proof.device {
        case .software: .notChecked("software key: no hardware evidence")
        case .androidKey, .appAttest: .notChecked("hardware attestation is not verified by this build")
        }
    }

}

enum DeviceSignature {
    static func android(chain: [ArraySlice<UInt8>], signature: ArraySlice<UInt8>, context: VerificationContext) -> Outcome {
        .notChecked("Android device signatures are not verified by this build")
    }

    static func appAttest(keyId: ArraySlice<UInt8>, publicKey: ArraySlice<UInt8>, assertion: ArraySlice<UInt8>, context: VerificationContext) -> Outcome {
        .notChecked("App Attest assertions are not verified by this build")
    }
}
