import OctetCrypto

/// An Android key-attestation chain, leaf first, each certificate parsed once, strictly (DER
/// throughout, then OpenSSL): what `device-attestation-sig`, `hardware-attestation` and
/// `revocation` all read, so no check parses a certificate again.
public struct AndroidCertificateChain: Sendable {
    /// One entry per certificate given; nil where it is not a strict DER X.509 certificate.
    public let certificates: [Certificate?]

    /// Parses each certificate of `chainDER` (leaf first). Callers bound the count first
    /// (`AndroidKeyAttestation.chainLengthRange`): parsing is the expensive part.
    public init<Bytes: Collection<UInt8>>(parsing chainDER: [Bytes]) {
        certificates = chainDER.map { try? StrictCertificate.parse(Array($0)).get() }
    }

    public var count: Int { certificates.count }

    /// The leaf's key when it is P-256 (for `device-attestation-sig`: it must equal `proof_key`);
    /// nil when the chain is empty, the leaf is malformed, or its key is of another kind.
    public var leafPublicKey: P256PublicKey? { certificates.first??.publicKeyP256 }
}
