import Foundation
import Octet
import OctetBackend
import OctetTestSupport
import Testing

@Suite("Replay records keyed by proof identity: a borrowed proof id does not block the proof it was taken from")
struct ReplaySquattingTests {
    @Test(
        "in memory: an attacker's attested proof with the victim's id is accepted, the victim's still is, a copy is not"
    )
    func memory() throws {
        try ReplaySquatting.run(through: MemoryReplayStore())
    }

    @Test(
        "in SQLite: an attacker's attested proof with the victim's id is accepted, the victim's still is, a copy is not"
    )
    func sqlite() throws {
        let directory = try SQLiteReplayStoreTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try ReplaySquatting.run(through: SQLiteReplayStore(path: directory.appendingPathComponent("r.db").path))
    }

    @Test("the identity binds the proof key: one proof id under two proof keys is two proofs, under one key one")
    func identityBindsKey() {
        let proofId = [UInt8](repeating: 7, count: 16)
        let mine = ReplayKey.testing(proofId: proofId, sessionNonce: nil)
        let theirs = ReplayKey.testing(
            proofId: proofId, sessionNonce: nil, proofKey: [0x04] + [UInt8](repeating: 1, count: 64))
        #expect(mine.proofIdentity.count == 32)
        #expect(mine.proofIdentity != theirs.proofIdentity)
        #expect(mine == ReplayKey.testing(proofId: proofId, sessionNonce: nil))
        let store = MemoryReplayStore()
        #expect(store.check(theirs, record: true, atMilliseconds: 0) == .first(recorded: true))
        #expect(store.check(mine, record: true, atMilliseconds: 0) == .first(recorded: true))
        #expect(store.check(mine, record: false, atMilliseconds: 0) == .replayedProofId)
    }
}
