import Foundation

extension VerifyOptions {
    /// The options to accept proofs with in production: the strict way, in one call.
    ///
    /// The seed's defaults verify what a proof says about itself, so a proof made with a software
    /// key, which anyone can make, passes them. This preset sets what a deployment needs on top:
    ///
    /// - `requireAttestation`: `attestation-required` fails unless `hardware-attestation` traced
    ///   the device key to Apple's or Google's root, so a software-key proof is `invalid`.
    /// - `expectedApps` = `apps`: `app-identity` passes only for one of your apps that the hardware
    ///   evidence vouches for; an attested proof from someone else's app is refused. An empty list
    ///   accepts no app.
    /// - `expectedSessionNonce` = `sessionNonce`: `session-binding` passes only for a proof bound to
    ///   the nonce you asked with, so a proof captured in another session is refused.
    ///
    /// Everything else keeps the seed's default, on purpose: the bundled trust anchors, the system
    /// clock, the tier rules of 3.1 (`verdict-tier` ignored), `maxAgeSeconds` 300 unless given.
    /// `expectedRegion` and an iOS `attestationBundle` are yours to give. A backend adds its
    /// `replayStore` and `revocationSource` afterwards (`var options = .production(…)`).
    public static func production(
        apps: [ExpectedApp], sessionNonce: Data, expectedRegion: ProofRegion? = nil,
        maxAgeSeconds: TimeInterval = defaultMaxAgeSeconds, attestationBundle: Data? = nil
    ) -> VerifyOptions {
        VerifyOptions(
            expectedRegion: expectedRegion, maxAgeSeconds: maxAgeSeconds, requireAttestation: true,
            attestationBundle: attestationBundle, expectedSessionNonce: sessionNonce, expectedApps: apps)
    }
}
