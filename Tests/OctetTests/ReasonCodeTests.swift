import Foundation
import Octet
import OctetConformance
import Testing

/// The closed set of reason codes: documented, well-formed, and carried by every non-PASS result.
@Suite("Reason codes")
struct ReasonCodeTests {
    static let checksDoc = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/checks.md")

    /// The codes of the "Reason codes" table: the first cell of each row, in backticks.
    static func documentedCodes() throws -> [String] {
        let text = try String(contentsOf: checksDoc, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Reason codes").dropFirst().first)
        let body = section.components(separatedBy: "\n## ").first ?? section
        return body.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `") else { return nil }
            return line.dropFirst(3).split(separator: "`").first.map(String.init)
        }
    }

    @Test("docs/checks.md lists every code exactly once, and no code the verifier does not have")
    func documented() throws {
        let documented = try Self.documentedCodes()
        #expect(documented.count == Set(documented).count, "a code is listed twice")
        #expect(Set(documented) == Set(ReasonCode.allCases.map(\.rawValue)))
    }

    @Test("the Kotlin library's ReasonCode has the same codes in the same order")
    func kotlinInStep() throws {
        let file = Self.checksDoc.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("kotlin/src/main/kotlin/dev/octet/outcome/ReasonCode.kt")
        let text = try String(contentsOf: file, encoding: .utf8)
        let body = try #require(text.components(separatedBy: "enum class ReasonCode {").dropFirst().first)
        let entries = (body.components(separatedBy: "\n    ;").first ?? "").split(separator: "\n").compactMap {
            line -> String? in
            let entry = line.trimmingCharacters(in: .whitespaces)
            guard entry.hasSuffix(","), !entry.hasPrefix("//") else { return nil }
            return String(entry.dropLast())
        }
        #expect(entries == ReasonCode.allCases.map(\.rawValue))
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
