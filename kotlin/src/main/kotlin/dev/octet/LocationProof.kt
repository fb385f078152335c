package dev.octet

import dev.octet.geometry.RegionE7
import dev.octet.wire.WireException
import java.util.Collections

/**
 * A location proof: its bytes, and typed read-only access to what it claims (Swift: `LocationProof`).
 *
 * The constructor decodes [proofBytes] strictly (proof-format.md, "Strict decoding") and throws
 * [ProofDecodingException] saying why when they are malformed. Decoding is not verification: a
 * decoded proof may still be forged or stale; only [Octet.verify] judges it. The bytes are copied
 * in, and every array this class hands out is a fresh copy.
 */
class LocationProof(proofBytes: ByteArray) {
    private val bytes: ByteArray
    internal val decoded: DecodedProof

    init {
        ProofLimits.refusal(proofBytes.size)?.let { throw decodingException(it) }
        bytes = proofBytes.copyOf()
        decoded = try {
            ProofDecoder.decode(bytes)
        } catch (e: WireException) {
            throw decodingException(e)
        }
    }

    /** The encoded proof, exactly as given (a copy). */
    val proofBytes: ByteArray get() = bytes.copyOf()

    /** The platform the proof claims to come from. */
    enum class Platform(internal val wireValue: Int) {
        IOS(1),
        ANDROID(2),
        SOFTWARE(3);

        internal companion object {
            fun ofWireValue(value: Int): Platform? = values().firstOrNull { it.wireValue == value }
        }
    }

    /** How the fix was measured. */
    enum class FixSource(internal val wireValue: Int) {
        GNSS(1),
        FUSED(2),
        NETWORK(3);

        internal companion object {
            fun ofWireValue(value: Int): FixSource? = values().firstOrNull { it.wireValue == value }
        }
    }

    /** The measured position. Not log-safe: never write it to logs. */
    data class Fix(
        val latitude: Double,
        val longitude: Double,
        val horizontalAccuracyMeters: Double,
        /** The fix's time, Unix milliseconds (`fix_time_ms`). */
        val timeMillis: Long,
        val source: FixSource
    )

    /** One committed content item (the salt stays with the app). [sha256] is a copy. */
    class ContentCommitment internal constructor(
        val key: String,
        val contentType: String,
        /** The content's length in bytes: a uint64 on the wire, here its 64 bits (negative above Long.MAX_VALUE). */
        val size: Long,
        sha256: ByteArray,
        val locator: String?
    ) {
        private val digest = sha256

        /** SHA-256(salt || content), 32 bytes (a copy). */
        val sha256: ByteArray get() = digest.copyOf()

        override fun equals(other: Any?): Boolean =
            other is ContentCommitment && other.key == key && other.contentType == contentType && other.size == size &&
                other.digest.contentEquals(digest) && other.locator == locator

        override fun hashCode(): Int = key.hashCode() * 31 + digest.contentHashCode()

        /** Names the key and the type only. */
        override fun toString(): String = "ContentCommitment(key=$key, contentType=$contentType, size=$size)"
    }

    /** The assurance tier the proof carries; whether it is signed is [Octet.verify]'s concern. */
    data class AssuranceTier(val verdict: LocationProofVerdict, val detector: String?)

    /** The device evidence kind, by its name in `octet.proto`. */
    enum class DeviceEvidenceKind(val wireName: String) {
        APP_ATTEST("app_attest"),
        ANDROID_KEY("android_key"),
        SOFTWARE("software")
    }

    /** The 16-byte proof id (a copy). */
    val proofId: ByteArray get() = decoded.proofId.toByteArray()

    /** The 65-byte SEC1 uncompressed P-256 stage key (a copy). */
    val proofKey: ByteArray get() = decoded.proofKey.toByteArray()

    /** Capture time (`created_at_ms`), Unix milliseconds. */
    val createdAtMillis: Long get() = decoded.claims.createdAtMs

    val platform: Platform get() = decoded.claims.platform

    /** iOS: "TEAMID.bundle.id"; Android: the package name. */
    val appId: String get() = decoded.claims.appId

    /** The claimed region, in degrees (e7 / 1e7). */
    val region: ProofRegion get() = regionInDegrees(decoded.claims.region)

    val fix: Fix
        get() {
            val fix = decoded.claims.fix
            return Fix(
                fix.latE7 / 1e7, fix.lonE7 / 1e7, fix.horizontalAccuracyMm / 1000.0, fix.fixTimeMs, fix.source
            )
        }

    /** The session nonce the proof is bound to (a copy), or null. */
    val sessionNonce: ByteArray? get() = decoded.claims.sessionNonce?.toByteArray()

    val contentCommitments: List<ContentCommitment>
        get() = Collections.unmodifiableList(decoded.claims.content.map {
            ContentCommitment(it.key, it.contentType, it.size, it.sha256.toByteArray(), it.locator)
        })

    val assuranceTier: AssuranceTier? get() = decoded.claims.assurance

    /** The stage kinds, in order ("CAPTURE", "FIX", ...). */
    val stageKinds: List<String> get() = Collections.unmodifiableList(decoded.stages.map { it.kind.name })

    /**
     * The device key the evidence carries: the software key or the App Attest credential key
     * (65-byte SEC1 points, a copy). Null for Android, whose key is the leaf certificate's ([proofKey]).
     */
    val deviceKey: ByteArray?
        get() = when (val device = decoded.device) {
            is DeviceEvidence.Software -> device.publicKey.toByteArray()
            is DeviceEvidence.AppAttest -> device.publicKey.toByteArray()
            is DeviceEvidence.AndroidKey -> null
        }

    /** An Android proof's key-attestation chain as DER certificates, leaf first (copies); empty otherwise. */
    val androidCertificateChain: List<ByteArray>
        get() = when (val device = decoded.device) {
            is DeviceEvidence.AndroidKey -> Collections.unmodifiableList(device.chain.map { it.toByteArray() })
            else -> emptyList()
        }

    val deviceEvidence: DeviceEvidenceKind
        get() = when (decoded.device) {
            is DeviceEvidence.AppAttest -> DeviceEvidenceKind.APP_ATTEST
            is DeviceEvidence.AndroidKey -> DeviceEvidenceKind.ANDROID_KEY
            is DeviceEvidence.Software -> DeviceEvidenceKind.SOFTWARE
        }

    /** Names the platform and the stages only: log-safe. */
    override fun toString(): String = "LocationProof(platform=$platform, stages=$stageKinds, evidence=${deviceEvidence.wireName})"

    private companion object {
        fun decodingException(error: WireException): ProofDecodingException =
            ProofDecodingException(error.code.reasonCode, error.description)

        fun regionInDegrees(region: RegionE7): ProofRegion = when (region) {
            is RegionE7.Circle -> ProofRegion.Circle(
                region.center.latE7 / 1e7, region.center.lonE7 / 1e7, region.radiusMeters.toDouble()
            )
            is RegionE7.Geohash -> ProofRegion.Geohash(region.hash)
            is RegionE7.Polygon -> ProofRegion.Polygon(region.vertices.map { ProofRegion.Coordinate(it.latE7 / 1e7, it.lonE7 / 1e7) })
        }
    }
}
