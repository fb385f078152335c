package dev.octet

import dev.octet.crypto.Sha256
import dev.octet.wire.ByteSlice

/** The format's domain tags: ASCII, each ending in one NUL byte. */
internal object DomainTag {
    val stage = "octet/v1/stage\u0000".toByteArray(Charsets.US_ASCII)
    val claim = "octet/v1/claim\u0000".toByteArray(Charsets.US_ASCII)
    val device = "octet/v1/device\u0000".toByteArray(Charsets.US_ASCII)
    val content = "octet/v1/content\u0000".toByteArray(Charsets.US_ASCII)
    val replay = "octet/v1/replay\u0000".toByteArray(Charsets.US_ASCII)
}

internal object BigEndian {
    fun u32(value: Int): ByteArray =
        byteArrayOf((value ushr 24).toByte(), (value ushr 16).toByte(), (value ushr 8).toByte(), value.toByte())
}

/** `claim_hash(n) = H("octet/v1/claim\0" || u32be(n) || v)`, v the field's payload exactly as encoded. */
internal object ClaimHash {
    fun of(field: Int, payload: ByteSlice): ByteArray {
        val digest = Sha256.newDigest()
        digest.update(DomainTag.claim)
        digest.update(BigEndian.u32(field))
        payload.update(digest)
        return digest.digest()
    }
}

/**
 * The chained stage inputs of "Stage signatures":
 *
 *     input_i  = "octet/v1/stage\0" || proof_id || H(proof_key) || u32be(i) || u32be(k) || prev_i || b
 *     prev_0   = 32 zero bytes;  prev_i+1 = H(input_i)
 *
 * Each input is kept whole, because the signatures are verified over the input itself
 * (SHA256withECDSA, which every provider has), never over a digest the caller holds; and the
 * committed digest `H(input_last)` covers every stage in order.
 */
internal class StageChain(proof: DecodedProof) {
    /** `input_i` for every stage. */
    val inputs: List<ByteArray>
    /** `H(input_i)` for every stage. */
    val digests: List<ByteArray>

    init {
        val keyDigest = Sha256.newDigest()
        proof.proofKey.update(keyDigest)
        val keyHash = keyDigest.digest()
        var previous = ByteArray(32)
        val inputs = ArrayList<ByteArray>(proof.stages.size)
        val digests = ArrayList<ByteArray>(proof.stages.size)
        for ((index, stage) in proof.stages.withIndex()) {
            val input = ByteArray(DomainTag.stage.size + proof.proofId.size + 32 + 4 + 4 + 32 + stage.body.size)
            var at = 0
            for (part in listOf(DomainTag.stage, proof.proofId.toByteArray(), keyHash, BigEndian.u32(index),
                BigEndian.u32(stage.kind.wireValue), previous, stage.body.toByteArray())) {
                System.arraycopy(part, 0, input, at, part.size)
                at += part.size
            }
            previous = Sha256.hash(input)
            inputs.add(input)
            digests.add(previous)
        }
        this.inputs = inputs
        this.digests = digests
    }

    /** `H(input_last)`; `prev_0` (32 zero bytes) for a chain of no stages (never, after decoding). */
    val committedDigest: ByteArray get() = digests.lastOrNull() ?: ByteArray(32)

    /** The input the device key signs: `"octet/v1/device\0" || committed digest`. */
    val deviceInput: ByteArray get() = DomainTag.device + committedDigest
}
