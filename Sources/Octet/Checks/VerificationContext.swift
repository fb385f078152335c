import Foundation
import OctetCrypto
import OctetGeometry

/// Everything the checks of one `verify` call share: the decoded proof, the options, the clock,
/// and values several checks need, each computed once.
final class VerificationContext {
    let proof: DecodedProof
    let options: VerifyOptions
    /// `floor(now × 1000)`, the "now" of every time rule.
    let nowMs: Int64
    private(set) var outcomes: [String: Outcome] = [:]

    init(proof: DecodedProof, options: VerifyOptions, now: Date) {
        self.proof = proof
        self.options = options
        self.nowMs = Self.milliseconds(now.timeIntervalSince1970)
    }

    func record(_ name: String, _ outcome: Outcome) { outcomes[name] = outcome }

    func status(of name: String) -> CheckStatus? { outcomes[name]?.status }

    /// Seconds to whole milliseconds, floored and clamped to the Int64 range (NaN counts as 0).
    static func milliseconds(_ seconds: Double) -> Int64 {
        let value = (seconds * 1000).rounded(.down)
        if value.isNaN { return 0 }
        if value >= 9_223_372_036_854_775_807.0 { return .max }
        if value <= -9_223_372_036_854_775_808.0 { return .min }
        return Int64(value)
    }

    // MARK: Shared, computed once

    /// The proof key as a P-256 key, or nil when the bytes are not a point on the curve.
    private(set) lazy var proofKey: P256PublicKey? = try? P256PublicKey(x963Representation: Array(proof.proofKey))

    /// The stage chain of "Stage signatures": each stage's signed input and the committed digest.
    private(set) lazy var stageChain: StageChain = StageChain(proof)

    /// The claim hashes of "Claim hashes", per present claim field.
    private(set) lazy var claimHashes: [UInt32: [UInt8]] = Dictionary(
        uniqueKeysWithValues: proof.claims.payloads.map { field, payload in
            (field, ClaimHash.of(field: field, payload: payload))
        })

    /// The region checks' judgements.
    private(set) lazy var regionJudgements: RegionCheck.Judgements = RegionCheck.judge(
        proof, expected: options.expectedRegion)

    /// The input the device key signs: `"octet/v1/device\0" || committed digest`.
    var deviceInput: [UInt8] { DomainTag.device + stageChain.committedDigest }
}
