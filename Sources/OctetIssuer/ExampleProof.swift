import Foundation
import Octet
import OctetCrypto

/// The recipe of `Examples/example.proof`: fixed keys and claims, so the bundled example can be
/// made again (its ECDSA signatures differ on each issue; everything else is byte-identical).
public enum ExampleProof {
    /// 2026-11-29T12:00:00Z, the example's capture time.
    public static let createdAt = Date(timeIntervalSince1970: 1_795_953_600)
    /// The example's session nonce, "session-nonce-01".
    public static let sessionNonce = Array("session-nonce-01".utf8)
    /// The claimed region: a 250 m circle.
    public static let region = ProofRegion.circle(latitude: 48.8584, longitude: 2.2945, radiusMeters: 250)

    /// Stage key scalar 0x11…11, device key scalar 0x22…22.
    /// Throws only if swift-crypto refuses a valid scalar (both are valid P-256 private keys).
    public static func issuer() throws -> ProofIssuer {
        let proofKey = try P256PrivateKey(rawScalar: Array(repeating: 0x11, count: 32))
        let deviceKey = try P256PrivateKey(rawScalar: Array(repeating: 0x22, count: 32))
        return ProofIssuer(proofKey: proofKey, device: .software(deviceKey))
    }

    public static func draft() -> ProofDraft {
        var draft = ProofDraft(
            createdAt: createdAt, region: region,
            fix: ProofDraft.Fix(latitude: 48.85837, longitude: 2.29448, horizontalAccuracyMillimeters: 4_500))
        draft.proofId = Array("octet-example-01".utf8)
        draft.appId = "com.example.octet"
        draft.sessionNonce = sessionNonce
        draft.assurance = .init(verdict: .verified, detector: "disc/2.4")
        return draft
    }
}
