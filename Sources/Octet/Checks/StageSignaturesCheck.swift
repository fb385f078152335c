import OctetOutcome

extension Check {
    /// `stage-signatures` (design, "Stage signatures"): every stage is signed by `proof_key`.
    static let stageSignatures = Check(name: CheckName.stageSignatures) { context in context.stageSignatures }

    /// Judged once per call, through `context.stageSignatures`: `verdict-tier` reads it too.
    static func judgeStageSignatures(_ context: VerificationContext) -> Outcome {
        guard let key = context.proofKey else { return .fail(.proofKeyInvalid, "proof key is not a valid P-256 point") }
        let stages = context.proof.stages
        // Each stage input's SHA-256 is already in the chain: the signatures are checked on it.
        let digests = context.stageChain.digests
        var failed: [String] = []
        for (index, stage) in stages.enumerated()
        where !key.isValidSignature(stage.signature, digest: digests[index]) {
            failed.append("\(index) (\(stage.kind.name))")
        }
        if failed.isEmpty {
            let count = stages.count
            return .pass(
                DetailText.make { text in
                    text.append(count)
                    text.append(" stages signed by the proof key")
                } ?? "\(count) stages signed by the proof key")
        }
        let noun = failed.count == 1 ? "stage" : "stages"
        return .fail(.stageSignatureInvalid, "\(noun) \(failed.joined(separator: ", ")) not signed by the proof key")
    }
}
