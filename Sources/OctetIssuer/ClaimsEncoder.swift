import Foundation
import Octet
import OctetContent
import OctetEncoding
import OctetGeometry

/// Encodes `Claims`, keeping each field's payload so the claim hashes are taken over exactly
/// the bytes that are written.
struct EncodedClaims {
    var bytes: [UInt8]
    /// Claim field number → payload (the bytes a claim hash covers).
    var payloads: [UInt32: [UInt8]]
}

enum ClaimsEncoder {
    static func encode(_ draft: ProofDraft) -> EncodedClaims {
        var payloads: [UInt32: [UInt8]] = [:]
        var writer = WireWriter()
        func varintField(_ spec: FieldSpec, _ value: UInt64) {
            let field = spec.number
            var payload = WireWriter()
            payload.appendVarint(value)
            payloads[field] = payload.bytes
            writer.varint(field, value)
        }
        func bytesField(_ spec: FieldSpec, _ value: [UInt8]) {
            let field = spec.number
            payloads[field] = value
            writer.bytes(field, value)
        }
        varintField(ProofSchema.Claims.createdAtMs, UInt64(bitPattern: draft.createdAtMs))
        varintField(ProofSchema.Claims.platform, UInt64(draft.platform.wireValue))
        bytesField(ProofSchema.Claims.appId, Array(draft.appId.utf8))
        bytesField(ProofSchema.Claims.region, encodeRegion(draft.region))
        bytesField(ProofSchema.Claims.fix, encodeFix(draft.fix, createdAtMs: draft.createdAtMs))
        if let nonce = draft.sessionNonce { bytesField(ProofSchema.Claims.sessionNonce, nonce) }
        for item in draft.content {
            writer.message(ProofSchema.Claims.content) { commitment in
                commitment.string(ProofSchema.ContentCommitment.key, item.key)
                commitment.string(ProofSchema.ContentCommitment.contentType, item.contentType)
                commitment.varint(ProofSchema.ContentCommitment.size, item.size)
                commitment.bytes(ProofSchema.ContentCommitment.sha256, item.sha256)
                if let locator = item.locator { commitment.string(ProofSchema.ContentCommitment.locator, locator) }
            }
        }
        if let assurance = draft.assurance {
            var tier = WireWriter()
            tier.varint(ProofSchema.AssuranceTier.verdict, UInt64(assurance.verdict.wireValue))
            if let detector = assurance.detector { tier.string(ProofSchema.AssuranceTier.detector, detector) }
            bytesField(ProofSchema.Claims.assurance, tier.bytes)
        }
        return EncodedClaims(bytes: writer.bytes, payloads: payloads)
    }

    /// Degrees to e7 with the design's rounding. Out-of-range values are written as they round
    /// (clamped to the type), so tests can issue invalid regions on purpose.
    static func encodeRegion(_ region: ProofRegion) -> [UInt8] {
        var writer = WireWriter()
        switch region {
        case .circle(let latitude, let longitude, let radius):
            writer.message(ProofSchema.Region.circle) { circle in
                circle.sint32(ProofSchema.Circle.latE7, e7(latitude))
                circle.sint32(ProofSchema.Circle.lonE7, e7(longitude))
                circle.varint(
                    ProofSchema.Circle.radiusM,
                    UInt64(UInt32(clamping: Int64(radius.rounded(.toNearestOrAwayFromZero)))))
            }
        case .geohash(let hash):
            writer.string(ProofSchema.Region.geohash, hash)
        case .polygon(let vertices):
            writer.message(ProofSchema.Region.polygon) { polygon in
                polygon.packedSInt32(
                    ProofSchema.Polygon.verticesE7, vertices.flatMap { [e7($0.latitude), e7($0.longitude)] })
            }
        }
        return writer.bytes
    }

    static func encodeFix(_ fix: ProofDraft.Fix, createdAtMs: Int64) -> [UInt8] {
        var writer = WireWriter()
        writer.sint32(ProofSchema.Fix.latE7, e7(fix.latitude))
        writer.sint32(ProofSchema.Fix.lonE7, e7(fix.longitude))
        writer.varint(ProofSchema.Fix.horizontalAccuracyMm, UInt64(fix.horizontalAccuracyMillimeters))
        writer.int64(ProofSchema.Fix.fixTimeMs, fix.timeMs ?? createdAtMs)
        writer.varint(ProofSchema.Fix.source, UInt64(fix.source.wireValue))
        return writer.bytes
    }

    static func e7(_ degrees: Double) -> Int32 {
        let scaled = (degrees * 1e7).rounded(.toNearestOrAwayFromZero)
        guard scaled.isFinite else { return 0 }
        return Int32(clamping: Int64(max(min(scaled, 4e9), -4e9)))
    }
}

/// The claims and stage bodies of a draft, with the binding mutations applied.
struct ProofParts {
    var claims: EncodedClaims
    var stageBodies: [(kind: ProofDraft.StageKind, body: [UInt8])]

    init(draft: ProofDraft, mutations: [Mutation]) {
        claims = ClaimsEncoder.encode(draft)
        let kinds = draft.effectiveStages
        var bindings: [ProofDraft.StageKind: [(UInt32, [UInt8])]] = [:]
        for field in claims.payloads.keys.sorted() {
            guard let kind = Self.bindingStage(field), kinds.contains(kind) else { continue }
            bindings[kind, default: []].append(
                (field, ClaimHash.of(field: field, payload: claims.payloads[field, default: []][...])))
        }
        for mutation in mutations {
            switch mutation {
            case .omitBinding(let field):
                for kind in bindings.keys { bindings[kind]?.removeAll { $0.0 == field } }
            case .bindTwice(let field):
                for kind in bindings.keys {
                    if let existing = bindings[kind]?.first(where: { $0.0 == field }) {
                        bindings[kind]?.append(existing)
                    }
                }
            case .bindInStage(let field, let stage):
                var moved: (UInt32, [UInt8])? = nil
                for kind in bindings.keys {
                    if let existing = bindings[kind]?.first(where: { $0.0 == field }) { moved = existing }
                    bindings[kind]?.removeAll { $0.0 == field }
                }
                if let moved { bindings[stage, default: []].append(moved) }
            case .bindAbsentField(let field, let stage):
                bindings[stage, default: []].append((field, [UInt8](repeating: 0x11, count: 32)))
            case .wrongBindingHash(let field):
                for kind in bindings.keys {
                    bindings[kind] = bindings[kind]?.map {
                        $0.0 == field ? ($0.0, [UInt8](repeating: 0x5A, count: 32)) : $0
                    }
                }
            default: break
            }
        }
        let root = draft.contentRoot ?? ContentRoot.compute(draft.content)
        stageBodies = kinds.map { kind in
            var body = WireWriter()
            for (field, hash) in bindings[kind] ?? [] {
                body.message(ProofSchema.StageBody.bindings) { binding in
                    binding.varint(ProofSchema.Binding.claimField, UInt64(field))
                    binding.bytes(ProofSchema.Binding.sha256, hash)
                }
            }
            if kind == .content { body.bytes(ProofSchema.StageBody.contentRoot, root) }
            return (kind, body.bytes)
        }
    }

    /// Which stage binds a claim field (design, "Claim hashes").
    static func bindingStage(_ field: UInt32) -> ProofDraft.StageKind? {
        switch field {
        case 1, 2, 3, 6: .capture
        case 4, 5: .fix
        case 8: .verdict
        default: nil
        }
    }

    /// The first top-level record of `field` in encoded proof bytes.
    static func topLevelRecord(_ field: UInt32, in bytes: [UInt8]) -> [UInt8] {
        var reader = WireReader(bytes)
        while let record = try? reader.next() {
            if record.fieldNumber == field {
                let end = record.payload.endIndex
                return Array(bytes[record.offset..<end])
            }
        }
        return []
    }
}
