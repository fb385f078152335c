import Foundation
import Octet
import OctetContent
import OctetCrypto
import OctetEncoding
import OctetIssuer

/// Every conformance case: at least one per outcome of every check and per strict-decoding rule.
/// Ids are `<check or rule>/<outcome>-<what>`; they name files and must stay stable.
public enum ConformanceCases {
    public static func all() -> [ConformanceCase] {
        var builder = CaseBuilder()
        WireFormatCases.add(to: &builder)
        SignatureCases.add(to: &builder)
        ClaimCases.add(to: &builder)
        ContentCases.add(to: &builder)
        AttestationCases.add(to: &builder)
        AppIdentityCases.add(to: &builder)
        return builder.cases
    }
}

/// Collects cases; each helper issues with the fixed keys.
struct CaseBuilder {
    var cases: [ConformanceCase] = []
    typealias Intent = [String: CheckStatus]

    static let keys = ConformanceKeys.self

    /// A valid software proof of a 250 m circle around its fix, created 10 s before "now".
    static func draft(_ edit: (inout ProofDraft) -> Void = { _ in }) -> ProofDraft {
        var draft = ProofDraft(createdAt: keys.now.addingTimeInterval(-10))
        draft.proofId = keys.proofId
        edit(&draft)
        return draft
    }

    static func options(_ edit: (inout VectorOptions) -> Void = { _ in }) -> VectorOptions {
        var options = VectorOptions(verificationTimeMs: keys.nowMs)
        edit(&options)
        return options
    }

    static func issue(_ draft: ProofDraft = draft(), _ mutations: [Mutation] = []) -> [UInt8] {
        keys.issuer.issueBytes(draft, mutations: mutations)
    }

    mutating func add(
        _ id: String, _ rule: String, proof: [UInt8], options: VectorOptions = options(), intent: Intent,
        verdict: ProofVerification.Verdict? = nil, absent: [String] = []
    ) {
        precondition(!cases.contains { $0.id == id }, "duplicate case id \(id)")
        var conformanceCase = ConformanceCase(
            id: id, rule: rule, proof: proof, options: options, intent: intent, verdict: verdict)
        conformanceCase.absent = absent
        cases.append(conformanceCase)
    }

    /// A wire-format FAIL: every other check NOT-CHECKED, verdict invalid.
    mutating func malformed(_ id: String, _ rule: String, _ proof: [UInt8]) {
        add(
            "wire-format/" + id, rule, proof: proof, intent: ["wire-format": .fail, "stage-signatures": .notChecked],
            verdict: .invalid)
    }

    /// The base proof with the claims message edited.
    static func editClaims(_ edit: (inout [WireEdit.Record]) -> Void) -> [UInt8] {
        WireEdit.edit(issue(), at: [(4, 0)], edit)
    }
}
