// STAND-IN for the seam the "outcome" helper lands in module Octet; deleted on merge.
public struct ReplayKey: Sendable, Hashable {
    public let proofId: [UInt8]
    public let sessionNonce: [UInt8]?
    public init(proofId: [UInt8], sessionNonce: [UInt8]?) {
        self.proofId = proofId
        self.sessionNonce = sessionNonce
    }
}
public enum ReplaySighting: Sendable, Equatable {
    case first(recorded: Bool)
    case replayedProofId
    case replayedSessionNonce
    case unavailable(String)
}
public protocol ReplayStore: AnyObject, Sendable {
    func check(_ key: ReplayKey, record: Bool, atMilliseconds: Int64) -> ReplaySighting
}
