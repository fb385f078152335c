import Foundation
import Octet
import OctetCrypto
import OctetIssuer

/// Keys and drafts shared by the tests: a fixed clock so every result is reproducible.
enum Fixture {
    /// 2026-01-15T12:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_768_478_400)
    static let nowMs: Int64 = 1_768_478_400_000

    static let proofKey = try! P256PrivateKey(rawScalar: [UInt8](repeating: 0, count: 31) + [1])
    static let deviceKey = try! P256PrivateKey(rawScalar: [UInt8](repeating: 0, count: 31) + [2])
    static let issuer = ProofIssuer(proofKey: proofKey, device: .software(deviceKey))

    /// A valid software proof, created 10 s before `now`, of a 250 m circle around its fix.
    static func draft() -> ProofDraft {
        var draft = ProofDraft(createdAt: now.addingTimeInterval(-10))
        draft.proofId = Array(0..<16)
        return draft
    }

    static func options(_ build: (inout VerifyOptions) -> Void = { _ in }) -> VerifyOptions {
        var options = VerifyOptions(verificationTime: now)
        build(&options)
        return options
    }

    static func verify(_ draft: ProofDraft = draft(), mutations: [Mutation] = [], options: VerifyOptions = options())
        -> ProofVerification
    {
        Octet.verify(proofBytes: issuer.issue(draft, mutations: mutations), options: options)
    }
}

extension ProofVerification {
    func status(_ name: String) -> CheckStatus? { check(named: name)?.status }
    func detail(_ name: String) -> String { check(named: name)?.detail ?? "" }
}
