import OctetCrypto

/// One deliberate defect, for tests that show a proof failing at the right check.
public enum Mutation: Sendable {
    /// Changes the claims after the stages were signed (binding FAIL).
    case alterClaimsAfterSigning(@Sendable (inout ProofDraft) -> Void)
    /// Removes the stage at an index after signing (stage-signatures FAIL, or wire-format when too few remain).
    case dropStage(Int)
    /// Swaps two stages after signing (wire-format FAIL: stage order).
    case swapStages(Int, Int)
    /// Signs every stage with another key (stage-signatures FAIL).
    case signStagesWith(P256PrivateKey)
    /// Flips a bit in one stage's signature.
    case corruptStageSignature(Int)
    /// Flips a bit in the device signature (device-attestation-sig FAIL).
    case corruptDeviceSignature
    /// The device key signs a digest other than the committed one.
    case deviceSignsOtherDigest
    /// Leaves a claim field unbound.
    case omitBinding(claimField: UInt32)
    /// Binds a claim field a second time, in the same stage.
    case bindTwice(claimField: UInt32)
    /// Moves a claim field's binding to another stage kind.
    case bindInStage(claimField: UInt32, stage: ProofDraft.StageKind)
    /// Adds a binding for a claim field the proof does not carry.
    case bindAbsentField(claimField: UInt32, stage: ProofDraft.StageKind)
    /// Binds a claim field with a wrong hash.
    case wrongBindingHash(claimField: UInt32)
    /// Appends a second copy of a top-level field's first record (wire-format FAIL: smuggled duplicate).
    case duplicateTopLevelField(UInt32)
    /// Appends raw bytes after the proof (wire-format FAIL: unknown field, truncation...).
    case appendBytes([UInt8])
}
