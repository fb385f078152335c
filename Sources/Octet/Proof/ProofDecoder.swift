import OctetContent
import OctetEncoding

/// The strict decoder of "Strict decoding" (proof-format.md): protobuf wire format, read more
/// strictly than protobuf so that two implementations can never read one proof two ways.
///
/// Each message is read once (`WireView.read`: the schema's rules for every record, in wire
/// order), its records kept in locals; then its values are checked in a fixed order, nested
/// messages in turn. So the first defect reported is always the same one: the earliest message's
/// structure, then its values field by field.
enum ProofDecoder {
    /// The first four stage records of a proof, and the first seven binding records of a stage.
    typealias StageRecords = InlineSlots<(WireSlot?, WireSlot?, WireSlot?, WireSlot?), WireSlot?>
    typealias BindingRecords = InlineSlots<
        (WireSlot?, WireSlot?, WireSlot?, WireSlot?, WireSlot?, WireSlot?, WireSlot?), WireSlot?
    >

    static func decode(_ bytes: [UInt8]) throws(WireError) -> DecodedProof {
        if let refusal = ProofLimits.refusal(byteCount: bytes.count) { throw refusal }
        typealias F = ProofSchema.LocationProof
        let proof = WireView(bytes, 0..<bytes.count, ProofSchema.locationProof)
        var version, proofId, proofKey, claims, device: WireSlot?
        // A proof has at most four stages: their records are kept inline, and more is an error
        // before any stage is decoded.
        var stageCount = 0
        var stages = StageRecords((nil, nil, nil, nil), count: 4)
        try proof.read { slot throws(WireError) in
            switch slot.fieldNumber {
            case F.formatVersion.number: version = slot
            case F.proofId.number: proofId = slot
            case F.proofKey.number: proofKey = slot
            case F.claims.number: claims = slot
            case F.stages.number:
                if stageCount < stages.count { stages[stageCount] = slot }
                stageCount += 1
            case F.device.number: device = slot
            default: break
            }
        }
        let formatVersion = try proof.uint32(try proof.required(version, F.formatVersion), "format_version")
        guard formatVersion == 1 else {
            throw WireError(.boundViolated, at: proof.offset, "LocationProof.format_version must be 1")
        }
        let id = try proof.bounded(try proof.required(proofId, F.proofId), F.proofId)
        let key = try point(proof, proofKey, F.proofKey)
        let decodedClaims = try decodeClaims(proof.message(try proof.required(claims, F.claims), ProofSchema.claims))
        let decodedStages = try decodeStages(proof, stages, count: stageCount)
        let decodedDevice = try decodeDevice(
            proof.message(try proof.required(device, F.device), ProofSchema.deviceEvidence))
        return DecodedProof(
            bytes: bytes, proofId: id, proofKey: key, claims: decodedClaims, stages: decodedStages,
            device: decodedDevice)
    }

    /// A 65-byte SEC1 uncompressed point: whether it lies on the curve is the signature checks' concern.
    static func point(_ message: WireView, _ slot: WireSlot?, _ field: FieldSpec) throws(WireError)
        -> ArraySlice<UInt8>
    {
        let record = try message.required(slot, field)
        let value = try message.bounded(record, field)
        guard value.first == 0x04 else {
            throw WireError(
                .boundViolated, at: record.offset, "\(message.name).\(field.name) is not an uncompressed point")
        }
        return value
    }

    // MARK: Claims

    static func decodeClaims(_ claims: WireView) throws(WireError) -> DecodedClaims {
        typealias C = ProofSchema.Claims
        var createdAt, platform, appId, region, fix, sessionNonce, assurance: WireSlot?
        var content = WireRun()
        // The payloads the claim hashes are taken over, by field number: the bound claims only.
        var payloads = ClaimPayloads()
        try claims.read { slot throws(WireError) in
            if C.boundNumbers.contains(slot.fieldNumber) { payloads.set(slot.fieldNumber, slot.start..<slot.end) }
            switch slot.fieldNumber {
            case C.createdAtMs.number: createdAt = slot
            case C.platform.number: platform = slot
            case C.appId.number: appId = slot
            case C.region.number: region = slot
            case C.fix.number: fix = slot
            case C.sessionNonce.number: sessionNonce = slot
            case C.content.number: content.add(slot)
            case C.assurance.number: assurance = slot
            default: break
            }
        }
        let createdAtMs = claims.int64(try claims.required(createdAt, C.createdAtMs))
        let decodedPlatform = try claims.enumValue(
            try claims.required(platform, C.platform), "platform", LocationProof.Platform.init(wireValue:))
        let appIdRecord = try claims.required(appId, C.appId)
        _ = try claims.bounded(appIdRecord, C.appId)
        let decodedAppId = try claims.string(appIdRecord, "app_id")
        let decodedRegion = try RegionDecoding.decode(
            claims.message(try claims.required(region, C.region), ProofSchema.region))
        let decodedFix = try decodeFix(claims.message(try claims.required(fix, C.fix), ProofSchema.fix))
        var nonce: ArraySlice<UInt8>? = nil
        if let sessionNonce {
            nonce = try claims.bounded(sessionNonce, C.sessionNonce)
        }
        var items: [CommittedContent] = []
        var keys = Set<String>()
        try claims.forEach(content) { record throws(WireError) in
            let item = try decodeContent(claims.message(record, ProofSchema.contentCommitment))
            guard keys.insert(item.key).inserted else {
                throw WireError(.boundViolated, at: record.offset, "Claims.content has a repeated key")
            }
            items.append(item)
        }
        var decodedAssurance: LocationProof.AssuranceTier? = nil
        if let assurance {
            decodedAssurance = try decodeAssurance(claims.message(assurance, ProofSchema.assuranceTier))
        }
        return DecodedClaims(
            createdAtMs: createdAtMs, platform: decodedPlatform, appId: decodedAppId, region: decodedRegion,
            fix: decodedFix, sessionNonce: nonce, content: items, assurance: decodedAssurance, payloads: payloads)
    }

    static func decodeAssurance(_ tier: WireView) throws(WireError) -> LocationProof.AssuranceTier {
        typealias A = ProofSchema.AssuranceTier
        var verdict, detector: WireSlot?
        try tier.read { slot throws(WireError) in
            switch slot.fieldNumber {
            case A.verdict.number: verdict = slot
            case A.detector.number: detector = slot
            default: break
            }
        }
        let decodedVerdict = try tier.enumValue(
            try tier.required(verdict, A.verdict), "verdict", LocationProofVerdict.init(wireValue:))
        var decodedDetector: String? = nil
        if let detector {
            _ = try tier.bounded(detector, A.detector)
            decodedDetector = try tier.string(detector, "detector")
        }
        return LocationProof.AssuranceTier(verdict: decodedVerdict, detector: decodedDetector)
    }

    static func decodeFix(_ fix: WireView) throws(WireError) -> DecodedFix {
        typealias X = ProofSchema.Fix
        var latE7, lonE7, accuracy, fixTime, source: WireSlot?
        try fix.read { slot throws(WireError) in
            switch slot.fieldNumber {
            case X.latE7.number: latE7 = slot
            case X.lonE7.number: lonE7 = slot
            case X.horizontalAccuracyMm.number: accuracy = slot
            case X.fixTimeMs.number: fixTime = slot
            case X.source.number: source = slot
            default: break
            }
        }
        let lat = try fix.sint32(try fix.required(latE7, X.latE7), "lat_e7")
        let lon = try fix.sint32(try fix.required(lonE7, X.lonE7), "lon_e7")
        try RegionDecoding.checkCoordinate(lat: lat, lon: lon, in: fix)
        let accuracyMm = try fix.uint32(try fix.required(accuracy, X.horizontalAccuracyMm), "horizontal_accuracy_mm")
        let time = fix.int64(try fix.required(fixTime, X.fixTimeMs))
        let decodedSource = try fix.enumValue(
            try fix.required(source, X.source), "source", LocationProof.FixSource.init(wireValue:))
        return DecodedFix(
            latE7: lat, lonE7: lon, horizontalAccuracyMm: accuracyMm, fixTimeMs: time, source: decodedSource)
    }

    static func decodeContent(_ item: WireView) throws(WireError) -> CommittedContent {
        typealias K = ProofSchema.ContentCommitment
        var key, contentType, size, sha256, locator: WireSlot?
        try item.read { slot throws(WireError) in
            switch slot.fieldNumber {
            case K.key.number: key = slot
            case K.contentType.number: contentType = slot
            case K.size.number: size = slot
            case K.sha256.number: sha256 = slot
            case K.locator.number: locator = slot
            default: break
            }
        }
        let keyRecord = try item.required(key, K.key)
        let decodedKey = try item.string(keyRecord, "key")
        let keyBytes = item.payload(keyRecord)
        guard CommittedContent.isKey(keyBytes) else {
            throw WireError(
                .boundViolated, at: keyRecord.offset,
                "ContentCommitment.key must be \(FieldSpec.text(K.key.bytes)) bytes of \(CommittedContent.keyCharacters)"
            )
        }
        let typeRecord = try item.required(contentType, K.contentType)
        let decodedType = try item.string(typeRecord, "content_type")
        let typeBytes = item.payload(typeRecord)
        guard CommittedContent.isContentType(typeBytes) else {
            throw WireError(.boundViolated, at: typeRecord.offset, "ContentCommitment.content_type is not type/subtype")
        }
        let decodedSize = try item.required(size, K.size).varint
        let digest = try item.bounded(try item.required(sha256, K.sha256), K.sha256)
        var decodedLocator: String? = nil
        if let locator {
            decodedLocator = try item.string(locator, "locator")
        }
        return CommittedContent(
            key: decodedKey, contentType: decodedType, size: decodedSize, sha256: Array(digest),
            locator: decodedLocator)
    }

    // MARK: Stages

    /// `records` holds the first four stage records of `count`.
    static func decodeStages(_ proof: WireView, _ records: StageRecords, count: Int) throws(WireError)
        -> [DecodedStage]
    {
        let stagesField = ProofSchema.LocationProof.stages
        guard stagesField.allows(recordCount: count) else {
            throw WireError(
                count == 0 ? .missingField : .boundViolated, at: proof.offset,
                "LocationProof.stages has \(count) stages, expected \(FieldSpec.text(stagesField.records))")
        }
        var stages: [DecodedStage] = []
        stages.reserveCapacity(count)
        for index in 0..<count {
            guard let record = records[index] else { continue }
            let stage = try decodeStage(proof.message(record, ProofSchema.stage))
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

    static func decodeStage(_ stage: WireView) throws(WireError) -> DecodedStage {
        typealias S = ProofSchema.Stage
        typealias B = ProofSchema.StageBody
        var kind, body, signature: WireSlot?
        try stage.read { slot throws(WireError) in
            switch slot.fieldNumber {
            case S.kind.number: kind = slot
            case S.body.number: body = slot
            case S.signature.number: signature = slot
            default: break
            }
        }
        let decodedKind = try stage.enumValue(try stage.required(kind, S.kind), "kind", StageKind.init(rawValue:))
        let bodyRecord = try stage.required(body, S.body)
        let decodedSignature = stage.payload(try stage.required(signature, S.signature))
        let bodyMessage = stage.message(bodyRecord, ProofSchema.stageBody)
        // A stage binds at most the seven bound claims: their records are kept inline (more, which no
        // valid proof has, are read again from the first).
        var bindingRun = WireRun()
        var kept = BindingRecords((nil, nil, nil, nil, nil, nil, nil), count: 7)
        var contentRoot: WireSlot?
        try bodyMessage.read { slot throws(WireError) in
            switch slot.fieldNumber {
            case B.bindings.number:
                if bindingRun.count < kept.count { kept[bindingRun.count] = slot }
                bindingRun.add(slot)
            case B.contentRoot.number: contentRoot = slot
            default: break
            }
        }
        var bindings: [DecodedBinding] = []
        bindings.reserveCapacity(bindingRun.count)
        if bindingRun.count <= kept.count {
            for index in 0..<bindingRun.count {
                guard let record = kept[index] else { continue }
                bindings.append(try decodeBinding(bodyMessage.message(record, ProofSchema.binding), at: record.offset))
            }
        } else {
            try bodyMessage.forEach(bindingRun) { record throws(WireError) in
                bindings.append(try decodeBinding(bodyMessage.message(record, ProofSchema.binding), at: record.offset))
            }
        }
        var root: ArraySlice<UInt8>? = nil
        if let contentRoot {
            guard decodedKind == .content else {
                throw WireError(.boundViolated, at: contentRoot.offset, "content_root in a \(decodedKind.name) stage")
            }
            root = try bodyMessage.bounded(contentRoot, B.contentRoot)
        } else if decodedKind == .content {
            throw WireError(.missingField, at: bodyMessage.offset, "StageBody.content_root of the CONTENT stage")
        }
        return DecodedStage(
            kind: decodedKind, body: stage.payload(bodyRecord), signature: decodedSignature, bindings: bindings,
            contentRoot: root)
    }

    /// `offset` is the binding's record in its stage body, where an unbound claim field is reported.
    static func decodeBinding(_ binding: WireView, at offset: Int) throws(WireError) -> DecodedBinding {
        typealias N = ProofSchema.Binding
        var claimField, sha256: WireSlot?
        try binding.read { slot throws(WireError) in
            switch slot.fieldNumber {
            case N.claimField.number: claimField = slot
            case N.sha256.number: sha256 = slot
            default: break
            }
        }
        let field = try binding.uint32(try binding.required(claimField, N.claimField), "claim_field")
        guard ProofSchema.Claims.boundNumbers.contains(field) else {
            throw WireError(.boundViolated, at: offset, "Binding.claim_field \(field) is not one of 1,2,3,4,5,6,8")
        }
        let hash = try binding.bounded(try binding.required(sha256, N.sha256), N.sha256)
        return DecodedBinding(claimField: field, sha256: hash)
    }

    // MARK: Device evidence

    static func decodeDevice(_ device: WireView) throws(WireError) -> DeviceEvidence {
        typealias D = ProofSchema.DeviceEvidence
        var appAttest, androidKey, software: WireSlot?
        try device.read { slot throws(WireError) in
            switch slot.fieldNumber {
            case D.appAttest.number: appAttest = slot
            case D.androidKey.number: androidKey = slot
            case D.software.number: software = slot
            default: break
            }
        }
        if let appAttest { return try decodeAppAttest(device.message(appAttest, ProofSchema.appAttest)) }
        if let androidKey { return try decodeAndroid(device.message(androidKey, ProofSchema.androidKeyAttestation)) }
        if let software { return try decodeSoftware(device.message(software, ProofSchema.softwareKey)) }
        throw WireError(.missingField, at: device.offset, "DeviceEvidence has no member")
    }

    static func decodeAppAttest(_ attest: WireView) throws(WireError) -> DeviceEvidence {
        typealias A = ProofSchema.AppAttest
        var keyId, publicKey, assertion, enrolment: WireSlot?
        try attest.read { slot throws(WireError) in
            switch slot.fieldNumber {
            case A.keyId.number: keyId = slot
            case A.publicKey.number: publicKey = slot
            case A.assertion.number: assertion = slot
            case A.enrolment.number: enrolment = slot
            default: break
            }
        }
        let decodedKeyId = try attest.bounded(try attest.required(keyId, A.keyId), A.keyId)
        let key = try point(attest, publicKey, A.publicKey)
        let decodedAssertion = try attest.bounded(try attest.required(assertion, A.assertion), A.assertion)
        var decodedEnrolment: DecodedEnrolment? = nil
        if let enrolment {
            decodedEnrolment = try decodeEnrolment(attest.message(enrolment, ProofSchema.appAttestEnrolment))
        }
        return .appAttest(keyId: decodedKeyId, publicKey: key, assertion: decodedAssertion, enrolment: decodedEnrolment)
    }

    static func decodeAndroid(_ android: WireView) throws(WireError) -> DeviceEvidence {
        typealias A = ProofSchema.AndroidKeyAttestation
        var certificates = WireRun()
        var signature: WireSlot?
        try android.read { slot throws(WireError) in
            switch slot.fieldNumber {
            case A.certificateChain.number: certificates.add(slot)
            case A.signature.number: signature = slot
            default: break
            }
        }
        let count = certificates.count
        guard A.certificateChain.allows(recordCount: count) else {
            throw WireError(
                count == 0 ? .missingField : .boundViolated, at: android.offset,
                "certificate_chain has \(count) certificates, expected \(FieldSpec.text(A.certificateChain.records))")
        }
        var chain: [ArraySlice<UInt8>] = []
        chain.reserveCapacity(count)
        try android.forEach(certificates) { certificate throws(WireError) in
            chain.append(try android.bounded(certificate, A.certificateChain))
        }
        let decodedSignature = android.payload(try android.required(signature, A.signature))
        return .androidKey(chain: chain, signature: decodedSignature)
    }

    static func decodeSoftware(_ software: WireView) throws(WireError) -> DeviceEvidence {
        typealias S = ProofSchema.SoftwareKey
        var publicKey, signature: WireSlot?
        try software.read { slot throws(WireError) in
            switch slot.fieldNumber {
            case S.publicKey.number: publicKey = slot
            case S.signature.number: signature = slot
            default: break
            }
        }
        let key = try point(software, publicKey, S.publicKey)
        let decodedSignature = software.payload(try software.required(signature, S.signature))
        return .software(publicKey: key, signature: decodedSignature)
    }

    /// Also the decoder of `VerifyOptions.attestationBundle`: the same rules as inside a proof.
    static func decodeEnrolment(_ enrolment: WireView) throws(WireError) -> DecodedEnrolment {
        typealias E = ProofSchema.AppAttestEnrolment
        var keyId, object, clientDataHash, appId: WireSlot?
        try enrolment.read { slot throws(WireError) in
            switch slot.fieldNumber {
            case E.keyId.number: keyId = slot
            case E.attestationObject.number: object = slot
            case E.clientDataHash.number: clientDataHash = slot
            case E.appId.number: appId = slot
            default: break
            }
        }
        let decodedKeyId = try enrolment.bounded(try enrolment.required(keyId, E.keyId), E.keyId)
        let objectRecord = try enrolment.required(object, E.attestationObject)
        let decodedObject = try enrolment.bounded(objectRecord, E.attestationObject)
        let hashRecord = try enrolment.required(clientDataHash, E.clientDataHash)
        let decodedHash = try enrolment.bounded(hashRecord, E.clientDataHash)
        let appIdRecord = try enrolment.required(appId, E.appId)
        _ = try enrolment.bounded(appIdRecord, E.appId)
        let decodedAppId = try enrolment.string(appIdRecord, "app_id")
        return DecodedEnrolment(
            keyId: decodedKeyId, attestationObject: decodedObject, clientDataHash: decodedHash, appId: decodedAppId)
    }

    static func decodeEnrolmentBundle(_ bytes: [UInt8]) throws(WireError) -> DecodedEnrolment {
        if let refusal = ProofLimits.refusal(byteCount: bytes.count, what: "enrolment bundle") { throw refusal }
        return try decodeEnrolment(WireView(bytes, 0..<bytes.count, ProofSchema.appAttestEnrolment))
    }
}
