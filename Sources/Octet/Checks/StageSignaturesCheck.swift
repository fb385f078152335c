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
        // By index: no copy of each stage.
        for index in stages.indices where !key.isValidSignature(stages[index].signature, digest: digests[index]) {
            failed.append("\(index) (\(stages[index].kind.name))")
        }
        if failed.isEmpty { return .pass(StagesSigned(count: stages.count)) }
        let noun = failed.count == 1 ? "stage" : "stages"
        return .fail(.stageSignatureInvalid, "\(noun) \(failed.joined(separator: ", ")) not signed by the proof key")
    }
}

/// `stage-signatures` PASS: "3 stages signed by the proof key".
struct StagesSigned: OutcomeFact {
    let count: Int

    func write<Target: TextOutputStream>(to target: inout Target) {
        target.write(String(count))
        target.write(" stages signed by the proof key")
    }
}
