import Dispatch
import Foundation
import Octet

/// A replay store in memory with the real stores' rule (a proof identity or a session nonce is
/// accepted once), for tests: it logs every look-up in the order it was made, can be told to give
/// one answer to every look-up, and can hold one proof id's look-up until the test lets it go.
/// `legacyProofIds` plays a store migrated from schema version 1: ids recorded then stay refused.
///
/// `@unchecked Sendable`: the record and the log go through `lock`; `answer` is set before use.
public final class MemoryReplayStore: ReplayStore, @unchecked Sendable {
    private let lock = NSLock()
    private var identities: Set<[UInt8]> = []
    private let legacyProofIds: Set<[UInt8]>
    private var nonces: Set<[UInt8]> = []
    private var log: [(key: ReplayKey, record: Bool)] = []
    /// When set, every look-up gets this answer and records nothing.
    public var answer: ReplaySighting?
    /// The proof id whose look-up signals `entered`, then waits for `release`.
    public let held: [UInt8]?
    public let entered = DispatchSemaphore(value: 0)
    public let release = DispatchSemaphore(value: 0)

    public init(holding held: [UInt8]? = nil, legacyProofIds: Set<[UInt8]> = []) {
        self.held = held
        self.legacyProofIds = legacyProofIds
    }

    /// Every look-up so far, in the order it was made.
    public var calls: [(key: ReplayKey, record: Bool)] { lock.withLock { log } }
    /// The keys of ``calls``.
    public var order: [ReplayKey] { calls.map(\.key) }

    public func check(_ key: ReplayKey, record: Bool, atMilliseconds: Int64) -> ReplaySighting {
        if key.proofId == held {
            entered.signal()
            release.wait()
        }
        return lock.withLock {
            log.append((key, record))
            if let answer { return answer }
            if identities.contains(key.proofIdentity) || legacyProofIds.contains(key.proofId) {
                return .replayedProofId
            }
            if let nonce = key.sessionNonce, nonces.contains(nonce) { return .replayedSessionNonce }
            guard record else { return .first(recorded: false) }
            identities.insert(key.proofIdentity)
            if let nonce = key.sessionNonce { nonces.insert(nonce) }
            return .first(recorded: true)
        }
    }
}
