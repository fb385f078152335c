import Foundation
import OctetConformance
import OctetEncoding
import Testing

@testable import Octet

/// The tables both ports are tested against (issue 43, item 4): docs/checks.md's recipe and
/// reason codes, docs/proof-format.md's field bounds and decoding rules. This suite holds the
/// Swift library to them; the Kotlin library's `PortTablesTest` holds it to the same rows, so a
/// change made in one language and not in the tables, or in the tables and not in the other
/// language, fails one of the two.
@Suite("One table for both ports: the Swift library agrees with docs/checks.md and docs/proof-format.md")
struct PortTablesTests {
    static let docs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs")

    /// The rows of the first Markdown table after `anchor` in `docs/<file>`, header and rule
    /// skipped, as trimmed cells.
    static func table(_ file: String, after anchor: String) throws -> [[String]] {
        let text = try String(contentsOf: docs.appendingPathComponent(file), encoding: .utf8)
        let rest = try #require(text.range(of: anchor), "\(file) has no \"\(anchor)\"")
        let lines = text[rest.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        let rows = lines.drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }.dropFirst(2)
        return rows.map { row in
            row.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        }
    }

    /// The backticked words of a cell, in order.
    static func backticked(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map {
            String($0.element)
        }
    }

    /// docs/checks.md's recipe: every check name, in the order results report them.
    static func documentedRecipe() throws -> [String] {
        try table("checks.md", after: "Every check below appears").map { try #require(backticked($0[1]).first) }
    }

    /// docs/checks.md's "Reason codes": each code with the checks that report it.
    static func documentedCodes() throws -> [(code: String, checks: [String])] {
        try table("checks.md", after: "## Reason codes").map {
            (try #require(backticked($0[0]).first), backticked($0[1]))
        }
    }

    /// docs/proof-format.md's bounds: `Message.field` → its byte bound and its record count.
    static func documentedBounds() throws -> [String: Bounds] {
        var bounds: [String: Bounds] = [:]
        for row in try table("proof-format.md", after: "- **Bounds**") {
            let fields = backticked(row[0]).filter { $0.contains(".") }
            let cell = row[1].replacingOccurrences(of: ",", with: "")
            var found = Bounds()
            for match in cell.matches(of: #/(\d+)(?:\.\.(\d+))? (bytes|records)/#) {
                let low = Int(match.output.1)!
                let range = low...(match.output.2.map { Int($0)! } ?? low)
                if match.output.3 == "bytes" { found.bytes = found.bytes ?? range } else { found.records = range }
            }
            guard found != Bounds() else { continue }
            for field in fields { bounds[field, default: Bounds()].merge(found) }
        }
        return bounds
    }

    struct Bounds: Equatable, CustomStringConvertible {
        var bytes: ClosedRange<Int>?
        var records: ClosedRange<Int>?

        mutating func merge(_ other: Bounds) {
            bytes = bytes ?? other.bytes
            records = records ?? other.records
        }

        var description: String {
            [
                bytes.map { "\($0.lowerBound)..\($0.upperBound) bytes" },
                records.map { "\($0.lowerBound)..\($0.upperBound) records" },
            ]
            .compactMap { $0 }.joined(separator: ", ")
        }
    }

    /// Every message of `ProofSchema`.
    static let schemas: [WireSchema] = [
        ProofSchema.locationProof, ProofSchema.claims, ProofSchema.region, ProofSchema.circle, ProofSchema.polygon,
        ProofSchema.fix, ProofSchema.contentCommitment, ProofSchema.assuranceTier, ProofSchema.stage,
        ProofSchema.stageBody, ProofSchema.binding, ProofSchema.deviceEvidence, ProofSchema.appAttest,
        ProofSchema.appAttestEnrolment, ProofSchema.androidKeyAttestation, ProofSchema.softwareKey,
    ]

    /// What differs between two lists, for a failure message that says what to add where.
    static func difference(_ documented: [String], _ actual: [String], table: String, code: String) -> String {
        let missing = actual.filter { !documented.contains($0) }
        let extra = documented.filter { !actual.contains($0) }
        if missing.isEmpty, extra.isEmpty { return "same entries, another order: make \(code) follow \(table)" }
        return "\(table) lacks \(missing), \(code) lacks \(extra): add each to the side that lacks it "
            + "(and to the Kotlin library, whose PortTablesTest reads the same table)"
    }

    @Test("docs/checks.md's recipe table names wire-format, then every check of Recipe.checks, in its order")
    func recipe() throws {
        let documented = try Self.documentedRecipe()
        let swift = [CheckName.wireFormat] + Recipe.checks.map(\.name)
        #expect(documented.count >= 18, "the recipe table was read")
        #expect(
            documented == swift,
            "\(Self.difference(documented, swift, table: "docs/checks.md's recipe table", code: "Sources/Octet/Checks/Recipe.swift"))"
        )
    }

    @Test("docs/checks.md's reason-code table lists ReasonCode's cases, in their order")
    func reasonCodes() throws {
        let documented = try Self.documentedCodes().map(\.code)
        let swift = ReasonCode.allCases.map(\.rawValue)
        #expect(
            documented == swift,
            "\(Self.difference(documented, swift, table: "docs/checks.md's \"Reason codes\"", code: "Sources/OctetOutcome/ReasonCode.swift"))"
        )
    }

    @Test(
        "each documented code names the checks of the recipe that report it, and every vector's code is one of its check's"
    )
    func codesWithTheirChecks() throws {
        let recipe = Set(try Self.documentedRecipe())
        let codes = try Self.documentedCodes()
        for (code, checks) in codes {
            #expect(!checks.isEmpty, "\(code) names no check in docs/checks.md")
            #expect(Set(checks).isSubset(of: recipe), "\(code) names \(checks), not all checks of the recipe")
        }
        let allowed = Set(codes.flatMap { row in row.checks.map { "\($0) \(row.code)" } })
        let files = ConformanceVectorTests.committed
        try #require(!files.isEmpty)
        for file in files {
            for check in file.expected.checks {
                guard let code = check.code else { continue }
                #expect(
                    allowed.contains("\(check.name) \(code)"),
                    "\(file.id): \(check.name) reports \(code), which docs/checks.md does not list for that check")
            }
        }
    }

    @Test("docs/proof-format.md's bounds table holds every byte and record bound of ProofSchema, and no other")
    func schemaBounds() throws {
        let documented = try Self.documentedBounds()
        var swift: [String: Bounds] = [:]
        for schema in Self.schemas {
            for field in schema.fields where field.bytes != nil || field.records != nil {
                swift["\(schema.name).\(field.name)"] = Bounds(bytes: field.bytes, records: field.records)
            }
        }
        #expect(swift.count >= 20, "the schema's bounds were read")
        for name in Set(documented.keys).union(swift.keys).sorted() {
            #expect(
                documented[name] == swift[name],
                """
                \(name): docs/proof-format.md says \(documented[name]?.description ?? "nothing"), \
                Sources/Octet/Proof/ProofSchema.swift \(swift[name]?.description ?? "nothing") \
                (kotlin/…/wire/ProofDecoder.kt must agree too)
                """)
        }
    }

    @Test(
        "docs/proof-format.md's decoding-rules table lists ProtobufWire.Code's cases, their reason codes and texts, in order"
    )
    func decodingRules() throws {
        let documented = try Self.table("proof-format.md", after: "**The decoding rules' codes.**").map {
            Self.backticked($0[0]) + Self.backticked($0[1])
        }
        let swift = ProtobufWire.Code.allCases.map { [$0.reasonCode.rawValue, $0.description] }
        #expect(documented.count >= 16, "the decoding-rules table was read")
        #expect(
            documented == swift,
            """
            \(Self.difference(documented.map { $0.joined(separator: " ") }, swift.map { $0.joined(separator: " ") },
                table: "docs/proof-format.md's decoding rules", code: "Sources/OctetEncoding/WireError.swift"))
            """)
    }
}
