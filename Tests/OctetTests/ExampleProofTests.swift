import Foundation
import Octet
import OctetEncoding
import OctetIssuer
import Testing

/// `Examples/example.proof`, which the README verifies with `octet-verify`.
@Suite("The bundled example proof")
struct ExampleProofTests {
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/example.proof")

    @Test("is valid at its capture time, inside its region and bound to its session nonce")
    func valid() throws {
        let bytes = try Data(contentsOf: Self.url)
        let result = Octet.verify(
            proofBytes: bytes,
            options: VerifyOptions(
                expectedRegion: ExampleProof.region, verificationTime: ExampleProof.createdAt.addingTimeInterval(30),
                expectedSessionNonce: Data(ExampleProof.sessionNonce)))
        #expect(result.verdict == .valid, "\(result.checks.map { "\($0.name) \($0.detail)" })")
        for name in ["region-claim", "region-type", "contains", "session-binding", "stage-signatures"] {
            #expect(result.check(named: name)?.status == .pass, "\(name)")
        }
    }

    /// Set OCTET_WRITE_EXAMPLE=1 to write a freshly issued example (then commit it).
    @Test("is what ExampleProof issues, but for its random ECDSA signatures")
    func reproducible() throws {
        let fresh = Array(try ExampleProof.issuer().issue(ExampleProof.draft()))
        if ProcessInfo.processInfo.environment["OCTET_WRITE_EXAMPLE"] == "1" {
            try Data(fresh).write(to: Self.url)
        }
        let committed = try [UInt8](Data(contentsOf: Self.url))
        #expect(Self.withoutSignatures(committed) == Self.withoutSignatures(fresh))
    }

    /// Every record of the proof, with the stage and device signatures left out.
    static func withoutSignatures(_ bytes: [UInt8]) -> [[UInt8]] {
        var records = Records(bytes)
        for index in records.list.indices where records.list[index].field == 5 {
            var stage = Records(records.list[index].payload)
            stage.remove(3)
            records.list[index].payload = stage.bytes
        }
        records.editMessage(6) { device in device.editMessage(3) { $0.remove(2) } }
        return records.list.map(\.encoded)
    }
}
