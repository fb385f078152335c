package dev.octet

import dev.octet.wire.ByteSlice
import dev.octet.wire.FieldSpec
import dev.octet.wire.WireCode
import dev.octet.wire.WireException
import dev.octet.wire.WireRun
import dev.octet.wire.WireSlot
import dev.octet.wire.WireView


/**
 * The strict decoder of "Strict decoding" (proof-format.md): protobuf wire format, read more
 * strictly than protobuf so that two implementations can never read one proof two ways (Swift:
 * `ProofDecoder`, whose order of checks it keeps, so the first defect reported is the same one).
 *
 * Each message is read once ([WireView.read]: the schema's rules for every record, in wire order),
 * its records kept in locals; then its values are checked in a fixed order, nested messages in
 * turn: the earliest message's structure first, then its values field by field.
 */
internal object ProofDecoder {
    /** Decodes `bytes` (the caller's private copy, kept by reference in the result). */
    fun decode(bytes: ByteArray): DecodedProof {
        ProofLimits.refusal(bytes.size)?.let { throw it }
        val f = ProofSchema.LocationProof
        val proof = WireView(bytes, 0, bytes.size, f.schema)
        var version: WireSlot? = null
        var proofId: WireSlot? = null
        var proofKey: WireSlot? = null
        var claims: WireSlot? = null
        var device: WireSlot? = null
        // A proof has at most four stages: more is an error before any stage is decoded.
        val stages = arrayOfNulls<WireSlot>(4)
        var stageCount = 0
        proof.read { slot ->
            when (slot.fieldNumber) {
                f.formatVersion.number -> version = slot
                f.proofId.number -> proofId = slot
                f.proofKey.number -> proofKey = slot
                f.claims.number -> claims = slot
                f.stages.number -> {
                    if (stageCount < stages.size) stages[stageCount] = slot
                    stageCount += 1
                }
                f.device.number -> device = slot
            }
        }
        val formatVersion = proof.uint32(proof.required(version, f.formatVersion), "format_version")
        if (formatVersion != 1L) throw WireException(WireCode.BOUND_VIOLATED, proof.offset, "LocationProof.format_version must be 1")
        val id = proof.bounded(proof.required(proofId, f.proofId), f.proofId)
        val key = point(proof, proofKey, f.proofKey)
        val decodedClaims = decodeClaims(proof.message(proof.required(claims, f.claims), ProofSchema.Claims.schema))
        val decodedStages = decodeStages(proof, stages, stageCount)
        val decodedDevice = decodeDevice(proof.message(proof.required(device, f.device), ProofSchema.DeviceEvidence.schema))
        return DecodedProof(bytes, id, key, decodedClaims, decodedStages, decodedDevice)
    }

    /** A 65-byte SEC1 uncompressed point: whether it lies on the curve is the signature checks' concern. */
    private fun point(message: WireView, slot: WireSlot?, field: FieldSpec): ByteSlice {
        val record = message.required(slot, field)
        val value = message.bounded(record, field)
        if (value[0] != 0x04.toByte()) {
            throw WireException(WireCode.BOUND_VIOLATED, record.offset, "${message.name}.${field.name} is not an uncompressed point")
        }
        return value
    }

    // Claims

    private fun decodeClaims(claims: WireView): DecodedClaims {
        val c = ProofSchema.Claims
        var createdAt: WireSlot? = null
        var platform: WireSlot? = null
        var appId: WireSlot? = null
        var region: WireSlot? = null
        var fix: WireSlot? = null
        var sessionNonce: WireSlot? = null
        var assurance: WireSlot? = null
        val content = WireRun()
        val payloads = ClaimPayloads()
        claims.read { slot ->
            if (c.isBound(slot.fieldNumber)) payloads.set(slot.fieldNumber, slot.start, slot.end)
            when (slot.fieldNumber) {
                c.createdAtMs.number -> createdAt = slot
                c.platform.number -> platform = slot
                c.appId.number -> appId = slot
                c.region.number -> region = slot
                c.fix.number -> fix = slot
                c.sessionNonce.number -> sessionNonce = slot
                c.content.number -> content.add(slot)
                c.assurance.number -> assurance = slot
            }
        }
        val createdAtMs = claims.int64(claims.required(createdAt, c.createdAtMs))
        val decodedPlatform = claims.enumValue(claims.required(platform, c.platform), "platform") { LocationProof.Platform.ofWireValue(it) }
        val appIdRecord = claims.required(appId, c.appId)
        claims.bounded(appIdRecord, c.appId)
        val decodedAppId = claims.string(appIdRecord, "app_id")
        val decodedRegion = RegionDecoding.decode(claims.message(claims.required(region, c.region), ProofSchema.Region.schema))
        val decodedFix = decodeFix(claims.message(claims.required(fix, c.fix), ProofSchema.Fix.schema))
        val nonce = sessionNonce?.let { claims.bounded(it, c.sessionNonce) }
        val items = ArrayList<DecodedContentItem>()
        val keys = HashSet<String>()
        claims.forEach(content) { record ->
            val item = decodeContent(claims.message(record, ProofSchema.ContentCommitment.schema))
            if (!keys.add(item.key)) throw WireException(WireCode.BOUND_VIOLATED, record.offset, "Claims.content has a repeated key")
            items.add(item)
        }
        val decodedAssurance = assurance?.let { decodeAssurance(claims.message(it, ProofSchema.AssuranceTier.schema)) }
        return DecodedClaims(
            createdAtMs, decodedPlatform, decodedAppId, decodedRegion, decodedFix, nonce, items, decodedAssurance, payloads
        )
    }

    private fun decodeAssurance(tier: WireView): LocationProof.AssuranceTier {
        val a = ProofSchema.AssuranceTier
        var verdict: WireSlot? = null
        var detector: WireSlot? = null
        tier.read { slot ->
            when (slot.fieldNumber) {
                a.verdict.number -> verdict = slot
                a.detector.number -> detector = slot
            }
        }
        val decodedVerdict = tier.enumValue(tier.required(verdict, a.verdict), "verdict") { LocationProofVerdict.ofWireValue(it) }
        val decodedDetector = detector?.let {
            tier.bounded(it, ProofSchema.AssuranceTier.detector)
            tier.string(it, "detector")
        }
        return LocationProof.AssuranceTier(decodedVerdict, decodedDetector)
    }

    private fun decodeFix(fix: WireView): DecodedFix {
        val x = ProofSchema.Fix
        var latE7: WireSlot? = null
        var lonE7: WireSlot? = null
        var accuracy: WireSlot? = null
        var fixTime: WireSlot? = null
        var source: WireSlot? = null
        fix.read { slot ->
            when (slot.fieldNumber) {
                x.latE7.number -> latE7 = slot
                x.lonE7.number -> lonE7 = slot
                x.horizontalAccuracyMm.number -> accuracy = slot
                x.fixTimeMs.number -> fixTime = slot
                x.source.number -> source = slot
            }
        }
        val lat = fix.sint32(fix.required(latE7, x.latE7), "lat_e7")
        val lon = fix.sint32(fix.required(lonE7, x.lonE7), "lon_e7")
        RegionDecoding.checkCoordinate(lat, lon, fix)
        val accuracyMm = fix.uint32(fix.required(accuracy, x.horizontalAccuracyMm), "horizontal_accuracy_mm")
        val time = fix.int64(fix.required(fixTime, x.fixTimeMs))
        val decodedSource = fix.enumValue(fix.required(source, x.source), "source") { LocationProof.FixSource.ofWireValue(it) }
        return DecodedFix(lat, lon, accuracyMm, time, decodedSource)
    }

    private fun decodeContent(item: WireView): DecodedContentItem {
        val k = ProofSchema.ContentCommitment
        var key: WireSlot? = null
        var contentType: WireSlot? = null
        var size: WireSlot? = null
        var sha256: WireSlot? = null
        var locator: WireSlot? = null
        item.read { slot ->
            when (slot.fieldNumber) {
                k.key.number -> key = slot
                k.contentType.number -> contentType = slot
                k.size.number -> size = slot
                k.sha256.number -> sha256 = slot
                k.locator.number -> locator = slot
            }
        }
        val keyRecord = item.required(key, k.key)
        val decodedKey = item.string(keyRecord, "key")
        val keyBytes = item.payload(keyRecord)
        val keyBound = ProofSchema.CONTENT_KEY_BYTES
        if (keyBytes.size !in keyBound || !ContentSyntax.isKey(keyBytes)) {
            throw WireException(
                WireCode.BOUND_VIOLATED, keyRecord.offset, "ContentCommitment.key must be ${keyBound.first}..${keyBound.last} bytes of [a-z0-9._-]"
            )
        }
        val typeRecord = item.required(contentType, k.contentType)
        val decodedType = item.string(typeRecord, "content_type")
        val typeBytes = item.payload(typeRecord)
        if (typeBytes.size !in ProofSchema.CONTENT_TYPE_BYTES || !ContentSyntax.isMediaType(typeBytes)) {
            throw WireException(WireCode.BOUND_VIOLATED, typeRecord.offset, "ContentCommitment.content_type is not type/subtype")
        }
        val decodedSize = item.required(size, k.size).varint
        val digest = item.bounded(item.required(sha256, k.sha256), k.sha256)
        val decodedLocator = locator?.let { item.string(it, "locator") }
        return DecodedContentItem(decodedKey, decodedType, decodedSize, digest, decodedLocator)
    }

    // Stages

    /** `records` holds the first four stage records of `count`. */
    private fun decodeStages(proof: WireView, records: Array<WireSlot?>, count: Int): List<DecodedStage> {
        val bound = ProofSchema.STAGE_COUNT
        if (count !in bound) {
            throw WireException(
                if (count == 0) WireCode.MISSING_FIELD else WireCode.BOUND_VIOLATED, proof.offset,
                "LocationProof.stages has $count stages, expected ${bound.first}..${bound.last}"
            )
        }
        val stages = ArrayList<DecodedStage>(count)
        for (index in 0 until count) {
            val record = records[index] ?: continue
            val stage = decodeStage(proof.message(record, ProofSchema.Stage.schema))
            // CAPTURE, FIX, then optionally CONTENT, then optionally VERDICT: strictly increasing
            // kinds with CAPTURE and FIX first expresses all of it.
            val position = stages.size
            val inOrder = when (position) {
                0 -> stage.kind == StageKind.CAPTURE
                1 -> stage.kind == StageKind.FIX
                else -> stage.kind.wireValue > stages[position - 1].kind.wireValue
            }
            if (!inOrder) {
                throw WireException(
                    WireCode.BOUND_VIOLATED, record.offset,
                    "stage $position is ${stage.kind.name}: expected CAPTURE, FIX, then optionally CONTENT, then optionally VERDICT"
                )
            }
            stages.add(stage)
        }
        return stages
    }

    private fun decodeStage(stage: WireView): DecodedStage {
        val s = ProofSchema.Stage
        val b = ProofSchema.StageBody
        var kind: WireSlot? = null
        var body: WireSlot? = null
        var signature: WireSlot? = null
        stage.read { slot ->
            when (slot.fieldNumber) {
                s.kind.number -> kind = slot
                s.body.number -> body = slot
                s.signature.number -> signature = slot
            }
        }
        val decodedKind = stage.enumValue(stage.required(kind, s.kind), "kind") { StageKind.of(it) }
        val bodyRecord = stage.required(body, s.body)
        val decodedSignature = stage.payload(stage.required(signature, s.signature))
        val bodyMessage = stage.message(bodyRecord, b.schema)
        val bindingRun = WireRun()
        var contentRoot: WireSlot? = null
        bodyMessage.read { slot ->
            when (slot.fieldNumber) {
                b.bindings.number -> bindingRun.add(slot)
                b.contentRoot.number -> contentRoot = slot
            }
        }
        val bindings = ArrayList<DecodedBinding>(minOf(bindingRun.count, 16))
        bodyMessage.forEach(bindingRun) { record ->
            bindings.add(decodeBinding(bodyMessage.message(record, ProofSchema.Binding.schema), record.offset))
        }
        val root = contentRoot
        val decodedRoot = if (root != null) {
            if (decodedKind != StageKind.CONTENT) {
                throw WireException(WireCode.BOUND_VIOLATED, root.offset, "content_root in a ${decodedKind.name} stage")
            }
            bodyMessage.bounded(root, ProofSchema.StageBody.contentRoot)
        } else {
            if (decodedKind == StageKind.CONTENT) {
                throw WireException(WireCode.MISSING_FIELD, bodyMessage.offset, "StageBody.content_root of the CONTENT stage")
            }
            null
        }
        return DecodedStage(decodedKind, stage.payload(bodyRecord), decodedSignature, bindings, decodedRoot)
    }

    /** `offset` is the binding's record in its stage body, where an unbound claim field is reported. */
    private fun decodeBinding(binding: WireView, offset: Int): DecodedBinding {
        val n = ProofSchema.Binding
        var claimField: WireSlot? = null
        var sha256: WireSlot? = null
        binding.read { slot ->
            when (slot.fieldNumber) {
                n.claimField.number -> claimField = slot
                n.sha256.number -> sha256 = slot
            }
        }
        val field = binding.uint32(binding.required(claimField, n.claimField), "claim_field")
        if (field > 8L || !ProofSchema.Claims.isBound(field.toInt())) {
            throw WireException(WireCode.BOUND_VIOLATED, offset, "Binding.claim_field $field is not one of 1,2,3,4,5,6,8")
        }
        val hash = binding.bounded(binding.required(sha256, n.sha256), n.sha256)
        return DecodedBinding(field.toInt(), hash)
    }

    // Device evidence

    private fun decodeDevice(device: WireView): DeviceEvidence {
        val d = ProofSchema.DeviceEvidence
        var appAttest: WireSlot? = null
        var androidKey: WireSlot? = null
        var software: WireSlot? = null
        device.read { slot ->
            when (slot.fieldNumber) {
                d.appAttest.number -> appAttest = slot
                d.androidKey.number -> androidKey = slot
                d.software.number -> software = slot
            }
        }
        appAttest?.let { return decodeAppAttest(device.message(it, ProofSchema.AppAttest.schema)) }
        androidKey?.let { return decodeAndroid(device.message(it, ProofSchema.AndroidKeyAttestation.schema)) }
        software?.let { return decodeSoftware(device.message(it, ProofSchema.SoftwareKey.schema)) }
        throw WireException(WireCode.MISSING_FIELD, device.offset, "DeviceEvidence has no member")
    }

    private fun decodeAppAttest(attest: WireView): DeviceEvidence {
        val a = ProofSchema.AppAttest
        var keyId: WireSlot? = null
        var publicKey: WireSlot? = null
        var assertion: WireSlot? = null
        var enrolment: WireSlot? = null
        attest.read { slot ->
            when (slot.fieldNumber) {
                a.keyId.number -> keyId = slot
                a.publicKey.number -> publicKey = slot
                a.assertion.number -> assertion = slot
                a.enrolment.number -> enrolment = slot
            }
        }
        val decodedKeyId = attest.bounded(attest.required(keyId, a.keyId), a.keyId)
        val key = point(attest, publicKey, a.publicKey)
        val decodedAssertion = attest.bounded(attest.required(assertion, a.assertion), a.assertion)
        val decodedEnrolment = enrolment?.let { decodeEnrolment(attest.message(it, ProofSchema.AppAttestEnrolment.schema)) }
        return DeviceEvidence.AppAttest(decodedKeyId, key, decodedAssertion, decodedEnrolment)
    }

    private fun decodeAndroid(android: WireView): DeviceEvidence {
        val a = ProofSchema.AndroidKeyAttestation
        val certificates = WireRun()
        var signature: WireSlot? = null
        android.read { slot ->
            when (slot.fieldNumber) {
                a.certificateChain.number -> certificates.add(slot)
                a.signature.number -> signature = slot
            }
        }
        val count = certificates.count
        val bound = ProofSchema.CHAIN_CERTIFICATES
        if (count !in bound) {
            throw WireException(
                if (count == 0) WireCode.MISSING_FIELD else WireCode.BOUND_VIOLATED, android.offset,
                "certificate_chain has $count certificates, expected ${bound.first}..${bound.last}"
            )
        }
        val chain = ArrayList<ByteSlice>(count)
        android.forEach(certificates) { certificate -> chain.add(android.bounded(certificate, a.certificateChain)) }
        val decodedSignature = android.payload(android.required(signature, a.signature))
        return DeviceEvidence.AndroidKey(chain, decodedSignature)
    }

    private fun decodeSoftware(software: WireView): DeviceEvidence {
        val s = ProofSchema.SoftwareKey
        var publicKey: WireSlot? = null
        var signature: WireSlot? = null
        software.read { slot ->
            when (slot.fieldNumber) {
                s.publicKey.number -> publicKey = slot
                s.signature.number -> signature = slot
            }
        }
        val key = point(software, publicKey, s.publicKey)
        val decodedSignature = software.payload(software.required(signature, s.signature))
        return DeviceEvidence.Software(key, decodedSignature)
    }

    /** Also the decoder of `VerifyOptions.attestationBundle`: the same rules as inside a proof. */
    private fun decodeEnrolment(enrolment: WireView): DecodedEnrolment {
        val e = ProofSchema.AppAttestEnrolment
        var keyId: WireSlot? = null
        var obj: WireSlot? = null
        var clientDataHash: WireSlot? = null
        var appId: WireSlot? = null
        enrolment.read { slot ->
            when (slot.fieldNumber) {
                e.keyId.number -> keyId = slot
                e.attestationObject.number -> obj = slot
                e.clientDataHash.number -> clientDataHash = slot
                e.appId.number -> appId = slot
            }
        }
        val decodedKeyId = enrolment.bounded(enrolment.required(keyId, e.keyId), e.keyId)
        val decodedObject = enrolment.bounded(enrolment.required(obj, e.attestationObject), e.attestationObject)
        val decodedHash = enrolment.bounded(enrolment.required(clientDataHash, e.clientDataHash), e.clientDataHash)
        val appIdRecord = enrolment.required(appId, e.appId)
        enrolment.bounded(appIdRecord, e.appId)
        val decodedAppId = enrolment.string(appIdRecord, "app_id")
        return DecodedEnrolment(decodedKeyId, decodedObject, decodedHash, decodedAppId)
    }

    /** An encoded `AppAttestEnrolment` (`VerifyOptions.attestationBundle`), decoded by the same rules (a private copy). */
    fun decodeEnrolmentBundle(bytes: ByteArray): DecodedEnrolment {
        ProofLimits.refusal(bytes.size, "enrolment bundle")?.let { throw it }
        return decodeEnrolment(WireView(bytes, 0, bytes.size, ProofSchema.AppAttestEnrolment.schema))
    }
}

/** The syntax of content keys and media types (design, "Bounds"). */
internal object ContentSyntax {
    private fun isLowerAlphanumeric(byte: Int): Boolean = byte in 0x61..0x7A || byte in 0x30..0x39

    /** Every byte of `[a-z0-9._-]`. */
    fun isKey(bytes: ByteSlice): Boolean {
        for (i in 0 until bytes.size) {
            val byte = bytes[i].toInt() and 0xFF
            if (!(isLowerAlphanumeric(byte) || byte == 0x2E || byte == 0x5F || byte == 0x2D)) return false
        }
        return true
    }

    /** `type/subtype`, each part `[a-z0-9][a-z0-9!#$&^_.+-]*`, as a whole string. */
    fun isMediaType(bytes: ByteSlice): Boolean {
        var slash = -1
        for (i in 0 until bytes.size) {
            if (bytes[i] == 0x2F.toByte()) {
                if (slash >= 0) return false
                slash = i
            }
        }
        if (slash < 0) return false
        return isPart(bytes, 0, slash) && isPart(bytes, slash + 1, bytes.size)
    }

    private fun isPart(bytes: ByteSlice, start: Int, end: Int): Boolean {
        if (start >= end || !isLowerAlphanumeric(bytes[start].toInt() and 0xFF)) return false
        for (i in start + 1 until end) {
            val byte = bytes[i].toInt() and 0xFF
            if (!(isLowerAlphanumeric(byte) || "!#$&^_.+-".indexOf(byte.toChar()) >= 0)) return false
        }
        return true
    }
}
