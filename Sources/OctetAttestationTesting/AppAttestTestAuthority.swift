import Foundation
import OctetAttestation
import OctetCrypto
import OctetEncoding

/// Makes App Attest-shaped evidence with software keys, under its own PKI (root → attestation
/// CA → credential certificate), for tests and the issuer's test proofs. Never used by the
/// verifier: its root is trusted only where a caller passes `anchors`.
///
/// `AppAttestTestAttestation` holds every part of one attestation, genuine by default; change
/// a field to break one rule, then encode it with `attestationObject(_:clientDataHash:)`.
public final class AppAttestTestAuthority: Sendable {
    public let root: Certificate
    public let intermediate: Certificate
    let intermediateKey: P256PrivateKey
    let rootKey: P256PrivateKey

    /// Trust anchors holding only this authority's root (for `judgeEnrolment`).
    public var anchors: TrustAnchors { TrustAnchors(appAttestRootsDER: [Data(root.derBytes)], androidRootsDER: []) }

    /// A new root and attestation CA, valid over `notBefore...notAfter` (Unix seconds; by
    /// default 2020-01-01 to 2100-01-01). `name` tells two test authorities apart.
    public init(
        name: String = "Octet Test", rootKey: P256PrivateKey = P256PrivateKey(),
        intermediateKey: P256PrivateKey = P256PrivateKey(), notBefore: Int64 = 1_577_836_800,
        notAfter: Int64 = 4_102_444_800
    ) throws {
        guard let rootName = CertificateBuilder.name([(oid: "2.5.4.3", value: "\(name) App Attestation Root CA")]),
            let caName = CertificateBuilder.name([(oid: "2.5.4.3", value: "\(name) App Attestation CA 1")])
        else { throw CryptoError(.invalidCertificate) }
        let isCA = CertificateBuilder.Extension(
            oid: "2.5.29.19", critical: true, value: DERWriter.sequence([DERWriter.boolean(true)]))
        root = try CertificateBuilder(
            serialNumber: [1], subjectDER: rootName, issuerDER: rootName, notBefore: notBefore, notAfter: notAfter,
            publicKey: rootKey.publicKey, extensions: [isCA]
        ).signed(by: rootKey)
        intermediate = try CertificateBuilder(
            serialNumber: [2], subjectDER: caName, issuerDER: rootName, notBefore: notBefore, notAfter: notAfter,
            publicKey: intermediateKey.publicKey, extensions: [isCA]
        ).signed(by: rootKey)
        self.intermediateKey = intermediateKey
        self.rootKey = rootKey
    }

    /// The parts of a genuine attestation of `key` for `appId`, its credential certificate
    /// valid for three days from `notBefore` (Unix seconds), as App Attest makes them.
    public func template(
        for key: P256PublicKey, appId: String, environment: AppAttestEnvironment = .production, notBefore: Int64
    ) -> AppAttestTestAttestation {
        let point = key.x963Representation
        return AppAttestTestAttestation(
            rpIdHash: SHA256.hash(Array(appId.utf8)), aaguid: environment.aaguid, credentialId: SHA256.hash(point),
            coseKey: Self.coseKey(point), certificateKey: key, notBefore: notBefore, notAfter: notBefore + 3 * 86_400)
    }

    /// The CBOR attestation object for `parts`, with a credential certificate made now.
    public func attestationObject(_ parts: AppAttestTestAttestation, clientDataHash: [UInt8]) throws -> [UInt8] {
        let authData = parts.authenticatorData()
        let nonce = parts.nonce ?? SHA256.hash(authData + clientDataHash)
        let nonceExtension = CertificateBuilder.Extension(
            oid: "1.2.840.113635.100.8.2",
            value: parts.nonceExtensionValue
                ?? DERWriter.sequence([DERWriter.explicit(1, DERWriter.octetString(nonce))]))
        guard let subject = CertificateBuilder.name([(oid: "2.5.4.3", value: "Octet test App Attest credential")])
        else {
            throw CryptoError(.invalidCertificate)
        }
        let credential = try CertificateBuilder(
            serialNumber: Array(SHA256.hash(parts.certificateKey.x963Representation).prefix(8)), subjectDER: subject,
            issuerDER: parts.issuerDER ?? intermediate.subjectDER, notBefore: parts.notBefore, notAfter: parts.notAfter,
            publicKey: parts.certificateKey,
            extensions: [CertificateBuilder.Extension](repeating: nonceExtension, count: parts.nonceExtensionCount)
        ).signed(by: parts.certificateSigner ?? intermediateKey)

        let credentialDER =
            try parts.credentialMutation.map {
                try $0.apply(to: credential.derBytes, signer: parts.certificateSigner ?? intermediateKey)
            } ?? credential.derBytes
        let intermediateDER =
            try parts.intermediateMutation.map {
                try $0.apply(to: intermediate.derBytes, signer: rootKey)
            } ?? intermediate.derBytes
        var statement = [
            CBORMapEntry(key: .text("x5c"), value: .array([.bytes(credentialDER), .bytes(intermediateDER)]))
        ]
        if let receipt = parts.receipt { statement.append(CBORMapEntry(key: .text("receipt"), value: .bytes(receipt))) }
        statement += parts.extraStatementMembers
        return CBOREncoder.encode(
            .map([
                CBORMapEntry(key: .text("fmt"), value: .text(parts.format)),
                CBORMapEntry(key: .text("attStmt"), value: .map(statement)),
                CBORMapEntry(key: .text("authData"), value: .bytes(authData)),
            ]))
    }

    /// A genuine enrolment of `key` for `appId`, ready for `AppAttest.judgeEnrolment`.
    public func enrolment(
        of key: P256PublicKey, appId: String, clientDataHash: [UInt8], environment: AppAttestEnvironment = .production,
        notBefore: Int64
    ) throws -> AppAttestEnrolmentInput {
        let parts = template(for: key, appId: appId, environment: environment, notBefore: notBefore)
        return AppAttestEnrolmentInput(
            keyId: SHA256.hash(key.x963Representation),
            attestationObject: try attestationObject(parts, clientDataHash: clientDataHash),
            clientDataHash: clientDataHash, appId: appId)
    }

    /// An assertion as App Attest makes it: `{"signature", "authenticatorData"}`, the signature
    /// over `H(authenticatorData || clientDataHash)` as a message. Flags 0x40 (AT set, as real
    /// devices do); `extensions`, when given, is appended as the trailing CBOR map.
    public static func assertion(
        by key: P256PrivateKey, appId: String, clientDataHash: [UInt8], counter: UInt32 = 1, flags: UInt8 = 0x40,
        extensions: CBORValue? = nil
    ) -> [UInt8] {
        let authenticatorData =
            SHA256.hash(Array(appId.utf8)) + [flags] + bigEndian(counter)
            + (extensions.map(CBOREncoder.encode) ?? [])
        let nonce = SHA256.hash(authenticatorData + clientDataHash)
        return CBOREncoder.encode(
            .map([
                CBORMapEntry(key: .text("signature"), value: .bytes(key.signature(for: nonce))),
                CBORMapEntry(key: .text("authenticatorData"), value: .bytes(authenticatorData)),
            ]))
    }

    /// The COSE_Key App Attest writes: kty 2, alg -7 (ES256), crv 1, x, y.
    public static func coseKey(_ point: [UInt8]) -> CBORValue {
        .map([
            CBORMapEntry(key: .int(1), value: .int(2)), CBORMapEntry(key: .int(3), value: .int(-7)),
            CBORMapEntry(key: .int(-1), value: .int(1)),
            CBORMapEntry(key: .int(-2), value: .bytes(Array(point.dropFirst().prefix(32)))),
            CBORMapEntry(key: .int(-3), value: .bytes(Array(point.dropFirst(33)))),
        ])
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] { BigEndian.bytes(UInt64(value), width: 4) }
}

/// Every part of one test attestation. The defaults from `AppAttestTestAuthority.template`
/// are genuine; each field breaks one rule when changed.
public struct AppAttestTestAttestation: Sendable {
    // Authenticator data.
    public var rpIdHash: [UInt8]
    public var flags: UInt8 = 0x40
    public var counter: UInt32 = 0
    public var aaguid: [UInt8]
    public var credentialId: [UInt8]
    public var coseKey: CBORValue
    /// Appended after the COSE key (iOS 27 writes one map of `apple_*` keys).
    public var trailingBytes: [UInt8] = []

    // Credential certificate.
    public var certificateKey: P256PublicKey
    public var notBefore: Int64
    public var notAfter: Int64
    /// nil: `H(authData || clientDataHash)`.
    public var nonce: [UInt8]? = nil
    /// nil: `SEQUENCE { [1] EXPLICIT OCTET STRING nonce }`.
    public var nonceExtensionValue: [UInt8]? = nil
    public var nonceExtensionCount = 1
    /// nil: the attestation CA's subject.
    public var issuerDER: [UInt8]? = nil
    /// nil: the attestation CA's key.
    public var certificateSigner: P256PrivateKey? = nil

    /// A change to the credential certificate's bytes (signed again by its signer).
    public var credentialMutation: CertificateMutation? = nil
    /// A change to the x5c intermediate's bytes (signed again by the root).
    public var intermediateMutation: CertificateMutation? = nil

    // Attestation object.
    public var format = "apple-appattest"
    /// Its bytes are not judged; nil leaves it out (attStmt must hold it: a FAIL).
    public var receipt: [UInt8]? = [0x30, 0x00]
    /// Members added to attStmt (attStmt must hold exactly x5c and receipt: a FAIL).
    public var extraStatementMembers: [CBORMapEntry] = []

    public init(
        rpIdHash: [UInt8], aaguid: [UInt8], credentialId: [UInt8], coseKey: CBORValue, certificateKey: P256PublicKey,
        notBefore: Int64, notAfter: Int64
    ) {
        self.rpIdHash = rpIdHash
        self.aaguid = aaguid
        self.credentialId = credentialId
        self.coseKey = coseKey
        self.certificateKey = certificateKey
        self.notBefore = notBefore
        self.notAfter = notAfter
    }

    /// rpIdHash | flags | counter | aaguid | credentialId length | credentialId | COSE key | trailing bytes.
    public func authenticatorData() -> [UInt8] {
        rpIdHash + [flags] + AppAttestTestAuthority.bigEndian(counter) + aaguid
            + [UInt8(truncatingIfNeeded: credentialId.count >> 8), UInt8(truncatingIfNeeded: credentialId.count)]
            + credentialId + CBOREncoder.encode(coseKey) + trailingBytes
    }
}
