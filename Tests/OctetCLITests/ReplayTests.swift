import Foundation
import Octet
import OctetCLI
import Testing

@Suite("replay-uniqueness: a proof id or session nonce is accepted once")
struct ReplayTests {
    static func replayCheck(_ report: ProofReport) -> ProofCheck? {
        report.checks.first { $0.name == "replay-uniqueness" }
    }

    @Test("first sighting PASS and recorded; the same proof again FAIL; the verdict follows")
    func sameProofTwice() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try ReplayStore(path: directory.appendingPathComponent("r.db").path)
        let session = CLIFixture.session(replay: store)
        let bytes = CLIFixture.proof(id: 1)
        let first = session.settleReplay(session.verify(path: "p", bytes: bytes))
        #expect(Self.replayCheck(first)?.status == .pass)
        #expect(Self.replayCheck(first)?.detail == "first sighting; proof id recorded")
        #expect(first.summary.verdict == .valid)
        let second = session.settleReplay(session.verify(path: "p", bytes: bytes))
        #expect(Self.replayCheck(second)?.status == .fail)
        #expect(second.summary.verdict == .invalid)
        #expect(!second.summary.isValid)
    }

    @Test("another proof bound to an accepted session nonce is a replay")
    func sharedNonce() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try ReplayStore(path: directory.appendingPathComponent("r.db").path)
        let session = CLIFixture.session(replay: store)
        let nonce = [UInt8](repeating: 9, count: 16)
        let first = session.settleReplay(session.verify(path: "a", bytes: CLIFixture.proof(id: 1, nonce: nonce)))
        #expect(Self.replayCheck(first)?.detail == "first sighting; proof id and session nonce recorded")
        let second = session.settleReplay(session.verify(path: "b", bytes: CLIFixture.proof(id: 2, nonce: nonce)))
        #expect(Self.replayCheck(second)?.status == .fail)
        #expect(Self.replayCheck(second)?.detail.contains("session nonce") == true)
    }

    @Test("an invalid proof is not recorded, so its valid twin is still accepted once")
    func invalidNotRecorded() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try ReplayStore(path: directory.appendingPathComponent("r.db").path)
        let session = CLIFixture.session(replay: store)
        let broken = session.settleReplay(
            session.verify(path: "x", bytes: CLIFixture.proof(id: 3, mutations: [.corruptDeviceSignature])))
        #expect(broken.summary.verdict == .invalid)
        #expect(Self.replayCheck(broken)?.status == .pass)
        #expect(Self.replayCheck(broken)?.detail.contains("not recorded") == true)
        let good = session.settleReplay(session.verify(path: "y", bytes: CLIFixture.proof(id: 3)))
        #expect(Self.replayCheck(good)?.status == .pass)
        #expect(good.summary.verdict == .valid)
    }

    @Test("the store keeps what it accepted across connections (processes)")
    func persists() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("r.db").path
        let id = [UInt8](repeating: 4, count: 16)
        #expect(
            try ReplayStore(path: path).check(proofId: id, sessionNonce: nil, record: true, atMilliseconds: 1)
                == .first(recorded: true))
        #expect(
            try ReplayStore(path: path).check(proofId: id, sessionNonce: nil, record: true, atMilliseconds: 2)
                == .replayedProofId)
    }

    @Test("a file that is not an SQLite database is unreadable (exit 66)")
    func notADatabase() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try CLIFixture.write(Data(repeating: 0x41, count: 4096), "not.db", in: directory)
        #expect {
            _ = try ReplayStore(path: path)
        } throws: { error in
            (error as? CLIError)?.exitCode == 66
        }
        #expect(throws: CLIError.self) {
            _ = try ReplayStore(path: directory.appendingPathComponent("missing/dir/r.db").path)
        }
    }

    @Test("threads sharing one store accept each proof id exactly once")
    func threads() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("r.db").path
        let stores = try (0..<4).map { _ in try ReplayStore(path: path) }
        let accepted = Counter()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for id in 0..<50 {
                let sighting = stores[worker].check(
                    proofId: [UInt8](repeating: UInt8(id), count: 16), sessionNonce: nil, record: true,
                    atMilliseconds: 0)
                if sighting == .first(recorded: true) { accepted.add(id) }
            }
        }
        #expect(accepted.counts == Dictionary(uniqueKeysWithValues: (0..<50).map { ($0, 1) }))
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var counts: [Int: Int] = [:]

    func add(_ key: Int) {
        lock.lock()
        counts[key, default: 0] += 1
        lock.unlock()
    }
}
