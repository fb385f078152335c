import Foundation
import Octet
import OctetThreads

/// Makes a batch's replay look-ups happen in input order while the proofs are verified in
/// parallel, so which of two copies of a proof counts as the replay never depends on scheduling.
///
/// Each proof of a batch has a turn (its index). A proof asks the store only once every proof
/// before it has asked or finished without asking; `finish` marks a proof done either way. The
/// lowest unfinished proof can always proceed, so the batch never stalls.
/// `@unchecked Sendable`: all state is guarded by `condition`.
final class ReplayTurns: @unchecked Sendable {
    private let condition = Condition()
    private var next = 0
    private var finished = Set<Int>()

    /// Blocks until every proof before `index` has finished.
    func wait(for index: Int) {
        condition.lock()
        while next < index { condition.wait() }
        condition.unlock()
    }

    /// Marks the proof `index` done; idempotent.
    func finish(_ index: Int) {
        condition.lock()
        if index >= next { finished.insert(index) }
        while finished.remove(next) != nil { next += 1 }
        condition.broadcast()
        condition.unlock()
    }
}

/// One proof's view of the run's replay store: its look-up waits for its turn.
final class InputOrderReplayStore: ReplayStore, Sendable {
    private let base: any ReplayStore
    private let turns: ReplayTurns
    private let index: Int

    init(_ base: any ReplayStore, turns: ReplayTurns, index: Int) {
        self.base = base
        self.turns = turns
        self.index = index
    }

    func check(_ key: ReplayKey, record: Bool, atMilliseconds: Int64) -> ReplaySighting {
        turns.wait(for: index)
        defer { turns.finish(index) }
        return base.check(key, record: record, atMilliseconds: atMilliseconds)
    }
}
