// swift-format-ignore-file
// (The examples keep README.md's layout, line for line: ReadmeTests compares them.)
import Foundation
import Octet
import OctetBackend

/// README.md's Swift examples, compiled with the tests: `ReadmeTests` checks that each README
/// block (less its `import` lines) is here, line for line, so the README cannot show code that no
/// longer compiles. The names the README leaves to the reader (`proof`, `nonce`, `accept`, `log`,
/// `releaseSignerSHA256`) are parameters.
enum ReadmeSwiftExamples {
    /// README, "Use it from a Swift package": one call against your expectations.
    static func verifyWithExpectations(
        proof: Data, nonce: Data, releaseSignerSHA256: Data, accept: () -> Void, log: (String) -> Void
    ) {
        let result = Octet.verify(proofBytes: proof, options: VerifyOptions(
            expectedRegion: .circle(latitude: 48.8584, longitude: 2.2945, radiusMeters: 500),
            maxAgeSeconds: 120,
            requireAttestation: true,
            expectedSessionNonce: nonce,
            expectedApps: [                                   // your apps, and only yours
                .apple(appID: "ABCDE12345.com.example.octet"),
                .android(packageName: "com.example.octet", signingCertificateSHA256: [releaseSignerSHA256]),
            ]))
        if result.verdict == .valid {
            accept()
        } else {
            for check in result.checks where check.status == .fail { log("\(check.name): \(check.detail)") }
        }
    }

    /// README, "Use it from a Swift package": the production twin of the example above.
    static func verifyForProduction(proof: Data, nonce: Data, releaseSignerSHA256: Data, accept: () -> Void) {
        let strict = Octet.verify(proofBytes: proof, options: .production(
            apps: [.apple(appID: "ABCDE12345.com.example.octet"),
                   .android(packageName: "com.example.octet", signingCertificateSHA256: [releaseSignerSHA256])],
            sessionNonce: nonce,
            expectedRegion: .circle(latitude: 48.8584, longitude: 2.2945, radiusMeters: 500),
            maxAgeSeconds: 120))
        if strict.verdict == .valid { accept() }
    }

    /// README, "Use it from a Swift package": a replay store from OctetBackend.
    static func verifyOnce(proof: Data, nonce: Data) throws -> ProofVerification {
        let replay = try SQLiteReplayStore(path: "/var/lib/mybackend/octet-replay.db")
        let checked = Octet.verify(proofBytes: proof, options: VerifyOptions(
            expectedSessionNonce: nonce, replayStore: replay))
        return checked
    }
}
