import Foundation
import Octet
import OctetThreads

/// Orders a run's replay look-ups so that which of two requests sharing a proof identity or a
/// session nonce is refused never depends on scheduling, while look-ups that share neither overlap
/// (with a database store, their round trips run at once instead of one after another).
///
/// Each request has a turn (its index). Before it asks the store, a request announces its key, then
/// waits until every earlier request has either finished, or announced a key sharing nothing with
/// its own. A look-up writes only under its own proof identity and nonce, and reads only those and
/// its proof id among the records a store kept by id before (which nobody writes any more), so
/// look-ups with disjoint keys commute, and any two that could see each other happen in input
/// order: every answer is the one looking up strictly one at a time in input order would give.
/// The lowest unfinished request never waits, so the run never stalls.
/// `@unchecked Sendable`: all state is guarded by `condition`.
final class ReplayTurns: @unchecked Sendable {
    private let condition = Condition()
    /// Every request below `next` has finished.
    private var next = 0
    private var finished = Set<Int>()
    /// Requests that announced their key and have not finished.
    private var announced: [Int: ReplayKey] = [:]

    /// Announces `key` for the request `index`, then blocks until every earlier request has
    /// finished or announced a key that shares nothing with `key`.
    func wait(for index: Int, key: ReplayKey) {
        condition.lock()
        announced[index] = key
        // A later request may be waiting to learn this key.
        condition.broadcast()
        while !clear(index, key) { condition.wait() }
        condition.unlock()
    }

    /// Marks the request `index` done, whether it looked up or not; idempotent.
    func finish(_ index: Int) {
        condition.lock()
        announced[index] = nil
        if index >= next { finished.insert(index) }
        while finished.remove(next) != nil { next += 1 }
        condition.broadcast()
        condition.unlock()
    }

    /// Called under the lock. The window of unfinished requests is bounded by the caller (16 per job).
    private func clear(_ index: Int, _ key: ReplayKey) -> Bool {
        var earlier = next
        while earlier < index {
            if !finished.contains(earlier) {
                guard let other = announced[earlier], !other.sharesKey(with: key) else { return false }
            }
            earlier += 1
        }
        return true
    }
}

extension ReplayKey {
    /// The same proof identity, or the same session nonce: the two look-ups may see each other.
    /// (The same proof id alone does not: records under a proof id are only read, never made.)
    func sharesKey(with other: ReplayKey) -> Bool {
        if proofIdentity == other.proofIdentity { return true }
        guard let nonce = sessionNonce, let otherNonce = other.sessionNonce else { return false }
        return nonce == otherNonce
    }
}

/// One proof's view of a run's replay store, as each front end orders look-ups: `admit` runs before
/// the look-up and says whether it may go on (false: recording has stopped, because the output is
/// gone, and the look-up answers "unavailable" without asking the store); `done` runs after it, or
/// after the refusal.
final class GuardedReplayStore: ReplayStore, Sendable {
    private let base: any ReplayStore
    private let admit: @Sendable (ReplayKey) -> Bool
    private let done: @Sendable () -> Void

    init(
        _ base: any ReplayStore, admit: @escaping @Sendable (ReplayKey) -> Bool,
        done: @escaping @Sendable () -> Void = {}
    ) {
        self.base = base
        self.admit = admit
        self.done = done
    }

    /// `--requests`: request `index` waits for its turn (`ReplayTurns`), and records nothing once `gate` is shut.
    static func inputOrder(
        _ base: any ReplayStore, turns: ReplayTurns, index: Int, gate: RecordingGate? = nil
    ) -> GuardedReplayStore {
        GuardedReplayStore(
            base,
            admit: { key in
                turns.wait(for: index, key: key)
                return gate?.isClosed != true
            },
            done: { turns.finish(index) })
    }

    func check(_ key: ReplayKey, record: Bool, atMilliseconds: Int64) -> ReplaySighting {
        defer { done() }
        guard admit(key) else { return .unavailable("output is gone: recording stopped") }
        return base.check(key, record: record, atMilliseconds: atMilliseconds)
    }

    /// Passed on whole: the window is what lets the store refuse a verification its prunes cut short.
    func check(_ key: ReplayKey, record: Bool, atMilliseconds: Int64, windowFromMilliseconds: Int64)
        -> ReplaySighting
    {
        defer { done() }
        guard admit(key) else { return .unavailable("output is gone: recording stopped") }
        return base.check(
            key, record: record, atMilliseconds: atMilliseconds, windowFromMilliseconds: windowFromMilliseconds)
    }
}
