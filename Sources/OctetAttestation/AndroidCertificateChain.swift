import OctetCrypto
import OctetOutcome

/// An Android key-attestation chain, leaf first, each certificate read once: what
/// `device-attestation-sig`, `hardware-attestation` and `revocation` all read, so no check parses
/// a certificate again.
///
/// Every certificate is read by our strict reader (design, "Well-formed certificates"), the
/// self-issued last one too. That one is then dropped (only a bundled anchor is trusted) and never
/// handed to the crypto library; every other certificate is loaded, and one that does not load is
/// malformed as well.
public struct AndroidCertificateChain: Sendable {
    /// One certificate as read.
    public struct Member: Sendable {
        /// Our strict reading.
        public let structure: CertificateStructure
        /// The crypto library's; nil only for the dropped self-issued root, which is never loaded.
        public let certificate: Certificate?
    }

    /// One entry per certificate given: the reading, or the rule it broke.
    public let members: [Result<Member, CertificateDefect>]

    /// Reads each certificate of `chainDER` (leaf first). Callers bound the count first
    /// (`AndroidKeyAttestation.chainLengthRange`): reading is the expensive part.
    public init<Bytes: Collection<UInt8>>(parsing chainDER: [Bytes]) {
        let count = chainDER.count
        members = chainDER.enumerated().map { index, der in
            CertificateStructure.read(Array(der)).flatMap { structure -> Result<Member, CertificateDefect> in
                if count > 1, index == count - 1, structure.isSelfIssued {
                    return .success(Member(structure: structure, certificate: nil))
                }
                return StrictCertificate.load(structure).map {
                    Member(structure: structure, certificate: $0.certificate)
                }
            }
        }
    }

    public var count: Int { members.count }

    /// The first certificate that is not well-formed (or, when its key or signature is used,
    /// does not load), with the rule it broke; nil when every certificate is well-formed.
    public var firstMalformed: (index: Int, defect: CertificateDefect)? {
        for (index, member) in members.enumerated() {
            if case .failure(let defect) = member { return (index, defect) }
        }
        return nil
    }

    /// True when the last certificate is self-issued and well-formed: it is set aside, unloaded.
    public var dropsSelfIssuedRoot: Bool {
        guard count > 1, case .success(let last)? = members.last else { return false }
        return last.certificate == nil
    }

    /// Why the leaf is malformed, or nil (also for an empty chain).
    public var leafDefect: CertificateDefect? {
        guard case .failure(let defect)? = members.first else { return nil }
        return defect
    }

    /// `device-attestation-sig`'s FAIL when the leaf is malformed: its key cannot be read from it.
    public var leafMalformed: Outcome? {
        leafDefect.map { .fail(.certificateMalformed, "certificate 0 (the leaf) malformed: \($0)") }
    }

    /// The leaf's key when it is P-256 (for `device-attestation-sig`: it must equal `proof_key`);
    /// nil when the chain is empty, the leaf is malformed, or its key is of another kind.
    public var leafPublicKey: P256PublicKey? {
        guard case .success(let leaf)? = members.first else { return nil }
        return leaf.certificate?.publicKeyP256
    }

    /// Each certificate's serial number, leaf first, as `CertificateStructure.serialNumberHex`
    /// has it; nil for a malformed certificate.
    public var serialNumbersHex: [String?] {
        members.map { try? $0.get().structure.serialNumberHex }
    }
}
