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
        func varintField(_ field: UInt32, _ value: UInt64) {
            var payload = WireWriter()
            payload.appendVarint(value)
            payloads[field] = payload.bytes
            writer.varint(field, value)
        }
        func bytesField(_ field: UInt32, _ value: [UInt8]) {
            payloads[field] = value
            writer.bytes(field, value)
        }
        varintField(1, UInt64(bitPattern: draft.createdAtMs))
        varintField(2, draft.platform.rawValue)
        bytesField(3, Array(draft.appId.utf8))
        bytesField(4, encodeRegion(draft.region))
        bytesField(5, encodeFix(draft.fix, createdAtMs: draft.createdAtMs))
        if let nonce = draft.sessionNonce { bytesField(6, nonce) }
        for item in draft.content {
            writer.message(7) { commitment in
                commitment.string(1, item.key)
                commitment.string(2, item.contentType)
                commitment.varint(3, item.size)
                commitment.bytes(4, item.sha256)
                if let locator = item.locator { commitment.string(5, locator) }
            }
        }
        if let assurance = draft.assurance {
            var tier = WireWriter()
            tier.varint(1, UInt64(assurance.verdict.wireValue))
            if let detector = assurance.detector { tier.string(2, detector) }
            bytesField(8, tier.bytes)
        }
        return EncodedClaims(bytes: writer.bytes, payloads: payloads)
    }

    /// Degrees to e7 with the design's rounding. Out-of-range values are written as they round
    /// (clamped to the type), so tests can issue invalid regions on purpose.
    static func encodeRegion(_ region: ProofRegion) -> [UInt8] {
        var writer = WireWriter()
        switch region {
        case .circle(let latitude, let longitude, let radius):
            writer.message(1) { circle in
                circle.sint32(1, e7(latitude))
                circle.sint32(2, e7(longitude))
                circle.varint(3, UInt64(UInt32(clamping: Int64(radius.rounded(.toNearestOrAwayFromZero)))))
            }
        case .geohash(let hash):
            writer.string(2, hash)
        case .polygon(let vertices):
            writer.message(3) { polygon in
                polygon.packedSInt32(1, vertices.flatMap { [e7($0.latitude), e7($0.longitude)] })
            }
        }
        return writer.bytes
    }

    static func encodeFix(_ fix: ProofDraft.Fix, createdAtMs: Int64) -> [UInt8] {
        var writer = WireWriter()
        writer.sint32(1, e7(fix.latitude))
        writer.sint32(2, e7(fix.longitude))
        writer.varint(3, UInt64(fix.horizontalAccuracyMillimeters))
        writer.int64(4, fix.timeMs ?? createdAtMs)
        writer.varint(5, fix.source.rawValue)
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
                body.message(1) { binding in
                    binding.varint(1, UInt64(field))
                    binding.bytes(2, hash)
                }
            }
            if kind == .content { body.bytes(2, root) }
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
