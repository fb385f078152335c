package dev.octet

import dev.octet.geometry.RegionE7
import dev.octet.wire.ByteSlice

/**
 * The decoded proof, as the checks see it (Swift: `DecodedProof`). Every signed or hashed part is
 * a [ByteSlice] of the input, so signatures and hashes are checked over exactly what arrived.
 */
internal class DecodedProof(
    /** The verifier's own copy of the input; never written. */
    val bytes: ByteArray,
    val proofId: ByteSlice,
    val proofKey: ByteSlice,
    val claims: DecodedClaims,
    val stages: List<DecodedStage>,
    val device: DeviceEvidence
)

internal enum class StageKind(val wireValue: Int) {
    CAPTURE(1),
    FIX(2),
    CONTENT(3),
    VERDICT(4);

    /** Whether a stage of this kind binds claim `field` (design, "Claim hashes"). */
    fun binds(field: Int): Boolean = when (this) {
        CAPTURE -> field == ProofSchema.Claims.createdAtMs.number || field == ProofSchema.Claims.platform.number ||
            field == ProofSchema.Claims.appId.number || field == ProofSchema.Claims.sessionNonce.number
        FIX -> field == ProofSchema.Claims.region.number || field == ProofSchema.Claims.fix.number
        CONTENT -> false
        VERDICT -> field == ProofSchema.Claims.assurance.number
    }

    companion object {
        fun of(wireValue: Int): StageKind? = values().firstOrNull { it.wireValue == wireValue }
    }
}

internal class DecodedFix(
    val latE7: Int,
    val lonE7: Int,
    /** uint32 on the wire. */
    val horizontalAccuracyMm: Long,
    val fixTimeMs: Long,
    val source: LocationProof.FixSource
)

internal class DecodedContentItem(
    val key: String,
    val contentType: String,
    /** uint64 on the wire: the 64 bits in a Long (negative above Long.MAX_VALUE). */
    val size: Long,
    val sha256: ByteSlice,
    val locator: String?
)

internal class DecodedClaims(
    val createdAtMs: Long,
    val platform: LocationProof.Platform,
    val appId: String,
    val region: RegionE7,
    val fix: DecodedFix,
    val sessionNonce: ByteSlice?,
    val content: List<DecodedContentItem>,
    val assurance: LocationProof.AssuranceTier?,
    /** Where each bound claim's payload lies in the input; the claim hashes are taken over these. */
    val payloads: ClaimPayloads
)

/**
 * For each present claim field among 1,2,3,4,5,6,8: where its payload lies in the proof's bytes,
 * exactly as encoded (length-delimited: the bytes inside; varint: the varint's bytes).
 */
internal class ClaimPayloads {
    private val starts = IntArray(FIELD_COUNT) { -1 }
    private val ends = IntArray(FIELD_COUNT) { -1 }

    fun set(field: Int, start: Int, end: Int) {
        starts[field] = start
        ends[field] = end
    }

    /** The payload of `field` in `bytes`, null when the claim is absent. */
    fun payload(field: Int, bytes: ByteArray): ByteSlice? =
        if (field in 0 until FIELD_COUNT && starts[field] >= 0) ByteSlice(bytes, starts[field], ends[field]) else null

    companion object {
        const val FIELD_COUNT = 9
    }
}

internal class DecodedBinding(val claimField: Int, val sha256: ByteSlice)

internal class DecodedStage(
    val kind: StageKind,
    val body: ByteSlice,
    val signature: ByteSlice,
    val bindings: List<DecodedBinding>,
    val contentRoot: ByteSlice?
)

internal class DecodedEnrolment(
    val keyId: ByteSlice,
    val attestationObject: ByteSlice,
    val clientDataHash: ByteSlice,
    val appId: String
)

internal sealed class DeviceEvidence {
    class AppAttest(val keyId: ByteSlice, val publicKey: ByteSlice, val assertion: ByteSlice, val enrolment: DecodedEnrolment?) :
        DeviceEvidence()

    class AndroidKey(val chain: List<ByteSlice>, val signature: ByteSlice) : DeviceEvidence()

    class Software(val publicKey: ByteSlice, val signature: ByteSlice) : DeviceEvidence()

    /** The oneof member's name in `octet.proto`, for details. */
    val name: String
        get() = when (this) {
            is AppAttest -> "app_attest"
            is AndroidKey -> "android_key"
            is Software -> "software"
        }

    /** The platform this kind of evidence belongs to (binding: they must agree). */
    val platform: LocationProof.Platform
        get() = when (this) {
            is AppAttest -> LocationProof.Platform.IOS
            is AndroidKey -> LocationProof.Platform.ANDROID
            is Software -> LocationProof.Platform.SOFTWARE
        }
}
