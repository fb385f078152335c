package dev.octet


/**
 * On-device proof verification: static, synchronous, offline (seed: "Octet.verify").
 *
 * Never throws, on any bytes and any options: an undecodable input is INVALID with a
 * `wire-format` FAIL, and a `RuntimeException` or `Error` raised inside a check (by the platform's
 * crypto provider, or by a [ReplayStore] or [RevocationSource] you inject) becomes that check's
 * FAIL (INCONCLUSIVE for a store or source that could not answer), never an escape.
 */
object Octet {
    /**
     * Verifies [proof]: the same result as `verify(proof.proofBytes, options)`, without decoding
     * the bytes again (a [LocationProof] only exists once they decoded).
     */
    @JvmStatic
    @JvmOverloads
    fun verify(proof: LocationProof, options: VerifyOptions = VerifyOptions()): ProofVerification =
        Recipe.run(proof.decoded, options)

    /**
     * Verifies the raw bytes of a proof against the keys inside it, with no network call. The
     * bytes are copied first (an oversized input is refused before the copy).
     */
    @JvmStatic
    @JvmOverloads
    fun verify(proofBytes: ByteArray, options: VerifyOptions = VerifyOptions()): ProofVerification {
        ProofLimits.refusal(proofBytes.size)?.let { return Recipe.undecodable(it, options) }
        return Recipe.run(proofBytes.copyOf(), options)
    }
}
