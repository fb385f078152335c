import Foundation
import Octet
import OctetIssuer
import Testing

/// `VerifyOptions.production(apps:sessionNonce:)`: what it sets, and that it refuses what the
/// seed's defaults accept (a software key, another app, another session).
@Suite("VerifyOptions.production: hardware evidence from your apps, for your session")
struct ProductionOptionsTests {
    static let nonce = Data("production-session-1".utf8)
    static let app = ExpectedApp.android(
        packageName: Attested.androidAppId, signingCertificateSHA256: [Data(repeating: 0xAB, count: 32)])

    /// The preset at the fixture's clock, trusting the test roots in place of Apple's and Google's.
    static func options(apps: [ExpectedApp] = [app], nonce: Data = nonce) -> VerifyOptions {
        var options = VerifyOptions.production(apps: apps, sessionNonce: nonce)
        options.verificationTime = Fixture.now
        options.trustAnchors = Attested.anchors
        return options
    }

    static func attestedProof(nonce: Data? = nonce) throws -> Data {
        var draft = Attested.androidDraft()
        draft.sessionNonce = nonce.map { [UInt8]($0) }
        return try Attested.androidIssuer { $0.signatureDigests = [[UInt8](repeating: 0xAB, count: 32)] }
            .issue(draft)
    }

    @Test("sets requireAttestation, the apps and the nonce, and leaves every other member at the seed's default")
    func members() {
        let region = ProofRegion.circle(latitude: 48.8584, longitude: 2.2945, radiusMeters: 250)
        let options = VerifyOptions.production(
            apps: [Self.app], sessionNonce: Self.nonce, expectedRegion: region, maxAgeSeconds: 120)
        #expect(options.requireAttestation)
        #expect(options.expectedApps == [Self.app])
        #expect(options.expectedSessionNonce == Self.nonce)
        #expect(options.expectedRegion == region)
        #expect(options.maxAgeSeconds == 120)
        #expect(options.trustAnchors == .bundled)
        #expect(options.verificationTime == nil && !options.honorVerdictTier && options.attestationBundle == nil)
        #expect(options.callerMetadata == nil && !options.requireCallerMetadata)
        #expect(options.replayStore == nil && options.revocationSource == nil)
        #expect(VerifyOptions.production(apps: [], sessionNonce: Self.nonce).maxAgeSeconds == 300)
    }

    @Test("an attested proof from a pinned app, bound to the nonce, is valid")
    func acceptsAttested() throws {
        let result = Octet.verify(proofBytes: try Self.attestedProof(), options: Self.options())
        #expect(result.verdict == .valid, "\(result.checks.map { "\($0.name) \($0.status) \($0.detail)" })")
        #expect(result.status("attestation-required") == .pass)
        #expect(result.status("app-identity") == .pass)
        #expect(result.status("session-binding") == .pass)
    }

    @Test("a software-key proof that the seed's defaults accept is invalid: attestation-required FAILs")
    func refusesSoftwareKey() {
        var draft = Fixture.draft()
        draft.sessionNonce = [UInt8](Self.nonce)
        let bytes = Fixture.issuer.issue(draft)
        #expect(Octet.verify(proofBytes: bytes, options: Fixture.options()).verdict == .valid)
        let result = Octet.verify(proofBytes: bytes, options: Self.options())
        #expect(result.verdict == .invalid)
        #expect(result.status("attestation-required") == .fail)
    }

    @Test("an attested proof of an app not pinned is invalid: app-identity FAILs")
    func refusesOtherApp() throws {
        let other = ExpectedApp.android(
            packageName: "com.example.other", signingCertificateSHA256: [Data(repeating: 0xAB, count: 32)])
        let result = Octet.verify(proofBytes: try Self.attestedProof(), options: Self.options(apps: [other]))
        #expect(result.verdict == .invalid)
        #expect(result.status("app-identity") == .fail)
    }

    @Test("an attested proof bound to another session, or to none, is invalid: session-binding FAILs")
    func refusesOtherSession() throws {
        for nonce in [Data("another-session".utf8), nil] {
            let result = Octet.verify(proofBytes: try Self.attestedProof(nonce: nonce), options: Self.options())
            #expect(result.verdict == .invalid)
            #expect(result.status("session-binding") == .fail)
        }
    }
}
