import Foundation
import OctetTestSupport
import Testing

@testable import OctetCrypto

#if canImport(Glibc)
    import Glibc
#endif

/// Each verifying thread after the first imports points into an OpenSSL library context of its own
/// (`OpenSSLLane`), and verifies there exactly as in the default one.
@Suite("OpenSSL lanes: a library context per verifying thread")
struct OpenSSLLaneTests {
    /// `body` run on a thread of its own, which has ended (and released `body`) when this returns.
    static func onNewThread<T>(_ body: @escaping () -> T) -> T {
        let result = ResultBox<T>()
        let job = ThreadJob()
        job.run = { result.value = body() }
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { raw in
                let job = Unmanaged<ThreadJob>.fromOpaque(raw!).takeRetainedValue()
                job.run?()
                job.run = nil
                return nil
            }, Unmanaged.passRetained(job).toOpaque())
        precondition(status == 0, "pthread_create failed")
        pthread_join(thread, nil)
        return result.value!
    }

    final class ThreadJob: @unchecked Sendable {
        var run: (() -> Void)?
    }

    final class ResultBox<T>: @unchecked Sendable {
        var value: T?
    }

    /// A class to stand for lanes in `LaneChoice`.
    final class Token {}

    @Test("the first thread gets the shared lane, then each later one a new lane, up to the capacity")
    func choiceMakesLanesUpToCapacity() {
        var choice = LaneChoice<Token>(capacity: 3)
        let shared = Token()
        var made: [Token] = []
        let make =
            {
                let token = Token()
                made.append(token)
                return token
            } as () -> Token?
        #expect(choice.next(shared: shared, make: make) === shared)
        let lanes = (0..<3).map { _ in choice.next(shared: shared, make: make) }
        #expect(made.count == 3)
        #expect(zip(lanes, made).allSatisfy { $0 === $1 })
        #expect(choice.made.count == 3)
    }

    @Test("beyond the capacity, threads share the lanes made, in turn")
    func choiceSharesInTurnBeyondCapacity() {
        var choice = LaneChoice<Token>(capacity: 2)
        let shared = Token()
        _ = choice.next(shared: shared, make: { Token() })
        let first = choice.next(shared: shared, make: { Token() })
        let second = choice.next(shared: shared, make: { Token() })
        let later = (0..<4).map { _ in choice.next(shared: shared, make: { Token() }) }
        #expect(later[0] === first && later[1] === second && later[2] === first && later[3] === second)
        #expect(choice.made.count == 2)
    }

    @Test("when no lane can be made, a thread takes the shared lane, or one made before")
    func choiceFallsBackWhenMakingFails() {
        var choice = LaneChoice<Token>(capacity: 4)
        let shared = Token()
        _ = choice.next(shared: shared, make: { nil })
        #expect(choice.next(shared: shared, make: { nil }) === shared)
        let made = choice.next(shared: shared, make: { Token() })
        #expect(made !== shared)
        #expect(choice.next(shared: shared, make: { nil }) === made)
    }

    @Test("threads after the first import into library contexts of their own, and keep them")
    func laterThreadsHaveOwnContexts() {
        // One thread in the whole process takes the shared lane, and this one asks first; the new
        // threads' lanes may be ones made before, shared in turn, but each has a context of its own.
        _ = OpenSSLLane.current
        let lanes = (0..<3).map { _ in
            Self.onNewThread { () -> (own: Bool, kept: Bool) in
                let lane = OpenSSLLane.current
                return (lane.hasOwnContext, OpenSSLLane.current === lane)
            }
        }
        #expect(lanes.allSatisfy { $0.own })
        #expect(lanes.allSatisfy { $0.kept })
    }

    @Test("a key imported into a lane verifies on another thread, and goes back to that lane's pool")
    func keyCrossesThreadsAndReturnsToItsLane() throws {
        let lane = try #require(OpenSSLLane.withOwnContext())
        // Every key imported into the lane ends before the lane (a key holds its lane unowned).
        try withExtendedLifetime(lane) {
            #expect(lane.hasOwnContext)
            let signer = P256PrivateKey()
            let message = Array("octet lane".utf8)
            let signature = signer.signature(for: message)[...]
            do {
                let imported = try OpenSSLP256PublicKey(point: signer.publicKey.x963Representation[...], lane: lane)
                let verdicts = Self.onNewThread {
                    [
                        imported.isValidSignature(signature, for: message),
                        imported.isValidSignature(signature, for: Array("octet lanE".utf8)),
                    ]
                }
                #expect(verdicts == [true, false])
                #expect(lane.keys.count == 0)
            }
            #expect(lane.keys.count == 1)

            // The next import into the lane reuses that key and verifies under its own point only.
            let other = P256PrivateKey()
            do {
                let reused = try OpenSSLP256PublicKey(point: other.publicKey.x963Representation[...], lane: lane)
                #expect(lane.keys.count == 0)
                #expect(reused.isValidSignature(other.signature(for: message)[...], for: message))
                #expect(!reused.isValidSignature(signature, for: message))
            }
            #expect(lane.keys.count == 1)
        }
    }

    @Test(
        "on a thread with a library context of its own, every Wycheproof case verifies as in the default one",
        .enabled(if: SharedVectors.isAvailable, "../shared/vectors is absent"))
    func wycheproofOnOwnContext() {
        let cases = WycheproofTests.cases
        _ = OpenSSLLane.current  // so the new thread is not the first to ask
        let (own, wrong) = Self.onNewThread { () -> (Bool, [Int]) in
            let own = OpenSSLLane.current.hasOwnContext
            let wrong = cases.filter { testCase in
                guard let key = try? P256PublicKey(x963Representation: testCase.publicKey) else { return true }
                return key.isValidSignature(testCase.signature, for: testCase.message)
                    != WycheproofTests.expectedValid(testCase)
            }
            return (own, wrong.map(\.id))
        }
        #expect(cases.count > 400)
        #expect(own)
        #expect(wrong.isEmpty, "tcIds \(wrong)")
    }
}
