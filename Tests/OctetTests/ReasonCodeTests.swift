import Foundation
import Octet
import OctetConformance
import Testing

/// The closed set of reason codes: documented, well-formed, and carried by every non-PASS result.
@Suite("Reason codes")
struct ReasonCodeTests {
    /// The codes of the "Reason codes" table, in its order.
    static func documentedCodes() throws -> [String] { try PortTablesTests.documentedCodes().map(\.code) }

    @Test("docs/checks.md lists every code exactly once, and no code the verifier does not have")
    func documented() throws {
        let documented = try Self.documentedCodes()
        #expect(documented.count == Set(documented).count, "a code is listed twice")
        #expect(Set(documented) == Set(ReasonCode.allCases.map(\.rawValue)))
    }

    @Test("every code is SCREAMING_SNAKE_CASE", arguments: ReasonCode.allCases)
    func spelling(_ code: ReasonCode) {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
        #expect(code.rawValue.allSatisfy(allowed.contains))
        #expect(code.rawValue.first?.isLetter == true && !code.rawValue.hasSuffix("_") && !code.rawValue.contains("__"))
    }

    @Test("the seed's own four content codes keep their names")
    func seedCodes() {
        #expect(ReasonCode.manifestMismatch.rawValue == "MANIFEST_MISMATCH")
        #expect(ReasonCode.manifestInvalid.rawValue == "MANIFEST_INVALID")
        #expect(ReasonCode.contentMismatch.rawValue == "CONTENT_MISMATCH")
        #expect(ReasonCode.contentUnresolved.rawValue == "CONTENT_UNRESOLVED")
    }

    @Test("in every conformance vector, FAIL, WARN and INCONCLUSIVE carry a known code; PASS and NOT-CHECKED none")
    func vectorsCarryCodes() throws {
        let files = ConformanceVectorTests.committed
        try #require(!files.isEmpty)
        let known = Set(ReasonCode.allCases.map(\.rawValue))
        var seen = Set<String>()
        for file in files {
            for check in file.expected.checks {
                switch check.status {
                case "PASS", "NOT-CHECKED": #expect(check.code == nil, "\(file.id) \(check.name)")
                default:
                    let code = try #require(check.code, "\(file.id) \(check.name) has no code")
                    #expect(known.contains(code), "\(file.id): \(code)")
                    seen.insert(code)
                }
            }
        }
        // The vectors reach the seed's codes and a code of every wire rule they exercise.
        for code in [
            "MANIFEST_MISMATCH", "MANIFEST_INVALID", "CONTENT_MISMATCH", "CONTENT_UNRESOLVED",
            "WIRE_DUPLICATE_FIELD", "WIRE_UNKNOWN_FIELD", "STALE", "OUTSIDE_REGION", "CHAIN_UNTRUSTED",
        ] {
            #expect(seen.contains(code), "no vector shows \(code)")
        }
    }

    @Test("ProofCheck drops a code given for PASS or NOT-CHECKED; the seed's initializer gives none")
    func proofCheckCode() {
        #expect(ProofCheck(name: "x", status: .pass, detail: "", code: .stale).code == nil)
        #expect(ProofCheck(name: "x", status: .notChecked, detail: "", code: .stale).code == nil)
        #expect(ProofCheck(name: "x", status: .fail, detail: "", code: .stale).code == .stale)
        #expect(ProofCheck(name: "x", status: .fail, detail: "").code == nil)
    }
}
