import OctetCrypto
import OctetEncoding

/// The format's domain tags: ASCII, each ending in one NUL byte.
package enum DomainTag {
    package static let stage = Array("octet/v1/stage\0".utf8)
    /// In the binary's constants, not an array: each proof hashes it for every claim, and a shared
    /// array's reference count would be written by every thread that does.
    static let claim: StaticString = "octet/v1/claim\0"
    package static let device = Array("octet/v1/device\0".utf8)
    package static let content = Array("octet/v1/content\0".utf8)
    /// A proof's identity in a replay store (`ReplayKey.proofIdentity`).
    package static let replay = Array("octet/v1/replay\0".utf8)
}

/// `claim_hash(n) = H("octet/v1/claim\0" || u32be(n) || v)`, v the field's payload as encoded.
package enum ClaimHash {
    package static func of(field: UInt32, payload: ArraySlice<UInt8>) -> [UInt8] {
        var hasher = SHA256Hasher()
        return of(field: field, payload: payload, hasher: &hasher).bytes
    }

    /// On the caller's hasher (the verifier's one context for every digest of a proof).
    static func of(field: UInt32, payload: ArraySlice<UInt8>, hasher: inout SHA256Hasher) -> SHA256Digest {
        DomainTag.claim.withUTF8Buffer { hasher.update(UnsafeRawBufferPointer($0)) }
        withUnsafeBytes(of: field.bigEndian) { hasher.update($0) }
        hasher.update(payload)
        return hasher.finalizeAndRestart()
    }
}

/// The chained stage inputs of "Stage signatures":
///
///     input_i  = "octet/v1/stage\0" || proof_id || H(proof_key) || u32be(i) || u32be(k) || prev_i || b
///     prev_0   = 32 zero bytes;  prev_i+1 = H(input_i)
///
/// and the committed digest `H(input_last)`, which covers every stage in order. The verifier
/// streams each input into its hasher (`StageChain`); the issuer, which signs the inputs whole,
/// concatenates them (`StageInputs`); both take the parts from `parts`, so they cannot disagree.
package struct StageChain: Sendable {
    /// `H(input_i)` for every stage, computed once: `prev_i+1` of the chain and the digest that
    /// stage `i`'s signature is checked on.
    package let digests: [SHA256Digest]
    /// `H(input_last)`; `prev_0` (32 zero bytes) for a chain of no stages.
    package var committedDigest: SHA256Digest { digests.last ?? SHA256Digest() }
    /// `H(proof_key)`, a part of every input; the proof identity of `replay-uniqueness` takes it too.
    package let proofKeyDigest: SHA256Digest

    /// `proof` is borrowed, not copied.
    init(_ proof: borrowing DecodedProof, hasher: inout SHA256Hasher) {
        // The key hash through the verification's one context, not a context of its own.
        hasher.update(proof.proofKey)
        let keyHash = hasher.finalizeAndRestart()
        proofKeyDigest = keyHash
        var previous = SHA256Digest()
        var digests: [SHA256Digest] = []
        digests.reserveCapacity(proof.stages.count)
        // By index: no copy of each stage.
        for index in proof.stages.indices {
            Self.parts(
                index: index, kind: proof.stages[index].kind.rawValue, proofId: proof.proofId, keyHash: keyHash,
                previous: previous, body: proof.stages[index].body
            ) { hasher.update($0) }
            previous = hasher.finalizeAndRestart()
            digests.append(previous)
        }
        self.digests = digests
    }

    /// The parts of `input_i`, in order.
    static func parts(
        index: Int, kind: Int, proofId: ArraySlice<UInt8>, keyHash: SHA256Digest, previous: SHA256Digest,
        body: ArraySlice<UInt8>, _ part: (UnsafeRawBufferPointer) -> Void
    ) {
        DomainTag.stage.withUnsafeBytes(part)
        proofId.withUnsafeBytes(part)
        keyHash.withUnsafeBytes(part)
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: index).bigEndian, part)
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: kind).bigEndian, part)
        previous.withUnsafeBytes(part)
        body.withUnsafeBytes(part)
    }
}

/// The issuer's side of `StageChain`: every `input_i` whole, to be signed, and the committed digest.
package struct StageInputs: Sendable {
    package let inputs: [[UInt8]]
    package let committedDigest: [UInt8]

    package init(
        proofId: ArraySlice<UInt8>, proofKey: ArraySlice<UInt8>, stages: [(kind: Int, body: ArraySlice<UInt8>)]
    ) {
        let keyHash = proofKey.withUnsafeBytes { SHA256.digest($0) }
        var previous = SHA256Digest()
        var inputs: [[UInt8]] = []
        for (index, stage) in stages.enumerated() {
            var input: [UInt8] = []
            StageChain.parts(
                index: index, kind: stage.kind, proofId: proofId, keyHash: keyHash, previous: previous,
                body: stage.body
            ) { input.append(contentsOf: $0) }
            previous = input.withUnsafeBytes { SHA256.digest($0) }
            inputs.append(input)
        }
        self.inputs = inputs
        self.committedDigest = previous.bytes
    }
}

/// The claim hashes of one proof, by claim field number: a fixed, small index.
struct ClaimHashes {
    private let hashes: [SHA256Digest?]

    init(_ payloads: ClaimPayloads, in bytes: [UInt8], hasher: inout SHA256Hasher) {
        var hashes: [SHA256Digest?] = []
        hashes.reserveCapacity(ClaimPayloads.fieldCount)
        for field in 0..<ClaimPayloads.fieldCount {
            hashes.append(
                payloads.payload(field, in: bytes).map {
                    ClaimHash.of(field: UInt32(field), payload: $0, hasher: &hasher)
                })
        }
        self.hashes = hashes
    }

    subscript(field: UInt32) -> SHA256Digest? { Int(field) < hashes.count ? hashes[Int(field)] : nil }

    var count: Int { hashes.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }
}
