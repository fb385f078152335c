import Octet

extension ReplayKey {
    /// The proof key of every key ``testing(proofId:sessionNonce:proofKey:)`` makes unless told
    /// otherwise: a 65-byte SEC1-shaped value (the identity hashes bytes, it never reads a point).
    public static let testProofKey: [UInt8] = [0x04] + [UInt8](repeating: 0x5A, count: 64)

    /// A store test's key: the identity of `proofId` under `proofKey`, so two keys with one proof id
    /// and one proof key are one proof, and keys with one id under two proof keys are two proofs.
    public static func testing(
        proofId: [UInt8], sessionNonce: [UInt8]?, proofKey: [UInt8] = testProofKey
    ) -> ReplayKey {
        ReplayKey(proofKey: proofKey, proofId: proofId, sessionNonce: sessionNonce)
    }
}
