import Foundation
import Octet
import OctetConformance
import Testing

/// The committed conformance vectors (Vectors/cases) against `Octet.verify`, and against a fresh
/// regeneration (docs/conformance.md).
@Suite("Conformance vectors")
struct ConformanceVectorTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Vectors/cases")

    static let committed: [VectorFile] = (try? VectorWriter.load(from: folder)) ?? []

    @Test("the committed vectors are present and cover every check of the recipe")
    func coverage() throws {
        try #require(Self.committed.count >= 150, "Vectors/cases holds \(Self.committed.count) files")
        let names = Set(Self.committed.flatMap { $0.expected.checks.map(\.name) })
        for name in [
            "wire-format", "stage-signatures", "device-attestation-sig", "binding", "freshness", "region-claim",
            "region-type", "contains", "hardware-attestation", "attestation-required", "session-binding",
            "verdict-tier", "caller-manifest", "caller-manifest-locator", "caller-metadata",
            "replay-uniqueness", "revocation", "app-identity",
        ] {
            #expect(names.contains(name), "no vector reports \(name)")
        }
        // Every status a check can reach in this build appears in some vector.
        let outcomes = Set(Self.committed.flatMap { file in file.expected.checks.map { "\($0.name) \($0.status)" } })
        for outcome in [
            "wire-format PASS", "wire-format FAIL", "stage-signatures FAIL", "device-attestation-sig FAIL",
            "binding FAIL", "freshness FAIL", "region-claim FAIL", "region-type FAIL", "contains FAIL",
            "attestation-required FAIL", "session-binding PASS", "session-binding FAIL", "verdict-tier PASS",
            "verdict-tier WARN", "verdict-tier FAIL", "caller-manifest PASS", "caller-manifest FAIL",
            "caller-manifest-locator WARN", "caller-metadata PASS", "caller-metadata FAIL",
            "caller-metadata INCONCLUSIVE", "app-identity PASS", "app-identity FAIL", "app-identity INCONCLUSIVE",
            "app-identity NOT-CHECKED",
        ] {
            #expect(outcomes.contains(outcome), "no vector shows \(outcome)")
        }
        for file in Self.committed {
            #expect(file.schema == VectorFile.schemaName)
            #expect(VectorWriter.fileName(file.id) == VectorWriter.fileName(file.id).lowercased())
        }
    }

    @Test("app-identity is reported exactly when a vector's options carry expectedApps, after attestation-required")
    func appIdentityOnlyWithExpectedApps() {
        for file in Self.committed {
            let names = file.expected.checks.map(\.name)
            #expect(names.contains("app-identity") == (file.options.verifyOptions.expectedApps != nil), "\(file.id)")
            if let index = names.firstIndex(of: "app-identity") {
                #expect(names[index - 1] == "attestation-required", "\(file.id)")
            }
        }
        #expect(Self.committed.contains { $0.options.verifyOptions.expectedApps == [] })
    }

    @Test("every committed vector verifies to exactly its expected result", arguments: committed)
    func verify(_ file: VectorFile) {
        let result = Octet.verify(proofBytes: Data(file.proofBytes), options: file.options.verifyOptions)
        #expect(VectorExpectation(result) == file.expected, "\(file.id)")
    }

    @Test("regenerating the vectors changes nothing but signature bytes, and no case contradicts its intent")
    func regenerationIsStable() throws {
        let cases = ConformanceCases.all()
        let fresh = cases.map { $0.file() }
        #expect(zip(cases, fresh).compactMap { $0.contradiction($1.expected) } == [])
        let committed = Dictionary(uniqueKeysWithValues: Self.committed.map { ($0.id, $0) })
        #expect(Set(fresh.map(\.id)) == Set(committed.keys), "the set of cases changed: run `swift run octet-vectors`")
        for file in fresh {
            guard let old = committed[file.id] else { continue }
            #expect(file.rule == old.rule, "\(file.id): rule")
            // Trust anchors and enrolment bundles are minted afresh by the test authorities.
            #expect(
                file.options.withoutAttestationMaterial == old.options.withoutAttestationMaterial, "\(file.id): options"
            )
            #expect(file.expected == old.expected, "\(file.id): expected result")
            #expect(
                ProofStripper.strip(file.proofBytes) == ProofStripper.strip(old.proofBytes),
                "\(file.id): the proof differs beyond its signatures")
        }
    }

    @Test("the stripper removes exactly the signatures: two issuances of one draft strip equal, another draft does not")
    func stripperSeesOnlySignatures() throws {
        let committed = Dictionary(uniqueKeysWithValues: Self.committed.map { ($0.id, $0) })
        let old = try #require(committed["wire-format/pass-software-circle"]).proofBytes
        let fresh = try #require(ConformanceCases.all().first { $0.id == "wire-format/pass-software-circle" }).proof
        #expect(old != fresh, "ECDSA signatures are randomised")
        #expect(ProofStripper.strip(old) == ProofStripper.strip(fresh))
        let other = try #require(committed["session-binding/pass"]).proofBytes
        #expect(ProofStripper.strip(old) != ProofStripper.strip(other))
        // Two stage signatures and the device signature, each at least 64 bytes, are gone.
        #expect(ProofStripper.strip(old).count < old.count - 3 * 64)
    }
}
