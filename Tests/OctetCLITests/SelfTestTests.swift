import Foundation
import Octet
import OctetCrypto
import OctetEncoding
import Testing

@testable import OctetCLI

/// `octet-verify selftest`: each item holds on a good install and fails, saying why, on a bad one.
@Suite("selftest: the example proof, the pinned roots, the replay store and the revocation list")
struct SelfTestTests {
    static let root = DocExamplesTests.root

    @Test("the compiled-in example proof is Examples/example.proof, byte for byte")
    func exampleIsTheBundledOne() throws {
        let file = try Data(contentsOf: Self.root.appendingPathComponent("Examples/example.proof"))
        #expect(Base64.decode(SelfTestFixtures.exampleProofBase64).map { Data($0) } == file)
    }

    @Test("the pinned SHA-256 of the roots are those of the DER in Roots/*.pem")
    func pinsAreTheRootsFolder() throws {
        func digests(_ folder: String) throws -> [String] {
            let directory = Self.root.appendingPathComponent("Roots/\(folder)")
            return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".pem") }
                .map { name in
                    let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .ascii)
                    let body = text.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
                    return Hex.encode(SHA256.hash(try #require(Base64.decode(body))))
                }.sorted()
        }
        #expect(try digests("apple") == SelfTestFixtures.appAttestRootSHA256.sorted())
        #expect(try digests("android") == SelfTestFixtures.androidRootSHA256.sorted())
    }

    @Test("the example item fails for a proof that does not verify at the example's time, naming the checks")
    func exampleItemFails() throws {
        #expect(SelfTestCommand.exampleProof().status == .ok)
        var bytes = try #require(Base64.decode(SelfTestFixtures.exampleProofBase64))
        bytes[bytes.count - 1] ^= 0x01
        let item = SelfTestCommand.exampleProof(bytes)
        #expect(item.status == .fail)
        #expect(item.detail.hasPrefix("verdict invalid at 2026-11-29T12:00:30Z: "), "\(item.detail)")
        #expect(SelfTestCommand.exampleProof([0x08]).status == .fail)
    }

    @Test("the anchors item fails when a root is not the pinned one, and when one is missing")
    func anchorsItemFails() {
        #expect(SelfTestCommand.bundledAnchors().status == .ok)
        let other = SelfTestCommand.bundledAnchors(appAttestPins: [String(repeating: "0", count: 64)])
        #expect(
            other.status == .fail && other.detail == "Apple roots differ from the pinned SHA-256: 1 unknown, 1 missing")
        let fewer = TrustAnchors(appAttestRootsDER: TrustAnchors.bundled.appAttestRootsDER, androidRootsDER: [])
        #expect(
            SelfTestCommand.bundledAnchors(fewer).detail
                == "Google roots differ from the pinned SHA-256: 0 unknown, 5 missing")
    }

    @Test("with nothing given: two items hold, two are skipped, exit 0", .enabled(if: Binary.isAvailable))
    func bare() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Binary.run(["selftest"], in: directory)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.split(separator: "\n").map { String($0.prefix(22)) } == [
                "ok    example proof   ", "ok    bundled anchors ", "skip  replay store    ",
                "skip  revocation list ", "selftest: all 2 items ",
            ], "\(run.stdout)")
    }

    @Test("a replay store and a revocation list that work: every item holds", .enabled(if: Binary.isAvailable))
    func storeAndList() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = Self.root.appendingPathComponent("packaging/server/revocation-list.json").path
        let run = try Binary.run(["selftest", "--replay-db", "replay.db", "--revocation-list", list], in: directory)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("ok    replay store     sqlite:"), "\(run.stdout)")
        #expect(run.stdout.contains("ok    revocation list  "), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("selftest: all 4 items hold\n"), "\(run.stdout)")
    }

    @Test(
        "a malformed revocation list, or a store that cannot be opened, is a FAIL line and exit 1",
        .enabled(if: Binary.isAvailable))
    func failures() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = try CLIFixture.write(Data("{\"v\":".utf8), "list.json", in: directory)
        let bad = try Binary.run(["selftest", "--revocation-list", list], in: directory)
        #expect(bad.status == 1)
        #expect(bad.stdout.contains("FAIL  revocation list  "), "\(bad.stdout)")
        #expect(bad.stdout.hasSuffix("selftest: 1 of 3 items failed\n"), "\(bad.stdout)")
        let store = try Binary.run(["selftest", "--replay-db", "no-such-folder/replay.db"], in: directory)
        #expect(store.status == 1)
        #expect(store.stdout.contains("FAIL  replay store     "), "\(store.stdout)")
    }

    @Test("usage errors are exit 64: an operand, two stores")
    func usage() {
        #expect(throws: CLIError.self) { try ArgumentParser.parse(["selftest", "p.proof"]) }
        #expect(throws: CLIError.self) {
            try ArgumentParser.parse(["selftest", "--replay-db", "a.db", "--replay-store", "sqlite:b.db"])
        }
        #expect(
            (try? ArgumentParser.parse(["selftest", "--replay-db", "a.db"]))
                == .selfTest(
                    {
                        var c = SelfTestConfiguration()
                        c.replayStore = .sqlite(path: "a.db")
                        c.storeFlags = ["--replay-db"]
                        return c
                    }()))
    }
}
