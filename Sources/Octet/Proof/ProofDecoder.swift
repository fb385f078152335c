import OctetEncoding

/// The strict decoder of "Strict decoding" (proof-format.md): protobuf wire format, read more
/// strictly than protobuf so that two implementations can never read one proof two ways.
enum ProofDecoder {
    static func decode(_ bytes: [UInt8]) throws(WireError) -> DecodedProof {
        if let refusal = ProofLimits.refusal(byteCount: bytes.count) { throw refusal }
        let proof = try WireMessage(
            "LocationProof", bytes: bytes, range: 0..<bytes.count, schema: ProofSchema.locationProof)
        let version = try proof.uint32(try proof.required(ProofSchema.LocationProof.formatVersion), "format_version")
        guard version == 1 else {
            throw WireError(.boundViolated, at: proof.offset, "LocationProof.format_version must be 1")
        }
        let proofId = try proof.bounded(try proof.required(ProofSchema.LocationProof.proofId), "proof_id", 16...16)
        let proofKey = try point(proof, ProofSchema.LocationProof.proofKey)
        let claims = try decodeClaims(
            proof.message(try proof.required(ProofSchema.LocationProof.claims), "Claims", schema: ProofSchema.claims))
        let stages = try decodeStages(proof)
        let device = try decodeDevice(
            proof.message(
                try proof.required(ProofSchema.LocationProof.device), "DeviceEvidence",
                schema: ProofSchema.deviceEvidence))
        return DecodedProof(
            bytes: bytes, proofId: proofId, proofKey: proofKey, claims: claims, stages: stages, device: device)
    }

    /// A 65-byte SEC1 uncompressed point: whether it lies on the curve is the signature checks' concern.
    static func point(_ message: WireMessage, _ field: FieldSpec) throws(WireError) -> ArraySlice<UInt8> {
        let record = try message.required(field)
        let value = try message.bounded(record, field.name, 65...65)
        guard value.first == 0x04 else {
            throw WireError(
                .boundViolated, at: record.offset, "\(message.name).\(field.name) is not an uncompressed point")
        }
        return value
    }

    // MARK: Claims

    static func decodeClaims(_ claims: WireMessage) throws(WireError) -> DecodedClaims {
        // Filled in order (Array(repeating:) took the unspecialised generic allocator).
        var payloads: [ArraySlice<UInt8>?] = []
        payloads.reserveCapacity(ProofSchema.Claims.fields.count + 1)
        for field in 0...UInt32(ProofSchema.Claims.fields.count) {
            payloads.append(ProofSchema.Claims.boundNumbers.contains(field) ? claims.single(field)?.payload : nil)
        }
        let createdAt = claims.int64(try claims.required(ProofSchema.Claims.createdAtMs))
        let platform = try claims.enumValue(
            try claims.required(ProofSchema.Claims.platform), "platform", Platform.init(rawValue:))
        let appIdRecord = try claims.required(ProofSchema.Claims.appId)
        _ = try claims.bounded(appIdRecord, "app_id", 1...255)
        let appId = try claims.string(appIdRecord, "app_id")
        let region = try RegionDecoding.decode(
            claims.message(try claims.required(ProofSchema.Claims.region), "Region", schema: ProofSchema.region))
        let fix = try decodeFix(
            claims.message(try claims.required(ProofSchema.Claims.fix), "Fix", schema: ProofSchema.fix))
        var nonce: ArraySlice<UInt8>? = nil
        if let record = claims.single(ProofSchema.Claims.sessionNonce) {
            nonce = try claims.bounded(record, "session_nonce", 8...64)
        }
        var content: [DecodedContentItem] = []
        var keys = Set<String>()
        try claims.forEach(ProofSchema.Claims.content) { record throws(WireError) in
            let item = try decodeContent(
                claims.message(record, "ContentCommitment", schema: ProofSchema.contentCommitment))
            guard keys.insert(item.key).inserted else {
                throw WireError(.boundViolated, at: record.offset, "Claims.content has a repeated key")
            }
            content.append(item)
        }
        var assurance: DecodedAssurance? = nil
        if let record = claims.single(ProofSchema.Claims.assurance) {
            let tier = try claims.message(record, "AssuranceTier", schema: ProofSchema.assuranceTier)
            let verdict = try tier.enumValue(
                try tier.required(ProofSchema.AssuranceTier.verdict), "verdict", LocationProofVerdict.init(wireValue:))
            var detector: String? = nil
            if let detectorRecord = tier.single(ProofSchema.AssuranceTier.detector) {
                _ = try tier.bounded(detectorRecord, "detector", 0...64)
                detector = try tier.string(detectorRecord, "detector")
            }
            assurance = DecodedAssurance(verdict: verdict, detector: detector)
        }
        return DecodedClaims(
            createdAtMs: createdAt, platform: platform, appId: appId,
            region: region, fix: fix, sessionNonce: nonce, content: content, assurance: assurance, payloads: payloads)
    }

    static func decodeFix(_ fix: WireMessage) throws(WireError) -> DecodedFix {
        let lat = try fix.sint32(try fix.required(ProofSchema.Fix.latE7), "lat_e7")
        let lon = try fix.sint32(try fix.required(ProofSchema.Fix.lonE7), "lon_e7")
        try RegionDecoding.checkCoordinate(lat: lat, lon: lon, in: fix)
        let accuracy = try fix.uint32(try fix.required(ProofSchema.Fix.horizontalAccuracyMm), "horizontal_accuracy_mm")
        let time = fix.int64(try fix.required(ProofSchema.Fix.fixTimeMs))
        let source = try fix.enumValue(
            try fix.required(ProofSchema.Fix.source), "source", LocationProof.FixSource.init(wireValue:))
        return DecodedFix(latE7: lat, lonE7: lon, horizontalAccuracyMm: accuracy, fixTimeMs: time, source: source)
    }

    static func decodeContent(_ item: WireMessage) throws(WireError) -> DecodedContentItem {
        let keyRecord = try item.required(ProofSchema.ContentCommitment.key)
        let key = try item.string(keyRecord, "key")
        guard (1...64).contains(keyRecord.payload.count), keyRecord.payload.allSatisfy(ContentSyntax.isKeyByte) else {
            throw WireError(
                .boundViolated, at: keyRecord.offset, "ContentCommitment.key must be 1..64 bytes of [a-z0-9._-]")
        }
        let typeRecord = try item.required(ProofSchema.ContentCommitment.contentType)
        let contentType = try item.string(typeRecord, "content_type")
        guard (1...255).contains(typeRecord.payload.count), ContentSyntax.isMediaType(typeRecord.payload) else {
            throw WireError(.boundViolated, at: typeRecord.offset, "ContentCommitment.content_type is not type/subtype")
        }
        let size = try item.required(ProofSchema.ContentCommitment.size).varint
        let sha256 = try item.bounded(try item.required(ProofSchema.ContentCommitment.sha256), "sha256", 32...32)
        var locator: String? = nil
        if let record = item.single(ProofSchema.ContentCommitment.locator) {
            locator = try item.string(record, "locator")
        }
        return DecodedContentItem(
            key: key, contentType: contentType, size: size, sha256: Array(sha256), locator: locator)
    }

    // MARK: Stages

    static func decodeStages(_ proof: WireMessage) throws(WireError) -> [DecodedStage] {
        let count = proof.count(ProofSchema.LocationProof.stages)
        guard (2...4).contains(count) else {
            throw WireError(
                count == 0 ? .missingField : .boundViolated, at: proof.offset,
                "LocationProof.stages has \(count) stages, expected 2..4")
        }
        var stages: [DecodedStage] = []
        stages.reserveCapacity(count)
        try proof.forEach(ProofSchema.LocationProof.stages) { record throws(WireError) in
            let stage = try decodeStage(proof.message(record, "Stage", schema: ProofSchema.stage))
            // CAPTURE, FIX, then optionally CONTENT, then optionally VERDICT: strictly increasing kinds
            // with CAPTURE and FIX first expresses all of it.
            let position = stages.count
            let inOrder =
                position == 0
                ? stage.kind == .capture
                : position == 1
                    ? stage.kind == .fix
                    : stage.kind > stages[position - 1].kind
            guard inOrder else {
                throw WireError(
                    .boundViolated, at: record.offset,
                    "stage \(position) is \(stage.kind.name): expected CAPTURE, FIX, then optionally CONTENT, then optionally VERDICT"
                )
            }
            stages.append(stage)
        }
        return stages
    }

    static func decodeStage(_ stage: WireMessage) throws(WireError) -> DecodedStage {
        let kind = try stage.enumValue(try stage.required(ProofSchema.Stage.kind), "kind", StageKind.init(rawValue:))
        let bodyRecord = try stage.required(ProofSchema.Stage.body)
        let signature = try stage.required(ProofSchema.Stage.signature).payload
        let body = try stage.message(bodyRecord, "StageBody", schema: ProofSchema.stageBody)
        var bindings: [DecodedBinding] = []
        bindings.reserveCapacity(body.count(ProofSchema.StageBody.bindings))
        try body.forEach(ProofSchema.StageBody.bindings) { record throws(WireError) in
            let binding = try body.message(record, "Binding", schema: ProofSchema.binding)
            let field = try binding.uint32(try binding.required(ProofSchema.Binding.claimField), "claim_field")
            guard ProofSchema.Claims.boundNumbers.contains(field) else {
                throw WireError(
                    .boundViolated, at: record.offset, "Binding.claim_field \(field) is not one of 1,2,3,4,5,6,8")
            }
            let hash = try binding.bounded(try binding.required(ProofSchema.Binding.sha256), "sha256", 32...32)
            bindings.append(DecodedBinding(claimField: field, sha256: hash))
        }
        var contentRoot: ArraySlice<UInt8>? = nil
        if let record = body.single(ProofSchema.StageBody.contentRoot) {
            guard kind == .content else {
                throw WireError(.boundViolated, at: record.offset, "content_root in a \(kind.name) stage")
            }
            contentRoot = try body.bounded(record, "content_root", 32...32)
        } else if kind == .content {
            throw WireError(.missingField, at: body.offset, "StageBody.content_root of the CONTENT stage")
        }
        return DecodedStage(
            kind: kind, body: bodyRecord.payload, signature: signature, bindings: bindings, contentRoot: contentRoot)
    }

    // MARK: Device evidence

    static func decodeDevice(_ device: WireMessage) throws(WireError) -> DeviceEvidence {
        if let record = device.single(ProofSchema.DeviceEvidence.appAttest) {
            let attest = try device.message(record, "AppAttest", schema: ProofSchema.appAttest)
            let keyId = try attest.bounded(try attest.required(ProofSchema.AppAttest.keyId), "key_id", 32...32)
            let publicKey = try point(attest, ProofSchema.AppAttest.publicKey)
            let assertion = try attest.bounded(
                try attest.required(ProofSchema.AppAttest.assertion), "assertion", 1...4096)
            var enrolment: DecodedEnrolment? = nil
            if let enrolmentRecord = attest.single(ProofSchema.AppAttest.enrolment) {
                enrolment = try decodeEnrolment(
                    attest.message(enrolmentRecord, "AppAttestEnrolment", schema: ProofSchema.appAttestEnrolment))
            }
            return .appAttest(keyId: keyId, publicKey: publicKey, assertion: assertion, enrolment: enrolment)
        }
        if let record = device.single(ProofSchema.DeviceEvidence.androidKey) {
            let android = try device.message(record, "AndroidKeyAttestation", schema: ProofSchema.androidKeyAttestation)
            let count = android.count(ProofSchema.AndroidKeyAttestation.certificateChain)
            guard (2...8).contains(count) else {
                throw WireError(
                    count == 0 ? .missingField : .boundViolated, at: android.offset,
                    "certificate_chain has \(count) certificates, expected 2..8")
            }
            var chain: [ArraySlice<UInt8>] = []
            chain.reserveCapacity(count)
            try android.forEach(ProofSchema.AndroidKeyAttestation.certificateChain) { certificate throws(WireError) in
                chain.append(try android.bounded(certificate, "certificate_chain", 1...16384))
            }
            let signature = try android.required(ProofSchema.AndroidKeyAttestation.signature).payload
            return .androidKey(chain: chain, signature: signature)
        }
        if let record = device.single(ProofSchema.DeviceEvidence.software) {
            let software = try device.message(record, "SoftwareKey", schema: ProofSchema.softwareKey)
            let publicKey = try point(software, ProofSchema.SoftwareKey.publicKey)
            let signature = try software.required(ProofSchema.SoftwareKey.signature).payload
            return .software(publicKey: publicKey, signature: signature)
        }
        throw WireError(.missingField, at: device.offset, "DeviceEvidence has no member")
    }

    /// Also the decoder of `VerifyOptions.attestationBundle`: the same rules as inside a proof.
    static func decodeEnrolment(_ enrolment: WireMessage) throws(WireError) -> DecodedEnrolment {
        let keyId = try enrolment.bounded(
            try enrolment.required(ProofSchema.AppAttestEnrolment.keyId), "key_id", 32...32)
        let object = try enrolment.bounded(
            try enrolment.required(ProofSchema.AppAttestEnrolment.attestationObject), "attestation_object", 1...65536)
        let clientDataHash = try enrolment.bounded(
            try enrolment.required(ProofSchema.AppAttestEnrolment.clientDataHash), "client_data_hash", 1...128)
        let appIdRecord = try enrolment.required(ProofSchema.AppAttestEnrolment.appId)
        _ = try enrolment.bounded(appIdRecord, "app_id", 1...255)
        let appId = try enrolment.string(appIdRecord, "app_id")
        return DecodedEnrolment(keyId: keyId, attestationObject: object, clientDataHash: clientDataHash, appId: appId)
    }

    static func decodeEnrolmentBundle(_ bytes: [UInt8]) throws(WireError) -> DecodedEnrolment {
        if let refusal = ProofLimits.refusal(byteCount: bytes.count, what: "enrolment bundle") { throw refusal }
        return try decodeEnrolment(
            WireMessage(
                "AppAttestEnrolment", bytes: bytes, range: 0..<bytes.count, schema: ProofSchema.appAttestEnrolment))
    }
}

/// The syntax of content keys and media types (design, "Bounds").
enum ContentSyntax {
    static func isKeyByte(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2E || byte == 0x5F || byte == 0x2D
    }

    /// `type/subtype`, each part `[a-z0-9][a-z0-9!#$&^_.+-]*`, as a whole string.
    static func isMediaType(_ bytes: ArraySlice<UInt8>) -> Bool {
        let parts = bytes.split(separator: 0x2F, maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        return parts.allSatisfy { part in
            guard let first = part.first, isAlphanumeric(first) else { return false }
            return part.dropFirst().allSatisfy { isAlphanumeric($0) || "!#$&^_.+-".utf8.contains($0) }
        }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
    }
}
