package dev.octet

import dev.octet.wire.FieldSpec
import dev.octet.wire.FieldSpec.Cardinality.PACKED
import dev.octet.wire.FieldSpec.Cardinality.REPEATED
import dev.octet.wire.WireCode
import dev.octet.wire.WireException
import dev.octet.wire.WireSchema
import dev.octet.wire.WireType
import dev.octet.wire.WireType.LENGTH_DELIMITED
import dev.octet.wire.WireType.VARINT

/**
 * Field numbers, wire types and cardinality of `octet.proto`, the schema the strict decoder reads
 * by (Swift: `ProofSchema`). The only place field numbers are written.
 */
internal object ProofSchema {
    // Bounds that several fields share (Swift: `ProofSchema.pointBytes`, `digestBytes`, …).
    /** A SEC1 uncompressed P-256 point. */
    val POINT_BYTES = 65..65
    /** A SHA-256 digest, and an App Attest key id. */
    val DIGEST_BYTES = 32..32
    /** `claims.app_id` and an enrolment's `app_id`. */
    val APP_ID_BYTES = 1..255
    /** `claims.session_nonce`. */
    val SESSION_NONCE_BYTES = 8..64
    /** A content item's key, also `[a-z0-9._-]`. */
    val CONTENT_KEY_BYTES = 1..64
    /** A content item's media type, also `type/subtype`. */
    val CONTENT_TYPE_BYTES = 1..255
    /** The stages of a proof. */
    val STAGE_COUNT = 2..4
    /** The certificates of an Android key-attestation chain. */
    val CHAIN_CERTIFICATES = 2..8

    object LocationProof {
        val formatVersion = FieldSpec(1, "format_version", VARINT)
        val proofId = FieldSpec(2, "proof_id", LENGTH_DELIMITED, bytes = 16..16)
        val proofKey = FieldSpec(3, "proof_key", LENGTH_DELIMITED, bytes = POINT_BYTES)
        val claims = FieldSpec(4, "claims", LENGTH_DELIMITED)
        val stages = FieldSpec(5, "stages", LENGTH_DELIMITED, REPEATED, records = STAGE_COUNT)
        val device = FieldSpec(6, "device", LENGTH_DELIMITED)
        val schema = WireSchema("LocationProof", listOf(formatVersion, proofId, proofKey, claims, stages, device))
    }

    object Claims {
        val createdAtMs = FieldSpec(1, "created_at_ms", VARINT)
        val platform = FieldSpec(2, "platform", VARINT)
        val appId = FieldSpec(3, "app_id", LENGTH_DELIMITED, bytes = APP_ID_BYTES)
        val region = FieldSpec(4, "region", LENGTH_DELIMITED)
        val fix = FieldSpec(5, "fix", LENGTH_DELIMITED)
        val sessionNonce = FieldSpec(6, "session_nonce", LENGTH_DELIMITED, bytes = SESSION_NONCE_BYTES)
        val content = FieldSpec(7, "content", LENGTH_DELIMITED, REPEATED)
        val assurance = FieldSpec(8, "assurance", LENGTH_DELIMITED)
        val fields = listOf(createdAtMs, platform, appId, region, fix, sessionNonce, content, assurance)
        val schema = WireSchema("Claims", fields)

        /**
         * The claims a stage binds by hash ("Claim hashes"): every one but `content`, which the
         * CONTENT stage commits through `content_root`.
         */
        fun isBound(number: Int): Boolean = number in 1..8 && number != content.number

        /** The field's name, for details. */
        fun name(number: Int): String = fields.firstOrNull { it.number == number }?.name ?: "field $number"
    }

    object Region {
        val circle = FieldSpec(1, "circle", LENGTH_DELIMITED, oneof = "shape")
        val geohash = FieldSpec(2, "geohash", LENGTH_DELIMITED, oneof = "shape")
        val polygon = FieldSpec(3, "polygon", LENGTH_DELIMITED, oneof = "shape")
        val schema = WireSchema("Region", listOf(circle, geohash, polygon))
    }

    object Circle {
        val latE7 = FieldSpec(1, "lat_e7", VARINT)
        val lonE7 = FieldSpec(2, "lon_e7", VARINT)
        val radiusM = FieldSpec(3, "radius_m", VARINT)
        val schema = WireSchema("Circle", listOf(latE7, lonE7, radiusM))
    }

    object Polygon {
        val verticesE7 = FieldSpec(1, "vertices_e7", LENGTH_DELIMITED, PACKED)
        val schema = WireSchema("Polygon", listOf(verticesE7))
    }

    object Fix {
        val latE7 = FieldSpec(1, "lat_e7", VARINT)
        val lonE7 = FieldSpec(2, "lon_e7", VARINT)
        val horizontalAccuracyMm = FieldSpec(3, "horizontal_accuracy_mm", VARINT)
        val fixTimeMs = FieldSpec(4, "fix_time_ms", VARINT)
        val source = FieldSpec(5, "source", VARINT)
        val schema = WireSchema("Fix", listOf(latE7, lonE7, horizontalAccuracyMm, fixTimeMs, source))
    }

    object ContentCommitment {
        val key = FieldSpec(1, "key", LENGTH_DELIMITED, bytes = CONTENT_KEY_BYTES)
        val contentType = FieldSpec(2, "content_type", LENGTH_DELIMITED, bytes = CONTENT_TYPE_BYTES)
        val size = FieldSpec(3, "size", VARINT)
        val sha256 = FieldSpec(4, "sha256", LENGTH_DELIMITED, bytes = DIGEST_BYTES)
        val locator = FieldSpec(5, "locator", LENGTH_DELIMITED)
        val schema = WireSchema("ContentCommitment", listOf(key, contentType, size, sha256, locator))
    }

    object AssuranceTier {
        val verdict = FieldSpec(1, "verdict", VARINT)
        val detector = FieldSpec(2, "detector", LENGTH_DELIMITED, bytes = 0..64)
        val schema = WireSchema("AssuranceTier", listOf(verdict, detector))
    }

    object Stage {
        val kind = FieldSpec(1, "kind", VARINT)
        val body = FieldSpec(2, "body", LENGTH_DELIMITED)
        val signature = FieldSpec(3, "signature", LENGTH_DELIMITED)
        val schema = WireSchema("Stage", listOf(kind, body, signature))
    }

    object StageBody {
        val bindings = FieldSpec(1, "bindings", LENGTH_DELIMITED, REPEATED)
        val contentRoot = FieldSpec(2, "content_root", LENGTH_DELIMITED, bytes = DIGEST_BYTES)
        val schema = WireSchema("StageBody", listOf(bindings, contentRoot))
    }

    object Binding {
        val claimField = FieldSpec(1, "claim_field", VARINT)
        val sha256 = FieldSpec(2, "sha256", LENGTH_DELIMITED, bytes = DIGEST_BYTES)
        val schema = WireSchema("Binding", listOf(claimField, sha256))
    }

    object DeviceEvidence {
        val appAttest = FieldSpec(1, "app_attest", LENGTH_DELIMITED, oneof = "kind")
        val androidKey = FieldSpec(2, "android_key", LENGTH_DELIMITED, oneof = "kind")
        val software = FieldSpec(3, "software", LENGTH_DELIMITED, oneof = "kind")
        val schema = WireSchema("DeviceEvidence", listOf(appAttest, androidKey, software))
    }

    object AppAttest {
        val keyId = FieldSpec(1, "key_id", LENGTH_DELIMITED, bytes = DIGEST_BYTES)
        val publicKey = FieldSpec(2, "public_key", LENGTH_DELIMITED, bytes = POINT_BYTES)
        val assertion = FieldSpec(3, "assertion", LENGTH_DELIMITED, bytes = 1..4096)
        val enrolment = FieldSpec(4, "enrolment", LENGTH_DELIMITED)
        val schema = WireSchema("AppAttest", listOf(keyId, publicKey, assertion, enrolment))
    }

    object AppAttestEnrolment {
        val keyId = FieldSpec(1, "key_id", LENGTH_DELIMITED, bytes = DIGEST_BYTES)
        val attestationObject = FieldSpec(2, "attestation_object", LENGTH_DELIMITED, bytes = 1..65536)
        val clientDataHash = FieldSpec(3, "client_data_hash", LENGTH_DELIMITED, bytes = 1..128)
        val appId = FieldSpec(4, "app_id", LENGTH_DELIMITED, bytes = APP_ID_BYTES)
        val schema = WireSchema("AppAttestEnrolment", listOf(keyId, attestationObject, clientDataHash, appId))
    }

    object AndroidKeyAttestation {
        val certificateChain = FieldSpec(1, "certificate_chain", LENGTH_DELIMITED, REPEATED, bytes = 1..16384, records = CHAIN_CERTIFICATES)
        val signature = FieldSpec(2, "signature", LENGTH_DELIMITED)
        val schema = WireSchema("AndroidKeyAttestation", listOf(certificateChain, signature))
    }

    object SoftwareKey {
        val publicKey = FieldSpec(1, "public_key", LENGTH_DELIMITED, bytes = POINT_BYTES)
        val signature = FieldSpec(2, "signature", LENGTH_DELIMITED)
        val schema = WireSchema("SoftwareKey", listOf(publicKey, signature))
    }
}

/**
 * The input bound of "Strict decoding": exactly 1 MiB is allowed. Every other bound is the
 * schema's or the design's; the decoder adds none of its own, so two implementations agree on
 * what is malformed.
 */
internal object ProofLimits {
    const val MAX_PROOF_BYTES = 1_048_576

    /** The one check of the bound, for every door a proof or an enrolment bundle comes in by. */
    fun refusal(byteCount: Int, what: String = "proof"): WireException? =
        if (byteCount <= MAX_PROOF_BYTES) null
        else WireException(WireCode.TOO_LARGE, 0, "$what of $byteCount bytes, at most $MAX_PROOF_BYTES")
}
