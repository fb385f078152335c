import Foundation
import Octet

enum ProofDecoderEntry {
    static func run(_ bytes: [UInt8]) {
        let data = Data(bytes)
        let proof = try? LocationProof(proofBytes: data)
        // The two ways into the decoder agree: LocationProof decodes exactly what wire-format passes.
        let wireFormat = Octet.verify(proofBytes: data, options: VerifyOptions(verificationTime: VerifyFuzzInput.now))
            .check(named: "wire-format")?.status
        precondition((wireFormat == .pass) == (proof != nil), "LocationProof and wire-format disagree")
        guard let proof else { return }
        // Touch every accessor: each converts decoded values and must not trap on any of them.
        var sink = proof.proofId.count &+ proof.proofKey.count &+ proof.appId.utf8.count
        sink &+= Int(proof.createdAtMilliseconds & 0xFF) &+ proof.stageKinds.count
        sink &+= proof.contentCommitments.count &+ (proof.sessionNonce?.count ?? 0)
        _ = (proof.createdAt, proof.platform, proof.region, proof.fix, proof.assuranceTier, proof.deviceEvidence)
        FuzzSink.consume(sink)
    }
}

/// Keeps the optimiser from discarding work done only for its side effects.
enum FuzzSink {
    nonisolated(unsafe) static var value = 0
    static func consume(_ x: Int) { value &+= x }
}
