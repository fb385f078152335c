import OctetAttestation
import OctetCrypto
import OctetEncoding

/// A test certificate authority that makes Android-shaped attestation chains under its own
/// root, for tests and the issuer's test proofs. A verifier trusts it only when told to
/// (`TrustAnchors(appAttestRootsDER: [], androidRootsDER: [ca.rootDER])`).
public struct AndroidTestCA: Sendable {
    /// How to shape (or break) a chain.
    public struct Options: Sendable {
        /// Factory: root → serialNumber-named CA → attestation CA → leaf. RKP: root → "Droid CA2" →
        /// "Droid CA3" → per-device CA → leaf.
        public var provisioning: AndroidProvisioning = .rkp
        /// Validity of every intermediate (the leaf is always 1970 to 2048, as on devices).
        public var intermediateNotBefore: Int64 = 0
        public var intermediateNotAfter: Int64 = 4_102_444_800
        /// Puts a copy of the attestation extension in the certificate that signs the leaf.
        public var extensionInIntermediate = false
        /// Adds one more intermediate below the top one (a path one certificate too long).
        public var extraIntermediate = false
        /// Adds the attestation extension to the leaf a second time.
        public var repeatedLeafExtension = false
        /// Includes the self-signed root at the end of the chain, as devices do.
        public var includeRoot = true
        /// Changes to certificates' bytes, by index in the chain (leaf 0, the root last), each
        /// signed again by the certificate's issuer (the root by its own key).
        public var mutations: [Int: CertificateMutation] = [:]

        public init() {}
    }

    /// basicConstraints CA:TRUE, critical, as real roots and intermediates carry (not judged;
    /// it gives certificate mutations an extension to change).
    static let basicConstraintsCA = CertificateBuilder.Extension(
        oid: "2.5.29.19", critical: true, value: DERWriter.sequence([DERWriter.boolean(true)]))

    public let rootKey: P256PrivateKey
    public let root: Certificate
    public var rootDER: [UInt8] { root.derBytes }

    /// A CA whose root has subject `serialNumber=<rootName>`, like Google's RSA root.
    public init(rootName: String = "octet-test-root") throws {
        let key = P256PrivateKey()
        guard let name = CertificateBuilder.name([("2.5.4.5", rootName)]) else {
            throw CryptoError(.invalidCertificate)
        }
        rootKey = key
        root = try CertificateBuilder(
            serialNumber: [0x01], subjectDER: name, issuerDER: name, notBefore: 0, notAfter: 4_102_444_800,
            publicKey: key.publicKey, extensions: [Self.basicConstraintsCA]
        ).signed(by: key)
    }

    /// A chain, leaf first, whose leaf certifies `leafKey` and carries `keyDescription` (DER).
    public func chain(keyDescription: [UInt8], leafKey: P256PublicKey, options: Options = Options()) throws
        -> [[UInt8]]
    {
        let names: [[(oid: String, value: String)]]
        switch options.provisioning {
        case .factory:
            names = [
                [("2.5.4.5", "5ee8e1017e57dfe8"), ("2.5.4.12", "TEE")],
                [("2.5.4.5", "b701bdebaa0e163c"), ("2.5.4.12", "TEE")],
            ]
        case .rkp:
            names = [
                [("2.5.4.3", "Droid CA2"), ("2.5.4.10", "Google LLC")],
                [("2.5.4.3", "Droid CA3"), ("2.5.4.10", "Google LLC")],
                [("2.5.4.10", "TEE"), ("2.5.4.3", "f165849ef08b4658")],
            ]
        }
        // Top first: each certificate is signed by the one built before it.
        var intermediateNames = names
        if options.extraIntermediate { intermediateNames.insert([("2.5.4.3", "Extra CA")], at: 1) }

        let attestationExtension = CertificateBuilder.Extension(
            oid: AndroidKeyAttestation.extensionOID, value: keyDescription)
        var issuerName = root.subjectDER
        var issuerKey = rootKey
        var certificates: [Certificate] = []
        var signers: [P256PrivateKey] = []
        for (index, attributes) in intermediateNames.enumerated() {
            guard let subject = CertificateBuilder.name(attributes) else { throw CryptoError(.invalidCertificate) }
            let key = P256PrivateKey()
            let isLast = index == intermediateNames.count - 1
            let certificate = try CertificateBuilder(
                serialNumber: [UInt8(index + 2)], subjectDER: subject, issuerDER: issuerName,
                notBefore: options.intermediateNotBefore, notAfter: options.intermediateNotAfter,
                publicKey: key.publicKey,
                extensions: [Self.basicConstraintsCA]
                    + (isLast && options.extensionInIntermediate ? [attestationExtension] : [])
            ).signed(by: issuerKey)
            certificates.insert(certificate, at: 0)
            signers.insert(issuerKey, at: 0)
            issuerName = subject
            issuerKey = key
        }
        guard let leafName = CertificateBuilder.name([("2.5.4.3", "Android Keystore Key")]) else {
            throw CryptoError(.invalidCertificate)
        }
        let leaf = try CertificateBuilder(
            serialNumber: [0x01], subjectDER: leafName, issuerDER: issuerName, notBefore: 0, notAfter: 2_461_449_600,
            publicKey: leafKey,
            extensions: options.repeatedLeafExtension
                ? [attestationExtension, attestationExtension] : [attestationExtension]
        ).signed(by: issuerKey)
        var chain = ([leaf] + certificates + (options.includeRoot ? [root] : [])).map(\.derBytes)
        let chainSigners = [issuerKey] + signers + (options.includeRoot ? [rootKey] : [])
        for (index, mutation) in options.mutations.sorted(by: { $0.key < $1.key }) where chain.indices.contains(index) {
            chain[index] = try mutation.apply(to: chain[index], signer: chainSigners[index])
        }
        return chain
    }
}
