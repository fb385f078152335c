import OctetAttestation
import OctetAttestationTesting
import OctetCrypto
import OctetEncoding

/// An App Attest key held in software, standing in for a Secure Enclave key: proofs carry App
/// Attest evidence that a verifier judges with an `AppAttestTestAuthority`'s root as anchor.
///
/// Each proof's `AppAttest` message holds `key_id = H(public_key)`, the key, an assertion over
/// `clientDataHash = H(device input)` with `counter`, and `enrolmentInProof` when set.
public struct AppAttestTestDevice: Sendable {
    /// The App Attest key (not the proof key: that one signs the stages).
    public let key: P256PrivateKey
    /// "TEAMID.bundle.id": the assertions' rpIdHash is `H(appId)`.
    public var appId: String
    /// The assertion counter (App Attest's first assertion has 1; 0 FAILs).
    public var counter: UInt32 = 1
    /// The enrolment carried inside each proof; nil makes assertion-only proofs.
    public var enrolmentInProof: AppAttestEnrolmentInput? = nil

    public init(key: P256PrivateKey = P256PrivateKey(), appId: String) {
        self.key = key
        self.appId = appId
    }

    /// `key_id`: SHA-256 of the key's SEC1 point.
    public var keyId: [UInt8] { SHA256.hash(key.publicKey.x963Representation) }
    /// `public_key`: the 65-byte SEC1 point.
    public var publicKey: [UInt8] { key.publicKey.x963Representation }

    /// An enrolment of this key by `authority`, its credential certificate valid from `notBefore`
    /// (Unix seconds; a proof created earlier FAILs). `adjust` changes the genuine parts to
    /// break one rule (a wrong nonce, another aaguid, counter ≠ 0...).
    public func enrolment(
        by authority: AppAttestTestAuthority, environment: AppAttestEnvironment = .production, notBefore: Int64,
        clientDataHash: [UInt8] = SecureRandom.bytes(32),
        adjust: (inout AppAttestTestAttestation) -> Void = { _ in }
    ) throws -> AppAttestEnrolmentInput {
        var parts = authority.template(for: key.publicKey, appId: appId, environment: environment, notBefore: notBefore)
        adjust(&parts)
        return AppAttestEnrolmentInput(
            keyId: keyId, attestationObject: try authority.attestationObject(parts, clientDataHash: clientDataHash),
            clientDataHash: clientDataHash, appId: appId)
    }

    /// The encoded `AppAttest` message for one device input; `corrupt` flips a bit of the
    /// assertion's signature.
    public func appAttestMessage(deviceInput: [UInt8], corrupt: Bool = false) -> [UInt8] {
        var assertion = AppAttestTestAuthority.assertion(
            by: key, appId: appId, clientDataHash: SHA256.hash(deviceInput), counter: counter)
        if corrupt { assertion = Self.corruptingSignature(of: assertion) }
        return AppAttestMessage.encode(
            keyId: keyId, publicKey: publicKey, assertion: assertion, enrolment: enrolmentInProof?.encodedMessage())
    }

    /// The `DeviceEvidence` that makes this device's messages.
    public var evidence: ProofIssuer.DeviceEvidence {
        let device = self
        return .appAttest(
            AppAttestEvidenceMaker { input, corrupt in device.appAttestMessage(deviceInput: input, corrupt: corrupt) })
    }

    /// The assertion with one bit of its DER signature flipped, re-encoded as it was.
    private static func corruptingSignature(of assertion: [UInt8]) -> [UInt8] {
        guard let value = try? CBORDecoder.decode(assertion), let signature = value[textKey: "signature"]?.byteString,
            let authenticatorData = value[textKey: "authenticatorData"]?.byteString
        else { return assertion }
        return CBOREncoder.encode(
            .map([
                CBORMapEntry(key: .text("signature"), value: .bytes(ProofIssuer.corrupt(Array(signature)))),
                CBORMapEntry(key: .text("authenticatorData"), value: .bytes(Array(authenticatorData))),
            ]))
    }
}

extension ProofIssuer {
    /// An issuer of iOS proofs: `proofKey` signs the stages, `device`'s App Attest key asserts the
    /// device input. Verify with `authority.anchors` (or any `TrustAnchors` holding its root).
    public static func appAttest(device: AppAttestTestDevice, proofKey: P256PrivateKey = P256PrivateKey())
        -> ProofIssuer
    {
        ProofIssuer(proofKey: proofKey, device: device.evidence)
    }
}
