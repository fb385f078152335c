import Foundation
import Octet
import OctetCrypto
import OctetEncoding
import OctetGeometry

/// Issues proofs with software P-256 keys: for tests, demos and the conformance vectors.
///
/// It signs exactly what the verifier checks (the same stage chain and claim hashes), and can
/// deliberately break a proof in one place (`Mutation`) so a test can show the right check failing.
public struct ProofIssuer: Sendable {
    /// The stage key (`proof_key`).
    public let proofKey: P256PrivateKey
    /// How the device evidence is made.
    public var device: DeviceEvidence

    public enum DeviceEvidence: Sendable {
        /// A plain software device key (`SoftwareKey`).
        case software(P256PrivateKey)
        /// An Android chain whose leaf key is the proof key; the issuer signs the device input with it.
        /// `ProofIssuer.android(ca:device:proofKey:leafKey:)` makes one from a test CA.
        case androidKey(chainDER: [[UInt8]])
        /// App Attest evidence made by a caller-supplied signer; `AppAttestTestDevice.evidence`
        /// (or `ProofIssuer.appAttest(device:proofKey:)`) makes it with a software App Attest key.
        case appAttest(AppAttestEvidenceMaker)
        /// Device evidence bytes written as they are (an encoded `DeviceEvidence` message), for hostile tests.
        case raw([UInt8])
    }

    public init(proofKey: P256PrivateKey = P256PrivateKey(), device: DeviceEvidence? = nil) {
        self.proofKey = proofKey
        self.device = device ?? .software(P256PrivateKey())
    }

    public static func randomBytes(_ count: Int) -> [UInt8] { SecureRandom.bytes(count) }

    /// Signs `draft` into proof bytes, then applies `mutations` in order.
    public func issue(_ draft: ProofDraft, mutations: [Mutation] = []) -> Data {
        Data(issueBytes(draft, mutations: mutations))
    }

    public func issueBytes(_ draft: ProofDraft, mutations: [Mutation] = []) -> [UInt8] {
        var parts = ProofParts(draft: draft, mutations: mutations)
        let proofKeyBytes = proofKey.publicKey.x963Representation

        // Stages: bodies, then the chain, then each signature.
        let chain = StageInputs(
            proofId: draft.proofId[...], proofKey: proofKeyBytes[...],
            stages: parts.stageBodies.map { (Int($0.kind.rawValue), $0.body[...]) })
        var signatures = chain.inputs.map { proofKey.signature(for: $0) }
        for mutation in mutations {
            if case .signStagesWith(let other) = mutation { signatures = chain.inputs.map { other.signature(for: $0) } }
            if case .corruptStageSignature(let index) = mutation, signatures.indices.contains(index) {
                signatures[index] = Self.corrupt(signatures[index])
            }
        }
        var deviceInput = DomainTag.device + chain.committedDigest
        if mutations.contains(where: { if case .deviceSignsOtherDigest = $0 { true } else { false } }) {
            deviceInput = DomainTag.device + [UInt8](repeating: 0xAB, count: 32)
        }
        let deviceBytes = deviceEvidence(
            input: deviceInput,
            corrupt: mutations.contains {
                if case .corruptDeviceSignature = $0 { true } else { false }
            })

        // Claims may be altered after signing: the bindings then no longer match.
        for mutation in mutations {
            if case .alterClaimsAfterSigning(let alter) = mutation {
                var altered = draft
                alter(&altered)
                parts.claims = ClaimsEncoder.encode(altered)
            }
        }

        var writer = WireWriter()
        writer.varint(ProofSchema.LocationProof.formatVersion, draft.formatVersion)
        writer.bytes(ProofSchema.LocationProof.proofId, draft.proofId)
        writer.bytes(ProofSchema.LocationProof.proofKey, proofKeyBytes)
        writer.bytes(ProofSchema.LocationProof.claims, parts.claims.bytes)
        var stageRecords: [[UInt8]] = []
        for (index, stage) in parts.stageBodies.enumerated() {
            var record = WireWriter()
            record.varint(ProofSchema.Stage.kind, stage.kind.rawValue)
            record.bytes(ProofSchema.Stage.body, stage.body)
            record.bytes(ProofSchema.Stage.signature, signatures[index])
            stageRecords.append(record.bytes)
        }
        for mutation in mutations {
            switch mutation {
            case .dropStage(let index) where stageRecords.indices.contains(index): stageRecords.remove(at: index)
            case .swapStages(let a, let b) where stageRecords.indices.contains(a) && stageRecords.indices.contains(b):
                stageRecords.swapAt(a, b)
            default: break
            }
        }
        for record in stageRecords { writer.bytes(ProofSchema.LocationProof.stages, record) }
        writer.bytes(ProofSchema.LocationProof.device, deviceBytes)
        var bytes = writer.bytes
        for mutation in mutations {
            switch mutation {
            case .duplicateTopLevelField(let field):
                bytes += ProofParts.topLevelRecord(field, in: bytes)
            case .appendBytes(let extra):
                bytes += extra
            default: break
            }
        }
        return bytes
    }

    private func deviceEvidence(input: [UInt8], corrupt: Bool) -> [UInt8] {
        var writer = WireWriter()
        switch device {
        case .software(let key):
            var signature = key.signature(for: input)
            if corrupt { signature = Self.corrupt(signature) }
            writer.message(ProofSchema.DeviceEvidence.software) { software in
                software.bytes(ProofSchema.SoftwareKey.publicKey, key.publicKey.x963Representation)
                software.bytes(ProofSchema.SoftwareKey.signature, signature)
            }
        case .androidKey(let chain):
            var signature = proofKey.signature(for: input)
            if corrupt { signature = Self.corrupt(signature) }
            writer.message(ProofSchema.DeviceEvidence.androidKey) { android in
                for certificate in chain {
                    android.bytes(ProofSchema.AndroidKeyAttestation.certificateChain, certificate)
                }
                android.bytes(ProofSchema.AndroidKeyAttestation.signature, signature)
            }
        case .appAttest(let maker):
            writer.bytes(ProofSchema.DeviceEvidence.appAttest, maker.evidence(deviceInput: input, corrupt: corrupt))
        case .raw(let bytes):
            return bytes
        }
        return writer.bytes
    }

    /// Flips one bit in the middle of a DER signature: still DER, no longer valid.
    static func corrupt(_ signature: [UInt8]) -> [UInt8] {
        var copy = signature
        if copy.count > 10 { copy[copy.count - 5] ^= 0x01 }
        return copy
    }
}

/// Makes the `AppAttest` message for a device input (key id, key, assertion, optional enrolment).
public struct AppAttestEvidenceMaker: Sendable {
    public let make: @Sendable (_ deviceInput: [UInt8], _ corrupt: Bool) -> [UInt8]

    public init(make: @escaping @Sendable (_ deviceInput: [UInt8], _ corrupt: Bool) -> [UInt8]) { self.make = make }

    func evidence(deviceInput: [UInt8], corrupt: Bool) -> [UInt8] { make(deviceInput, corrupt) }
}
