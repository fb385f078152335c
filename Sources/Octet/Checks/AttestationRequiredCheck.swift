import OctetOutcome

extension Check {
    /// `attestation-required`: only with `requireAttestation`; PASS exactly when
    /// `hardware-attestation` passed, so anything short of a traced root fails closed.
    static let attestationRequired = Check(name: CheckName.attestationRequired) { context in
        guard context.options.requireAttestation else { return .notChecked("requireAttestation is off") }
        return context.hardwareAttestation.status == .pass
            ? .pass("hardware attestation passed")
            : .fail(.attestationRequired, "hardware attestation required, and it did not pass")
    }
}
