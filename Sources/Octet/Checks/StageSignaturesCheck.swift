import OctetOutcome

extension Check {
    /// `stage-signatures` (design, "Stage signatures"): every stage is signed by `proof_key`.
    static let stageSignatures = Check(name: CheckName.stageSignatures) { context in context.stageSignatures }

    /// The PASS detail for each stage count the decoder admits (2...4), made once: a detail made
    /// per call was a string built and allocated on every valid proof.
    static let stagePassDetails = (0...4).map(stagePassDetail)

    static func stagePassDetail(_ count: Int) -> String { "\(count) stages signed by the proof key" }

    /// Judged once per call, through `context.stageSignatures`: `verdict-tier` reads it too.
    static func judgeStageSignatures(_ context: VerificationContext) -> Outcome {
        guard let key = context.proofKey else { return .fail(.proofKeyInvalid, "proof key is not a valid P-256 point") }
        let stages = context.proof.stages
        // Each stage input's SHA-256 is already in the chain: the signatures are checked on it.
        let digests = context.stageChain.digests
        var failed: [String] = []
        // By index: iterating copied every stage out (a retain and a release of all it holds).
        for index in stages.indices where !key.isValidSignature(stages[index].signature, digest: digests[index]) {
            failed.append("\(index) (\(stages[index].kind.name))")
        }
        if failed.isEmpty {
            let count = stages.count
            return .pass(count < stagePassDetails.count ? stagePassDetails[count] : stagePassDetail(count))
        }
        let noun = failed.count == 1 ? "stage" : "stages"
        return .fail(.stageSignatureInvalid, "\(noun) \(failed.joined(separator: ", ")) not signed by the proof key")
    }
}
