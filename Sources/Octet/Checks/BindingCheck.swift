import OctetCrypto
import OctetOutcome

extension Check {
    /// `binding` (design, "Claim hashes"): every present claim among 1,2,3,4,5,6,8 is bound exactly
    /// once, by its stage kind, with a matching hash; every binding names a present field; and the
    /// platform agrees with the device evidence. Details name fields, never values.
    static let binding = Check(name: CheckName.binding) { context in
        let proof = context.proof
        let hashes = context.claimHashes
        var problems: [String] = []
        // Inline: claim fields are numbered 1...8.
        var boundBy = InlineSlots<
            (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int), Int
        >(
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), count: 16)
        // By index: no copy of each stage and binding.
        for stageIndex in proof.stages.indices {
            let kind = proof.stages[stageIndex].kind
            for bindingIndex in proof.stages[stageIndex].bindings.indices {
                let field = proof.stages[stageIndex].bindings[bindingIndex].claimField
                if Int(field) < boundBy.count { boundBy[Int(field)] += 1 }
                guard let expected = hashes[field] else {
                    problems.append("\(kind.name) binds absent claim \(ClaimField.name(field))")
                    continue
                }
                if !kind.binds(field) {
                    problems.append("\(ClaimField.name(field)) bound by \(kind.name), not by its stage")
                } else if !expected.equals(publicBytes: proof.stages[stageIndex].bindings[bindingIndex].sha256) {
                    // Both sides are the proof's own bytes: nothing secret to time.
                    problems.append("\(ClaimField.name(field)) does not match its signed hash")
                }
            }
        }
        for field in 0..<UInt32(boundBy.count) where hashes[field] != nil {
            let count = boundBy[Int(field)]
            if count == 0 { problems.append("\(ClaimField.name(field)) is not bound") }
            if count > 1 { problems.append("\(ClaimField.name(field)) is bound \(count) times") }
        }
        let claimProblems = !problems.isEmpty
        if proof.claims.platform != proof.device.kind.platform {
            problems.append(
                "platform \(proof.claims.platform.rawValue) does not match \(proof.device.name) evidence"
            )
        }
        if problems.isEmpty { return .pass(ClaimsBound(count: hashes.count)) }
        // A claim-binding problem outranks a platform mismatch for the code; the detail lists both.
        return .fail(
            claimProblems ? .claimBindingInvalid : .platformMismatch,
            Array(Set(problems)).sorted().joined(separator: "; "))
    }
}

/// `binding` PASS: "6 claims bound by their stages; platform matches the device evidence".
struct ClaimsBound: OutcomeFact {
    let count: Int

    func write<Target: TextOutputStream>(to target: inout Target) {
        target.write(String(count))
        target.write(" claims bound by their stages; platform matches the device evidence")
    }
}

/// Claim field names for details.
enum ClaimField {
    static func name(_ field: UInt32) -> String {
        ProofSchema.Claims.fields.first { $0.number == field }?.name ?? "field \(field)"
    }
}
