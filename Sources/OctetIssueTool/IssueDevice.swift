import Foundation
import OctetAttestation
import OctetAttestationTesting
import OctetCrypto
import OctetEncoding
import OctetIssuer

/// Device evidence for `octet-issue --platform android|ios`: chains and attestations made
/// under a fresh test authority (never a real Apple or Google root), whose root the user trusts with
/// `--trust-anchors` to see `attestation-root` / `app-attest` pass; without it they fail or stay
/// NOT-CHECKED, as they should.
enum IssueDevice {
    struct Made {
        var issuer: ProofIssuer
        /// DIR-relative path (`android/…` or `apple/…`) → PEM of the test root.
        var anchorFile: (path: String, pem: String)?
        /// iOS with `--bundle-out`: the encoded `AppAttestEnrolment`.
        var bundle: Data?
    }

    /// The app id App Attest expects: `TEAMID.bundle.id`.
    static let iosAppId = "A1B2C3D4E5.com.example.octet"

    /// `androidSigners`: the attestation application id's signature digests; nil: the example's.
    static func make(
        _ platform: IssueConfiguration.Platform, appId: String, createdAtMs: Int64, bundleSeparately: Bool,
        androidSigners: [[UInt8]]? = nil
    ) throws -> Made {
        let proofKey = P256PrivateKey()
        switch platform {
        case .software:
            return Made(issuer: ProofIssuer(proofKey: proofKey))
        case .android:
            let ca = try AndroidTestCA(rootName: "octet-verify-issue-root")
            let description = AndroidKeyDescription.hardwareExample(
                packageName: appId, creationDateTimeMs: createdAtMs,
                signatureDigests: androidSigners ?? [AndroidKeyDescription.exampleSignatureDigest])
            let chain = try ca.chain(keyDescription: description.derEncoded(), leafKey: proofKey.publicKey)
            return Made(
                issuer: ProofIssuer(proofKey: proofKey, device: .androidKey(chainDER: chain)),
                anchorFile: ("android/" + fileName(ca.rootDER), pem(ca.rootDER)))
        case .ios:
            let authority = try AppAttestTestAuthority(name: "Octet Verify Issue")
            let deviceKey = P256PrivateKey()
            let point = deviceKey.publicKey.x963Representation
            let challenge = SHA256.hash(Array("octet-verify issue enrolment".utf8))
            let enrolment = try authority.enrolment(
                of: deviceKey.publicKey, appId: appId, clientDataHash: challenge, notBefore: createdAtMs / 1000 - 60)
            let enrolmentBytes = enrolment.encodedMessage()
            let maker = AppAttestEvidenceMaker { deviceInput, corrupt in
                var assertion = AppAttestTestAuthority.assertion(
                    by: deviceKey, appId: appId, clientDataHash: SHA256.hash(deviceInput))
                if corrupt {
                    assertion = AppAttestTestAuthority.assertion(by: deviceKey, appId: appId, clientDataHash: challenge)
                }
                return AppAttestMessage.encode(
                    keyId: SHA256.hash(point), publicKey: point, assertion: assertion,
                    enrolment: bundleSeparately ? nil : enrolmentBytes)
            }
            return Made(
                issuer: ProofIssuer(proofKey: proofKey, device: .appAttest(maker)),
                anchorFile: ("apple/" + fileName(authority.root.derBytes), pem(authority.root.derBytes)),
                bundle: bundleSeparately ? Data(enrolmentBytes) : nil)
        }
    }

    /// Named for the root, so roots of several runs can share one anchors directory.
    static func fileName(_ der: [UInt8]) -> String {
        "octet-verify-issue-root-" + Hex.encode(SHA256.hash(der).prefix(6)) + ".pem"
    }

    /// One certificate as PEM, 64 base64 characters a line.
    static func pem(_ der: [UInt8]) -> String {
        let base64 = Data(der).base64EncodedString()
        var lines: [Substring] = []
        var rest = Substring(base64)
        while !rest.isEmpty {
            lines.append(rest.prefix(64))
            rest = rest.dropFirst(64)
        }
        return "-----BEGIN CERTIFICATE-----\n" + lines.joined(separator: "\n") + "\n-----END CERTIFICATE-----\n"
    }
}
