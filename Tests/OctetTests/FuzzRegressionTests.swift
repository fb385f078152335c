import Foundation
import Octet
import OctetAttestation
import OctetCrypto
import OctetFuzzEntries
import Testing

/// Every input a fuzzer ever crashed on (FuzzTesting/FailCases/<target>/<name>) replayed through
/// the same function the fuzzer ran. A regression traps and fails the run; the seeds run too,
/// so each target's code path is exercised by `swift test` even when no crasher is recorded.
@Suite("Fuzz regressions: every FailCases input and every seed runs to completion")
struct FuzzRegressionTests {
    struct Input: Sendable, CustomStringConvertible {
        let target: FuzzTarget
        let name: String
        let bytes: [UInt8]
        var description: String { "\(target.rawValue)/\(name)" }
    }

    static let failCasesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FuzzTesting/FailCases")

    static let failCases: [Input] = FuzzTarget.allCases.flatMap { target -> [Input] in
        let folder = failCasesFolder.appendingPathComponent(target.rawValue)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().filter { !$0.hasPrefix(".") }.compactMap { name in
            guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)) else { return nil }
            return Input(target: target, name: name, bytes: [UInt8](data))
        }
    }

    @Test("the FailCases folder exists and names only known targets")
    func folderIsWellFormed() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.failCasesFolder.path)
        let known = Set(FuzzTarget.allCases.map(\.rawValue))
        for name in names where !name.hasPrefix(".") && name != "README.md" {
            #expect(known.contains(name), "FailCases/\(name) is not a fuzz target")
        }
    }

    @Test("each recorded crasher now runs to completion", arguments: failCases)
    func replay(_ input: Input) {
        // The assertion is reaching the end: a regression traps inside run(_:) and fails the run.
        input.target.run(input.bytes)
    }

    @Test("each target's seed corpus is non-empty and runs to completion", arguments: FuzzTarget.allCases)
    func seeds(_ target: FuzzTarget) {
        let seeds = target.seeds()
        #expect(!seeds.isEmpty, "\(target.rawValue) has no seeds")
        for seed in seeds { target.run(seed) }
    }

    @Test(
        "FuzzCertificate's seeds hold, in every position, certificates the rule refuses, accepts, and accepts while they do not load"
    )
    func certificateSeedsCoverTheProperty() {
        var refused = Set<Int>()
        var unloadable = Set<Int>()
        var accepted = Set<Int>()
        for seed in FuzzTarget.certificate.seeds() {
            let position = Int(seed[0]) % CertificateEntry.positions
            let der = Array(seed.dropFirst())
            switch CertificateStructure.read(der) {
            case .failure: refused.insert(position)
            case .success:
                accepted.insert(position)
                if (try? Certificate(derEncoded: der)) == nil { unloadable.insert(position) }
            }
        }
        let positions = Set(0..<CertificateEntry.positions)
        #expect(refused == positions)
        #expect(accepted == positions)
        #expect(unloadable == positions)
    }

    @Test(
        "FuzzCertificate's seeds reach the rules of 2026-12-07 in every position: critical FALSE written out, bad UTF-8 in the issuer and in the subject"
    )
    func certificateSeedsReachTheRevisedRules() {
        var reached: [CertificateDefect.Rule: Set<Int>] = [:]
        for seed in FuzzTarget.certificate.seeds() {
            if case .failure(let defect) = CertificateStructure.read(Array(seed.dropFirst())) {
                reached[defect.rule, default: []].insert(Int(seed[0]) % CertificateEntry.positions)
            }
        }
        let positions = Set(0..<CertificateEntry.positions)
        for rule in [CertificateDefect.Rule.criticalFalse, .issuerUTF8, .subjectUTF8] {
            #expect(reached[rule] == positions, "\(rule): \(reached[rule] ?? [])")
        }
    }

    @Test("FuzzVerify's seeds reach the deep PASS paths: signatures, content, hardware attestation")
    func verifySeedsGoDeep() {
        var passed = Set<String>()
        for seed in FuzzTarget.verify.seeds() {
            let input = VerifyFuzzInput(seed)
            let result = Octet.verify(proofBytes: Data(input.proof), options: input.options())
            for check in result.checks where check.status == .pass { passed.insert(check.name) }
        }
        for name in [
            "stage-signatures", "device-attestation-sig", "binding", "freshness", "contains", "session-binding",
            "verdict-tier", "caller-manifest", "caller-metadata", "hardware-attestation",
        ] {
            #expect(passed.contains(name), "no seed makes \(name) PASS")
        }
    }
}
