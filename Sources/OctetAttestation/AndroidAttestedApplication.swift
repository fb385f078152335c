import OctetCrypto

extension AndroidKeyDescription {
    /// Every attestation application id the KeyDescription carries, software-enforced list first
    /// (where Keystore writes it) then hardware-enforced: what `app-identity` compares with the
    /// caller's expected apps. Empty when neither list has one.
    public var attestationApplicationIds: [AndroidAttestationApplicationId] {
        [softwareEnforced.attestationApplicationId, hardwareEnforced.attestationApplicationId].compactMap { $0 }
    }
}

extension AndroidCertificateChain {
    /// The leaf's KeyDescription, for `octet-verify inspect` (which shows the attested packages
    /// and signers so an operator can pin them); nil when the leaf is malformed, carries the
    /// extension other than exactly once, or it does not parse. Reads only: this is not a judgement.
    /// Inside `verify`, read the facts of `AndroidKeyAttestation.evaluate` instead.
    public var leafKeyDescription: AndroidKeyDescription? {
        guard case .success(let leaf)? = members.first,
            leaf.structure.extensionCount(oid: AndroidKeyAttestation.extensionOID) == 1,
            let value = leaf.structure.extensionValue(oid: AndroidKeyAttestation.extensionOID)
        else { return nil }
        return try? AndroidKeyDescription(extensionValue: Array(value))
    }
}
