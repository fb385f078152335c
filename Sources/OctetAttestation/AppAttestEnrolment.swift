import OctetCrypto
import OctetEncoding
import OctetOutcome

/// An App Attest enrolment, decoded from the proof's `AppAttestEnrolment` message (or the
/// `attestationBundle` option) by the caller.
public struct AppAttestEnrolmentInput: Sendable {
    /// What `generateKey` returned: SHA-256 of the credential public key.
    public var keyId: [UInt8]
    /// What `attestKey` returned: CBOR, fmt "apple-appattest".
    public var attestationObject: [UInt8]
    /// The exact bytes given to `attestKey` as clientDataHash (normally 32; Apple's samples use
    /// the raw challenge).
    public var clientDataHash: [UInt8]
    /// "TEAMID.bundle.id".
    public var appId: String

    public init(keyId: [UInt8], attestationObject: [UInt8], clientDataHash: [UInt8], appId: String) {
        self.keyId = keyId
        self.attestationObject = attestationObject
        self.clientDataHash = clientDataHash
        self.appId = appId
    }
}

/// The two aaguids App Attest writes, naming the environment the key was made in: production
/// (App Store, TestFlight) or development (builds signed with a development profile).
public enum AppAttestEnvironment: String, Sendable, CaseIterable {
    case production, development

    public static let productionAAGUID: [UInt8] = Array("appattest".utf8) + [UInt8](repeating: 0, count: 7)
    public static let developmentAAGUID: [UInt8] = Array("appattestdevelop".utf8)

    /// The 16-byte aaguid of this environment.
    public var aaguid: [UInt8] { self == .production ? Self.productionAAGUID : Self.developmentAAGUID }

    /// The environment an aaguid names, or nil for any other value.
    public init?(aaguid: ArraySlice<UInt8>) {
        if aaguid.elementsEqual(Self.productionAAGUID) {
            self = .production
        } else if aaguid.elementsEqual(Self.developmentAAGUID) {
            self = .development
        } else {
            return nil
        }
    }
}

extension AppAttest {
    /// Every enrolment rule of `hardware-attestation` for `app_attest`, in the design's order;
    /// throws the first that fails, returns the PASS detail.
    static func verifyEnrolment(
        _ enrolment: AppAttestEnrolmentInput, proofKeyId: [UInt8], proofPublicKey: [UInt8], claimsAppId: String,
        claimsCreatedAtMs: Int64, anchors: AnchorSet
    ) throws(AppAttestFailure) -> String {
        guard enrolment.keyId == proofKeyId else {
            throw AppAttestFailure(.keyIdMismatch, "enrolment is for another key_id")
        }

        let object = try AppAttestAttestationObject.parse(enrolment.attestationObject)
        guard object.x5c.count == 2 else {
            throw AppAttestFailure(.evidenceMalformed, "x5c must hold exactly two certificates")
        }
        let credentialRead = try certificate(object.x5c, 0, role: "the credential certificate")
        let credential = credentialRead.certificate
        let intermediate = try certificate(object.x5c, 1, role: "the intermediate").certificate
        try verifyChain(credential: credential, intermediate: intermediate, anchors: anchors)

        let (authData, attested) = try AppAttestAuthenticatorData.parseAttestation(object.authData)
        let nonce = SHA256.hash(parts: [Array(object.authData), enrolment.clientDataHash])
        guard try AppAttestNonceExtension.nonce(in: credentialRead.structure) == nonce else {
            throw AppAttestFailure(.nonceMismatch, "nonce extension does not match authData and client_data_hash")
        }
        guard let certificateKey = credential.publicKeyP256?.x963Representation else {
            throw AppAttestFailure(.keyInvalid, "credential certificate key is not a P-256 key")
        }
        guard attested.publicKey == certificateKey else {
            throw AppAttestFailure(.keyMismatch, "COSE key differs from the credential certificate's key")
        }
        let keyHash = SHA256.hash(certificateKey)
        guard keyHash == enrolment.keyId else {
            throw AppAttestFailure(.keyIdMismatch, "key_id is not SHA-256 of the credential key")
        }
        guard attested.credentialId.elementsEqual(keyHash) else {
            throw AppAttestFailure(.keyIdMismatch, "credentialId is not SHA-256 of the credential key")
        }
        guard Array(authData.rpIdHash) == SHA256.hash(Array(enrolment.appId.utf8)) else {
            throw AppAttestFailure(.rpIdMismatch, "rpIdHash does not match the enrolment app_id")
        }
        guard enrolment.appId == claimsAppId else {
            throw AppAttestFailure(.appIdMismatch, "enrolment app_id differs from claims.app_id")
        }
        guard authData.counter == 0 else { throw AppAttestFailure(.counterInvalid, "attestation counter is not 0") }
        guard let environment = AppAttestEnvironment(aaguid: attested.aaguid) else {
            throw AppAttestFailure(.aaguidUnknown, "aaguid is neither App Attest production nor development")
        }
        guard certificateKey == proofPublicKey else {
            throw AppAttestFailure(
                .keyMismatch, "attested credential key differs from app_attest.public_key (\(environment.rawValue))")
        }
        let (notBeforeMs, overflow) = credential.notBefore.multipliedReportingOverflow(by: 1000)
        guard !overflow, claimsCreatedAtMs >= notBeforeMs else {
            throw AppAttestFailure(
                .proofPredatesEnrolment, "proof predates its enrolment (created before the credential certificate)")
        }
        return "App Attest enrolment verified (\(environment.rawValue))"
    }

    /// x5c's certificate at `index`, well-formed by our own reading (design, "Well-formed
    /// certificates") and then loaded: CERTIFICATE_MALFORMED naming the index otherwise.
    private static func certificate(_ x5c: [ArraySlice<UInt8>], _ index: Int, role: String) throws(AppAttestFailure)
        -> StrictCertificate
    {
        switch StrictCertificate.load(Array(x5c[index])) {
        case .success(let strict): return strict
        case .failure(let defect):
            throw AppAttestFailure(.certificateMalformed, "x5c certificate \(index) (\(role)) malformed: \(defect)")
        }
    }

    /// Credential ← intermediate ← an anchor: names chained as DER bytes, each signature
    /// verified, both x5c certificates valid at the credential certificate's notBefore (an
    /// enrolment is a one-time event; credential certificates live about three days). The
    /// anchor's own validity is not judged.
    private static func verifyChain(
        credential: Certificate, intermediate: Certificate, anchors: AnchorSet
    ) throws(AppAttestFailure) {
        guard credential.issuerDER == intermediate.subjectDER, credential.isSignedBy(intermediate) else {
            throw AppAttestFailure(.chainBroken, "credential certificate is not signed by the x5c intermediate")
        }
        guard anchors.anchors(intermediate) else {
            throw AppAttestFailure(.chainUntrusted, "credential certificate chain does not reach the App Attest root")
        }
        let time = credential.notBefore
        guard credential.notAfter >= time else {
            throw AppAttestFailure(.certificateNotValidAtTime, "credential certificate validity is empty")
        }
        guard intermediate.notBefore <= time, time <= intermediate.notAfter else {
            throw AppAttestFailure(
                .certificateNotValidAtTime, "x5c intermediate is not valid at the credential certificate's notBefore")
        }
    }
}
