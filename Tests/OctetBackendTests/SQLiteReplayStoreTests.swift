import Dispatch
import Foundation
import Octet
import OctetBackend
import OctetTestSupport
import Testing

@Suite("SQLiteReplayStore: one atomic look-up-and-record per proof, shared across connections")
struct SQLiteReplayStoreTests {
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("octet-backend-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func key(_ id: UInt8, nonce: UInt8? = nil) -> ReplayKey {
        ReplayKey.testing(
            proofId: [UInt8](repeating: id, count: 16), sessionNonce: nonce.map { [UInt8](repeating: $0, count: 16) })
    }

    @Test("the store keeps what it accepted across connections (processes)")
    func persists() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("r.db").path
        #expect(
            try SQLiteReplayStore(path: path).check(Self.key(4), record: true, atMilliseconds: 1)
                == .first(recorded: true))
        #expect(
            try SQLiteReplayStore(path: path).check(Self.key(4), record: true, atMilliseconds: 2) == .replayedProofId)
    }

    @Test("a look-up without record leaves the proof unaccepted; a shared nonce is a replay of its own kind")
    func recordAndNonce() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteReplayStore(path: directory.appendingPathComponent("r.db").path)
        #expect(store.check(Self.key(1, nonce: 9), record: false, atMilliseconds: 0) == .first(recorded: false))
        #expect(store.check(Self.key(1, nonce: 9), record: true, atMilliseconds: 0) == .first(recorded: true))
        #expect(store.check(Self.key(2, nonce: 9), record: true, atMilliseconds: 0) == .replayedSessionNonce)
        #expect(store.check(Self.key(1), record: true, atMilliseconds: 0) == .replayedProofId)
    }

    @Test("a file that is not an SQLite database, or a path that cannot exist, is refused with a typed error")
    func notADatabase() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("not.db").path
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try SQLiteReplayStore(path: path)
        } throws: { error in
            (error as? BackendError)?.code == .replayStoreUnusable
        }
        #expect(throws: BackendError.self) {
            _ = try SQLiteReplayStore(path: directory.appendingPathComponent("missing/dir/r.db").path)
        }
    }

    @Test("threads sharing one file through four connections accept each proof id exactly once")
    func threads() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("r.db").path
        let stores = try (0..<4).map { _ in try SQLiteReplayStore(path: path) }
        let accepted = Counter()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for id in 0..<50
            where stores[worker].check(Self.key(UInt8(id)), record: true, atMilliseconds: 0)
                == .first(recorded: true)
            {
                accepted.add(id)
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
