import OctetAttestation
import OctetAttestationTesting
import OctetCrypto

/// An Android device as its secure hardware would describe a Keystore key: the KeyDescription
/// fields `hardware-attestation` judges, and the shape of the chain above the key.
///
/// The defaults are a locked, verified device whose TEE generated the key for `appId`, attested
/// through Remote Key Provisioning: a PASS. Change one field to break one rule.
public struct AndroidTestDevice: Sendable {
    /// The package the attestation application id names (by default), and the proofs' `app_id`.
    public var appId: String
    /// The attestation security level (Software, TrustedEnvironment, StrongBox).
    public var securityLevel: AndroidSecurityLevel = .trustedEnvironment
    /// The KeyMint security level; nil: the same as `securityLevel`.
    public var keyMintSecurityLevel: AndroidSecurityLevel? = nil
    public var verifiedBootState: AndroidVerifiedBootState = .verified
    public var deviceLocked = true
    /// The hardware-enforced origin; 0 (GENERATED) is the only one that passes.
    public var origin: Int64 = AndroidAuthorizationList.originGenerated
    /// The key's creationDateTime, the instant the chain is judged at; nil leaves it out, and the
    /// verifier then judges at the proof's `created_at_ms`.
    public var creationDateTimeMs: Int64? = nil
    /// The packages the attestation application id lists; nil leaves the id out. Default: `[appId]`.
    public var packageNames: [String]?
    /// The signing-certificate SHA-256 digests the attestation application id lists (empty: none).
    public var signatureDigests: [[UInt8]] = [AndroidKeyDescription.exampleSignatureDigest]
    /// The chain's shape: factory or RKP, the intermediates' validity, structural defects.
    public var chainOptions = AndroidTestCA.Options()

    public init(appId: String) {
        self.appId = appId
        self.packageNames = [appId]
    }

    /// The KeyDescription this device's hardware writes into the leaf.
    public func keyDescription() -> AndroidKeyDescription {
        var description = AndroidKeyDescription.hardwareExample(
            packageName: appId, creationDateTimeMs: 0, securityLevel: securityLevel)
        description.keyMintSecurityLevel = keyMintSecurityLevel ?? securityLevel
        description.softwareEnforced.creationDateTimeMs = creationDateTimeMs
        description.softwareEnforced.attestationApplicationId = packageNames.map { names in
            AndroidAttestationApplicationId(
                packages: names.map { .init(name: Array($0.utf8), version: 1) }, signatureDigests: signatureDigests)
        }
        description.hardwareEnforced.origin = origin
        description.hardwareEnforced.rootOfTrust?.verifiedBootState = verifiedBootState
        description.hardwareEnforced.rootOfTrust?.deviceLocked = deviceLocked
        return description
    }

    /// The chain, leaf first, that `ca` issues for `leafKey` on this device.
    public func chain(from ca: AndroidTestCA, leafKey: P256PublicKey) throws -> [[UInt8]] {
        try ca.chain(keyDescription: keyDescription().derEncoded(), leafKey: leafKey, options: chainOptions)
    }
}

extension ProofIssuer {
    /// An issuer of Android proofs: `device`'s chain from `ca` certifies the proof key, which signs
    /// the stages and the device input, as an attested Keystore key does.
    ///
    /// `leafKey` certifies another key instead (`device-attestation-sig` then FAILs). Verify with
    /// `TrustAnchors(appAttestRootsDER: [], androidRootsDER: [Data(ca.rootDER)])`.
    public static func android(
        ca: AndroidTestCA, device: AndroidTestDevice, proofKey: P256PrivateKey = P256PrivateKey(),
        leafKey: P256PublicKey? = nil
    ) throws -> ProofIssuer {
        let chain = try device.chain(from: ca, leafKey: leafKey ?? proofKey.publicKey)
        return ProofIssuer(proofKey: proofKey, device: .androidKey(chainDER: chain))
    }
}
