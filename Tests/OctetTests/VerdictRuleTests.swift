import Testing

@testable import Octet

/// The seed's verdict rules as a table: `ProofVerification` derives verdict, isValid and
/// isAuthentic from the checks alone.
@Suite("Verdict rules")
struct VerdictRuleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let stageSignatures: CheckStatus
        let others: [CheckStatus]
        let verdict: ProofVerification.Verdict
        let isValid: Bool
        let isAuthentic: Bool
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(
            id: "all PASS: valid and authentic", stageSignatures: .pass, others: [.pass], verdict: .valid,
            isValid: true, isAuthentic: true),
        Case(
            id: "NOT-CHECKED never rejects", stageSignatures: .pass, others: [.notChecked], verdict: .valid,
            isValid: true, isAuthentic: true),
        Case(
            id: "WARN never rejects", stageSignatures: .pass, others: [.warn], verdict: .valid, isValid: true,
            isAuthentic: true),
        Case(
            id: "any FAIL: invalid", stageSignatures: .pass, others: [.pass, .fail], verdict: .invalid, isValid: false,
            isAuthentic: false),
        Case(
            id: "INCONCLUSIVE: valid but not authentic, inconclusive", stageSignatures: .pass, others: [.inconclusive],
            verdict: .inconclusive, isValid: true, isAuthentic: false),
        Case(
            id: "FAIL wins over INCONCLUSIVE", stageSignatures: .pass, others: [.inconclusive, .fail],
            verdict: .invalid, isValid: false, isAuthentic: false),
        Case(
            id: "stage-signatures NOT-CHECKED: never authentic", stageSignatures: .notChecked, others: [.pass],
            verdict: .inconclusive, isValid: true, isAuthentic: false),
        Case(
            id: "stage-signatures FAIL: invalid", stageSignatures: .fail, others: [.pass], verdict: .invalid,
            isValid: false, isAuthentic: false),
        Case(
            id: "stage-signatures WARN: not authentic", stageSignatures: .warn, others: [], verdict: .inconclusive,
            isValid: true, isAuthentic: false),
    ]

    @Test("verdict, isValid and isAuthentic follow the seed's rules", arguments: cases)
    func rule(_ testCase: Case) {
        let checks =
            [ProofCheck(name: "stage-signatures", status: testCase.stageSignatures, detail: "")]
            + testCase.others.enumerated().map {
                ProofCheck(name: "check-\($0.offset)", status: $0.element, detail: "")
            }
        let result = ProofVerification(checks: checks, spoofingVerdict: nil)
        #expect(result.verdict == testCase.verdict)
        #expect(result.isValid == testCase.isValid)
        #expect(result.isAuthentic == testCase.isAuthentic)
    }

    @Test("every status has its wire tag")
    func wireTags() {
        #expect(CheckStatus.allCases.map(\.wireTag) == ["PASS", "FAIL", "WARN", "NOT-CHECKED", "INCONCLUSIVE"])
    }
}
