import Dispatch
import Foundation
import Octet
import OctetTestSupport
import Testing

@testable import OctetCLI

/// `ReplayTurns` (`--requests` with a store): look-ups that share a proof id or a session nonce
/// happen in input order; the others may overlap.
@Suite("replay turns: look-ups sharing a key in input order, the rest at once")
struct ReplayTurnsTests {
    static func key(_ proof: UInt8, _ nonce: UInt8?) -> ReplayKey {
        ReplayKey.testing(proofId: [UInt8](repeating: proof, count: 16), sessionNonce: nonce.map { [$0, $0] })
    }

    /// Keys from a small set, so that many share a proof id or a nonce (or both, or neither).
    static let keys: [ReplayKey] = (0..<96).map { (index: Int) -> ReplayKey in
        let nonce: UInt8? = index % 3 == 0 ? nil : UInt8(index % 5)
        return key(UInt8(index % 7), nonce)
    }

    static func sequentialAnswers() -> [ReplaySighting] {
        let store = MemoryReplayStore()
        return keys.map { store.check($0, record: true, atMilliseconds: 0) }
    }

    @Test(
        "whatever the scheduling, every answer is the one strict input order gives, and look-ups sharing a key keep input order",
        arguments: [1, 2, 3])
    func sameAnswersAsInputOrder(seed: Int) {
        let store = MemoryReplayStore()
        let turns = ReplayTurns()
        let answers = Answers(count: Self.keys.count)
        // Requests start in a shuffled order on many threads; each announces only when it gets there.
        var generator = SeededGenerator(seed: UInt64(seed))
        let starts = Array(Self.keys.indices).shuffled(using: &generator)
        let log = IndexLog()
        let group = DispatchGroup()
        // One thread per request (a request may block on its turn: a fixed-size pool could stall).
        for index in starts {
            group.enter()
            Thread {
                let logged = Logged(base: store, index: index, log: log)
                let view = GuardedReplayStore.inputOrder(logged, turns: turns, index: index)
                answers.set(index, view.check(Self.keys[index], record: true, atMilliseconds: 0))
                turns.finish(index)
                group.leave()
            }.start()
        }
        group.wait()
        #expect(answers.all == Self.sequentialAnswers())
        // For every pair sharing a key, the earlier request looked up first.
        let position = Dictionary(uniqueKeysWithValues: log.order.enumerated().map { ($1, $0) })
        #expect(position.count == Self.keys.count)
        for i in Self.keys.indices {
            for j in (i + 1)..<Self.keys.count where Self.keys[i].sharesKey(with: Self.keys[j]) {
                #expect(position[i]! < position[j]!, "requests \(i) and \(j) share a key")
            }
        }
    }

    /// Logs which request reached the store, in order.
    final class IndexLog: @unchecked Sendable {
        private let lock = NSLock()
        private var indices: [Int] = []
        func add(_ index: Int) { lock.withLock { indices.append(index) } }
        var order: [Int] { lock.withLock { indices } }
    }

    final class Logged: ReplayStore, Sendable {
        let base: MemoryReplayStore
        let index: Int
        let log: IndexLog
        init(base: MemoryReplayStore, index: Int, log: IndexLog) {
            self.base = base
            self.index = index
            self.log = log
        }
        func check(_ key: ReplayKey, record: Bool, atMilliseconds: Int64) -> ReplaySighting {
            log.add(index)
            return base.check(key, record: record, atMilliseconds: atMilliseconds)
        }
    }

    @Test("a look-up that shares no key with an earlier one does not wait for that one's answer")
    func disjointKeysOverlap() throws {
        let store = MemoryReplayStore(holding: Self.key(1, 1).proofId)
        let turns = ReplayTurns()
        let done = DispatchSemaphore(value: 0)
        Thread {
            _ = GuardedReplayStore.inputOrder(store, turns: turns, index: 0).check(
                Self.key(1, 1), record: true, atMilliseconds: 0)
            turns.finish(0)
            done.signal()
        }.start()
        // Request 0 is now inside the store and stays there until released.
        store.entered.wait()
        let later = Answers(count: 1)
        let laterDone = DispatchSemaphore(value: 0)
        Thread {
            later.set(
                0,
                GuardedReplayStore.inputOrder(store, turns: turns, index: 1).check(
                    Self.key(2, 2), record: true, atMilliseconds: 0))
            laterDone.signal()
        }.start()
        // Not a timing: a guard so that a request that waits for request 0 fails instead of hanging.
        let answeredFirst = laterDone.wait(timeout: .now() + 60) == .success
        #expect(answeredFirst, "request 1 waited for request 0's answer")
        #expect(later.all == (answeredFirst ? [.first(recorded: true)] : []))
        store.release.signal()
        done.wait()
        if !answeredFirst { laterDone.wait() }
        #expect(store.order == [Self.key(2, 2), Self.key(1, 1)])
    }

    @Test(
        "keys share when the proof ids are equal, or both have a nonce and the nonces are equal",
        arguments: [
            (key(1, 1), key(1, 2), true), (key(1, nil), key(1, nil), true), (key(1, 3), key(2, 3), true),
            (key(1, nil), key(2, nil), false), (key(1, 3), key(2, nil), false), (key(1, 3), key(2, 4), false),
        ])
    func sharing(first: ReplayKey, second: ReplayKey, shares: Bool) {
        #expect(first.sharesKey(with: second) == shares)
        #expect(second.sharesKey(with: first) == shares)
    }

    /// `@unchecked Sendable`: guarded by `lock`.
    final class Answers: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [ReplaySighting?]
        init(count: Int) { values = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: ReplaySighting) { lock.withLock { values[index] = value } }
        var all: [ReplaySighting] { lock.withLock { values.compactMap { $0 } } }
    }

    /// A small deterministic generator (SplitMix64), so that a failing order can be replayed.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
