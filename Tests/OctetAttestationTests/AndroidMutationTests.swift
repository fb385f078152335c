import Foundation
import OctetAttestation
import OctetCrypto
import OctetOutcome
import OctetTestSupport
import Testing

/// Defective chains derived from real ones (the vectors' README suggests these mutations).
@Suite(
    "Android Key Attestation on mutated real chains",
    .enabled(if: SharedVectors.isAvailable, "shared vectors not found"))
struct AndroidMutationTests {
    static let rkp = "ak-caiman-sdk36-tee-ec-rkp"
    static let factory = "swa-galaxy-s9plus-android10-tee-factory"

    static func judge(_ chain: [[UInt8]], id: String, anchors: TrustAnchors = .bundled, appId: String? = nil) throws
        -> Outcome
    {
        AndroidKeyAttestation.judge(
            chainDER: chain, appId: try appId ?? AndroidVectors.packageName(id), createdAtMs: 0, anchors: anchors)
    }

    static func anchors(_ fingerprints: [String]) -> TrustAnchors {
        let chosen = TrustAnchors.bundled.androidRootsDER.filter {
            fingerprints.contains(SHA256.hash($0).map { String(format: "%02x", $0) }.joined())
        }
        return TrustAnchors(appAttestRootsDER: [], androidRootsDER: chosen)
    }

    @Test("dropping an intermediate breaks the chain", arguments: [rkp, factory])
    func dropIntermediate(id: String) throws {
        var chain = try AndroidVectors.chain(id)
        chain.remove(at: 1)
        #expect(try Self.judge(chain, id: id).code == .chainBroken)
    }

    @Test("a reversed chain, a leaf alone, and a leaf with only its issuer all fail", arguments: [rkp, factory])
    func reorderAndTruncate(id: String) throws {
        let chain = try AndroidVectors.chain(id)
        #expect(try Self.judge(chain.reversed(), id: id).status == .fail)
        #expect(try Self.judge([chain[0]], id: id).code == .chainLengthInvalid)
        #expect(
            try Self.judge(Array(chain.prefix(2)), id: id).code == .chainUntrusted)
    }

    @Test("the leaf of another device under this chain's intermediates does not verify")
    func swappedLeaf() throws {
        var chain = try AndroidVectors.chain(Self.rkp)
        chain[0] = try AndroidVectors.chain("ak-caiman-sdk36-strongbox-ec-rkp")[0]
        #expect(
            try Self.judge(chain, id: Self.rkp).code == .chainBroken)
    }

    @Test("the root repeated at the end leaves a path too long for its shape")
    func repeatedRoot() throws {
        for id in [Self.rkp, Self.factory] {
            let chain = try AndroidVectors.chain(id)
            let judgement = try Self.judge(chain + [try #require(chain.last)], id: id)
            #expect(judgement.status == .fail && judgement.detail.contains("certificates below the anchor"))
        }
    }

    @Test("nine certificates exceed the wire bound")
    func tooLong() throws {
        let chain = try AndroidVectors.chain(Self.rkp)
        #expect(
            try Self.judge(chain + chain.prefix(4), id: Self.rkp).code == .chainLengthInvalid)
    }

    @Test("a certificate that OpenSSL would accept with a non-minimal length is refused as malformed")
    func nonMinimalCertificate() throws {
        var chain = try AndroidVectors.chain(Self.rkp)
        let intermediate = chain[1]
        #expect(intermediate[0] == 0x30 && intermediate[1] == 0x82)
        chain[1] = [0x30, 0x83, 0x00] + intermediate.dropFirst(2)
        #expect(try Self.judge(chain, id: Self.rkp).code == .certificateMalformed)
        chain[1] = [0x30, 0x03, 0x02, 0x01, 0x01]
        #expect(try Self.judge(chain, id: Self.rkp).code == .certificateMalformed)
    }

    @Test("a real chain for another app fails on its attestation application id")
    func otherApp() throws {
        let judgement = try Self.judge(try AndroidVectors.chain(Self.rkp), id: Self.rkp, appId: "com.example.octet")
        #expect(judgement.code == .appIdMismatch)
    }

    @Test("anchors replace the bundled set: none, or only the other key, and the chain fails as untrusted")
    func swappedAnchors() throws {
        let untrusted = Outcome.fail(.chainUntrusted, "chain does not lead to a trusted Android attestation root")
        let rsaChain = try AndroidVectors.chain(Self.rkp)
        let ecChain = try AndroidVectors.chain("ak-tegu-sdk36-tee-ec-rkp-ec-root")
        let ecOnly = Self.anchors(["6d9db4ce6c5c0b293166d08986e05774a8776ceb525d9e4329520de12ba4bcc0"])
        let currentRSAOnly = Self.anchors(["cedb1cb6dc896ae5ec797348bce9286753c2b38ee71ce0fbe34a9a1248800dfc"])
        #expect(try Self.judge(rsaChain, id: Self.rkp, anchors: ecOnly) == untrusted)
        #expect(try Self.judge(ecChain, id: "ak-tegu-sdk36-tee-ec-rkp-ec-root", anchors: currentRSAOnly) == untrusted)
        #expect(
            try Self.judge(rsaChain, id: Self.rkp, anchors: TrustAnchors(appAttestRootsDER: [], androidRootsDER: []))
                == untrusted)
        // The App Attest list never anchors an Android chain.
        let swapped = TrustAnchors(
            appAttestRootsDER: TrustAnchors.bundled.androidRootsDER,
            androidRootsDER: TrustAnchors.bundled.appAttestRootsDER)
        #expect(try Self.judge(rsaChain, id: Self.rkp, anchors: swapped) == untrusted)
    }

    @Test("a chain ending in an older certificate of the RSA key anchors on the current one: the key and name decide")
    func anchoredByKeyAndName() throws {
        // The chain's own root is d50ff25ba3f2d6b3; only f1c172a699eaf51d is trusted here.
        let currentRSAOnly = Self.anchors(["cedb1cb6dc896ae5ec797348bce9286753c2b38ee71ce0fbe34a9a1248800dfc"])
        #expect(
            try Self.judge(try AndroidVectors.chain(Self.rkp), id: Self.rkp, anchors: currentRSAOnly).status == .pass)
    }

    @Test("a software-attested chain fails even when its AOSP root is supplied as an anchor")
    func softwareRootAsAnchor() throws {
        let id = "ak-marlin-sdk29-software-attested-ec"
        let chain = try AndroidVectors.chain(id)
        let anchors = TrustAnchors(appAttestRootsDER: [], androidRootsDER: [Data(try #require(chain.last))])
        #expect(
            try Self.judge(chain, id: id, anchors: anchors).code == .softwareAttestation)
    }

    @Test("details never carry serials or subject values from the chain", arguments: AndroidVectors.ids)
    func logSafe(id: String) throws {
        let chain = try AndroidVectors.chain(id)
        let detail = try Self.judge(chain, id: id).detail
        let facts = try #require(try AndroidVectors.json(id)["certs"] as? [[String: Any]])
        for fact in facts {
            if let serial = fact["serialHex"] as? String, serial.count > 2 { #expect(!detail.contains(serial)) }
        }
        #expect(!detail.contains(try AndroidVectors.packageName(id)))
    }
}

@Suite("Android Key Attestation robustness", .enabled(if: SharedVectors.isAvailable, "shared vectors not found"))
struct AndroidRobustnessTests {
    @Test("byte-mutated real chains never crash and never pass")
    func mutatedChains() throws {
        var random = SplitMix64(seed: 0xA77E57)
        let chain = try AndroidVectors.chain("ak-caiman-sdk36-tee-ec-rkp")
        let app = try AndroidVectors.packageName("ak-caiman-sdk36-tee-ec-rkp")
        for _ in 0..<300 {
            var mutated = chain
            let which = Int.random(in: 0..<4, using: &random)
            let index = Int.random(in: 0..<mutated[which].count, using: &random)
            let old = mutated[which][index]
            var new = UInt8.random(in: 0...255, using: &random)
            if new == old { new ^= 0x01 }
            mutated[which][index] = new
            let judgement = AndroidKeyAttestation.judge(
                chainDER: mutated, appId: app, createdAtMs: 0, anchors: .bundled)
            #expect(judgement.status == .fail)
        }
    }
}
