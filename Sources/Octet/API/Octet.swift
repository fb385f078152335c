import Foundation

/// On-device proof verification: static, synchronous, offline (seed: "Octet.verify").
public enum Octet {
    /// Verifies `proof`: the same result as `verify(proofBytes: proof.proofBytes)`, without decoding
    /// the bytes a second time (a `LocationProof` only exists once they decoded). Never throws.
    public static func verify(_ proof: LocationProof, options: VerifyOptions = VerifyOptions()) -> ProofVerification {
        Recipe.run(proof.decoded, options: options)
    }

    /// Verifies the raw bytes of a proof against the keys inside it, with no network call.
    /// An undecodable input gives `verdict == .invalid` with a `wire-format` FAIL; nothing throws.
    public static func verify(proofBytes: Data, options: VerifyOptions = VerifyOptions()) -> ProofVerification {
        // Refuse an oversized input before copying it.
        if let refusal = ProofLimits.refusal(byteCount: proofBytes.count) {
            return Recipe.undecodable(refusal, options: options)
        }
        return Recipe.run([UInt8](copying: proofBytes), options: options)
    }
}

extension [UInt8] {
    /// `data`'s bytes, copied through its buffer (one memcpy): `[UInt8](data)` walks Data's
    /// iterator byte by byte.
    init(copying data: Data) { self = data.withUnsafeBytes { [UInt8]($0) } }
}
