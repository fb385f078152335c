import OctetCrypto
import OctetEncoding

/// The format's domain tags: ASCII, each ending in one NUL byte.
package enum DomainTag {
    package static let stage = Array("octet/v1/stage\0".utf8)
    package static let claim = Array("octet/v1/claim\0".utf8)
    package static let device = Array("octet/v1/device\0".utf8)
    package static let content = Array("octet/v1/content\0".utf8)
}

/// `claim_hash(n) = H("octet/v1/claim\0" || u32be(n) || v)`, v the field's payload as encoded.
package enum ClaimHash {
    package static func of(field: UInt32, payload: ArraySlice<UInt8>) -> [UInt8] {
        var hasher = SHA256Hasher()
        hasher.update(DomainTag.claim)
        hasher.update(BigEndian.u32(field))
        hasher.update(payload)
        return hasher.finalize()
    }
}

/// The chained stage inputs of "Stage signatures":
///
///     input_i  = "octet/v1/stage\0" || proof_id || H(proof_key) || u32be(i) || u32be(k) || prev_i || b
///     prev_0   = 32 zero bytes;  prev_i+1 = H(input_i)
///
/// and the committed digest `H(input_last)`, which covers every stage in order.
package struct StageChain: Sendable {
    package let inputs: [[UInt8]]
    /// `H(input_i)` for every stage, computed once: `prev_i+1` of the chain and the digest that
    /// stage `i`'s signature is checked on.
    package let digests: [[UInt8]]
    /// `H(input_last)`; `prev_0` (32 zero bytes) for a chain of no stages.
    package var committedDigest: [UInt8] { digests.last ?? [UInt8](repeating: 0, count: 32) }

    init(_ proof: DecodedProof) {
        self.init(
            proofId: proof.proofId, proofKey: proof.proofKey, stages: proof.stages.map { ($0.kind.rawValue, $0.body) })
    }

    /// Shared with the issuer, which signs what the verifier checks.
    package init(
        proofId: ArraySlice<UInt8>, proofKey: ArraySlice<UInt8>, stages: [(kind: Int, body: ArraySlice<UInt8>)]
    ) {
        let keyHash = SHA256.hash(proofKey)
        var previous = [UInt8](repeating: 0, count: 32)
        var inputs: [[UInt8]] = []
        inputs.reserveCapacity(stages.count)
        var digests: [[UInt8]] = []
        digests.reserveCapacity(stages.count)
        for (index, stage) in stages.enumerated() {
            var input = DomainTag.stage
            input.reserveCapacity(DomainTag.stage.count + proofId.count + 32 + 8 + 32 + stage.body.count)
            input += proofId
            input += keyHash
            input += BigEndian.u32(UInt32(index))
            input += BigEndian.u32(UInt32(stage.kind))
            input += previous
            input += stage.body
            previous = SHA256.hash(input)
            inputs.append(input)
            digests.append(previous)
        }
        self.inputs = inputs
        self.digests = digests
    }
}

/// The claim hashes of one proof, by claim field number: a fixed, small index.
struct ClaimHashes {
    private let hashes: [[UInt8]?]

    init(_ payloads: [ArraySlice<UInt8>?]) {
        hashes = payloads.enumerated().map { field, payload in
            payload.map { ClaimHash.of(field: UInt32(field), payload: $0) }
        }
    }

    subscript(field: UInt32) -> [UInt8]? { Int(field) < hashes.count ? hashes[Int(field)] : nil }

    /// The fields present, in increasing order.
    var fields: [UInt32] { hashes.indices.filter { hashes[$0] != nil }.map(UInt32.init) }

    var count: Int { hashes.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }
}
