import Foundation
import OctetAttestationTesting
import OctetEncoding
import OctetIssuer
import Testing

/// `serve` with `options.expectedApps`: the request pins the app, as `--requests` and the flags do.
@Suite("AppIdentity over HTTP: options.expectedApps in POST /v1/verify", .serialized)
struct AppIdentityServeTests {
    @Test("an attested Android proof: PASS pinned with its signer, FAIL with another, a bad pin is 400")
    func pins() throws {
        let scratch = try Scratch()
        let ca = try AndroidTestCA(rootName: "octet-serve-app-identity")
        let anchors = scratch.path("anchors/android")
        try FileManager.default.createDirectory(atPath: anchors, withIntermediateDirectories: true)
        let pem =
            "-----BEGIN CERTIFICATE-----\n" + Base64.encode(ca.rootDER) + "\n-----END CERTIFICATE-----\n"
        try pem.write(toFile: anchors + "/root.pem", atomically: true, encoding: .utf8)
        let server = try ServeProcess(["--trust-anchors", scratch.path("anchors")], in: scratch)
        defer { server.stop() }
        var draft = ProofDraft(createdAt: Date())
        draft.platform = .android
        draft.appId = "com.example.octet"
        let proof = Base64.encode(
            try ProofIssuer.android(ca: ca, device: AndroidTestDevice(appId: "com.example.octet")).issueBytes(draft))
        func request(_ digest: String) -> String {
            #"{"proofBase64":"\#(proof)","options":{"expectedApps":[{"android":{"packageName":"com.example.octet","signingCertificateSha256Hex":["\#(digest)"]}}]}}"#
        }
        let pinned = try #require(try TestClient.verify(server.port, request(String(repeating: "ab", count: 32))).json)
        #expect(pinned.verdict == "valid")
        #expect(pinned.checkStatus("app-identity") == "PASS")
        let other = try #require(try TestClient.verify(server.port, request(String(repeating: "cd", count: 32))).json)
        #expect(other.verdict == "invalid")
        #expect(other.checkStatus("app-identity") == "FAIL")
        let bad = try TestClient.verify(server.port, request("ab"))
        #expect(bad.status == 400)
        #expect(
            bad.json?.errorField == .string("options.expectedApps[0].android.signingCertificateSha256Hex[0]"))
        let unpinned = try #require(try TestClient.verify(server.port, #"{"proofBase64":"\#(proof)"}"#).json)
        #expect(unpinned.verdict == "valid" && unpinned.checkStatus("app-identity") == nil)
        // The access log never names the app or the signer.
        #expect(server.stop() == 0)
        #expect(!server.log.contains("com.example") && !server.log.contains("abab"))
    }
}
