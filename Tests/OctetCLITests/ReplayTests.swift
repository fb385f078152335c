import Foundation
import Octet
import OctetBackend
import OctetCLI
import Testing

@Suite("replay-uniqueness: a proof, or a session nonce, is accepted once")
struct ReplayTests {
    static func replayCheck(_ report: ProofReport) -> ProofCheck? {
        report.checks.first { $0.name == "replay-uniqueness" }
    }

    @Test("first sighting PASS and recorded; the same proof again FAIL; the verdict follows")
    func sameProofTwice() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteReplayStore(path: directory.appendingPathComponent("r.db").path)
        let session = CLIFixture.session(replay: store)
        let bytes = CLIFixture.proof(id: 1)
        let first = session.verify(path: "p", bytes: bytes)
        #expect(Self.replayCheck(first)?.status == .pass)
        #expect(Self.replayCheck(first)?.detail == "first sighting; proof recorded")
        #expect(first.verdict == .valid)
        let second = session.verify(path: "p", bytes: bytes)
        #expect(Self.replayCheck(second)?.status == .fail)
        #expect(second.verdict == .invalid)
        #expect(!second.isValid)
    }

    @Test("another proof bound to an accepted session nonce is a replay")
    func sharedNonce() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteReplayStore(path: directory.appendingPathComponent("r.db").path)
        let session = CLIFixture.session(replay: store)
        let nonce = [UInt8](repeating: 9, count: 16)
        let first = session.verify(path: "a", bytes: CLIFixture.proof(id: 1, nonce: nonce))
        #expect(Self.replayCheck(first)?.detail == "first sighting; proof and session nonce recorded")
        let second = session.verify(path: "b", bytes: CLIFixture.proof(id: 2, nonce: nonce))
        #expect(Self.replayCheck(second)?.status == .fail)
        #expect(Self.replayCheck(second)?.detail.contains("session nonce") == true)
    }

    @Test("an invalid proof is not recorded, so its valid twin is still accepted once")
    func invalidNotRecorded() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteReplayStore(path: directory.appendingPathComponent("r.db").path)
        let session = CLIFixture.session(replay: store)
        let broken = session.verify(path: "x", bytes: CLIFixture.proof(id: 3, mutations: [.corruptDeviceSignature]))
        #expect(broken.verdict == .invalid)
        #expect(Self.replayCheck(broken)?.status == .pass)
        #expect(Self.replayCheck(broken)?.detail.contains("not recorded") == true)
        let good = session.verify(path: "y", bytes: CLIFixture.proof(id: 3))
        #expect(Self.replayCheck(good)?.status == .pass)
        #expect(good.verdict == .valid)
    }

    @Test("a batch settles replays in input order: of two copies, the first listed is accepted, whatever the jobs")
    func batchOrder() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for id in 0..<40 {
            paths.append(try CLIFixture.write(CLIFixture.proof(id: UInt8(id % 20)), "p\(id).proof", in: directory))
        }
        for jobs in [1, 3] {
            let store = try SQLiteReplayStore(path: directory.appendingPathComponent("r\(jobs).db").path)
            var verdicts: [ProofVerification.Verdict] = []
            BatchRunner(session: CLIFixture.session(replay: store), jobs: jobs).run(paths) { item in
                if case .report(let report) = item { verdicts.append(report.verdict) }
            }
            #expect(verdicts == Array(repeating: .valid, count: 20) + Array(repeating: .invalid, count: 20))
        }
    }
}
