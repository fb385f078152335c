import Foundation
import Octet
import OctetCrypto
import OctetIssuer
import OctetTestSupport
import Testing

/// A revocation source from a table.
struct TableRevocationSource: RevocationSource {
    var listed: [RevocationSubject: RevocationEntry] = [:]
    var unavailable: String?
    /// Answers `.stale` for what it does not list (a list past its maximum age).
    var stale: String?

    func lookUp(_ subject: RevocationSubject) -> RevocationLookup {
        if let entry = listed[subject], stale != nil { return .listed(entry) }
        if let unavailable { return .unavailable(unavailable) }
        if let stale { return .stale(stale) }
        return listed[subject].map(RevocationLookup.listed) ?? .notListed
    }
}

@Suite("Backend checks: replay-uniqueness and revocation are recipe checks fed by injected sources")
struct BackendCheckTests {
    static let seedOrder = [
        "wire-format", "stage-signatures", "device-attestation-sig", "binding", "freshness", "region-claim",
        "region-type", "contains", "hardware-attestation", "attestation-required", "session-binding", "verdict-tier",
        "caller-manifest", "caller-metadata", "replay-uniqueness", "revocation",
    ]

    static var proofKeyHash: [UInt8] { SHA256.hash(Fixture.proofKey.publicKey.x963Representation) }

    @Test("the recipe reports the seed's order with and without sources, replay-uniqueness before revocation")
    func recipeOrder() {
        let bare = Fixture.verify()
        #expect(bare.checks.map(\.name) == Self.seedOrder)
        let fed = Fixture.verify(
            options: Fixture.options {
                $0.replayStore = MemoryReplayStore()
                $0.revocationSource = TableRevocationSource()
            })
        #expect(fed.checks.map(\.name) == Self.seedOrder)
    }

    /// A store whose prunes cut every window short, noting the window each check hands it.
    final class PrunedStore: ReplayStore, @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [Int64] = []
        var windows: [Int64] { lock.withLock { seen } }

        func check(_ key: ReplayKey, record: Bool, atMilliseconds: Int64) -> ReplaySighting {
            .unavailable("the window was not passed on")
        }

        func check(_ key: ReplayKey, record: Bool, atMilliseconds: Int64, windowFromMilliseconds: Int64)
            -> ReplaySighting
        {
            lock.withLock { seen.append(windowFromMilliseconds) }
            return .windowPruned
        }
    }

    @Test(
        "replay-uniqueness hands the store its window's start (time, less the window, less 60 s); pruned is INCONCLUSIVE"
    )
    func windowPruned() {
        let store = PrunedStore()
        let result = Fixture.verify(
            options: Fixture.options {
                $0.replayStore = store
                $0.maxAgeSeconds = 600
            })
        #expect(store.windows == [Fixture.nowMs - 600_000 - 60_000])
        #expect(result.status("replay-uniqueness") == .inconclusive)
        #expect(result.check(named: "replay-uniqueness")?.code == .replayWindowPruned)
        #expect(result.verdict == .inconclusive)
        #expect(!result.isAuthentic)
        // A window that is not a number reaches back without bound.
        let unbounded = PrunedStore()
        _ = Fixture.verify(
            options: Fixture.options {
                $0.replayStore = unbounded
                $0.maxAgeSeconds = .infinity
            })
        #expect(unbounded.windows == [Int64.min])
    }

    @Test("without sources both are NOT-CHECKED, as on-device")
    func noSources() {
        let result = Fixture.verify()
        #expect(result.status("replay-uniqueness") == .notChecked)
        #expect(result.status("revocation") == .notChecked)
        #expect(result.verdict == .valid)
    }

    @Test("a valid proof is recorded once; the same proof again is a replay and invalid")
    func replayOnce() {
        let store = MemoryReplayStore()
        let options = Fixture.options { $0.replayStore = store }
        let first = Fixture.verify(options: options)
        #expect(first.status("replay-uniqueness") == .pass)
        #expect(first.verdict == .valid)
        let second = Fixture.verify(options: options)
        #expect(second.status("replay-uniqueness") == .fail)
        #expect(second.verdict == .invalid)
        #expect(store.calls.map(\.record) == [true, true])
        // The proof identity, computed here from the formula, independently of the library.
        let identity = SHA256.hash(
            parts: [Array("octet/v1/replay\0".utf8), Self.proofKeyHash, Array(0..<16)])
        #expect(
            store.calls.first?.key
                == ReplayKey(proofIdentity: identity, proofId: Array(0..<16), sessionNonce: nil))
        #expect(
            ReplayKey.proofIdentity(proofKey: Fixture.proofKey.publicKey.x963Representation, proofId: Array(0..<16))
                == identity)
    }

    @Test("a proof is not recorded when a later check (revocation) fails it: the replay check runs last")
    func revokedNotRecorded() {
        let store = MemoryReplayStore()
        let source = TableRevocationSource(listed: [
            .proofKey(sha256: Self.proofKeyHash): RevocationEntry(status: .revoked)
        ])
        let result = Fixture.verify(
            options: Fixture.options {
                $0.replayStore = store
                $0.revocationSource = source
            })
        #expect(result.status("revocation") == .fail)
        #expect(result.status("replay-uniqueness") == .pass)
        #expect(result.detail("replay-uniqueness").contains("not recorded"))
        #expect(store.calls.map(\.record) == [false])
    }

    @Test("an INCONCLUSIVE check elsewhere also keeps the proof unrecorded")
    func inconclusiveNotRecorded() {
        let store = MemoryReplayStore()
        _ = Fixture.verify(
            options: Fixture.options {
                $0.replayStore = store
                $0.revocationSource = TableRevocationSource(unavailable: "down")
            })
        #expect(store.calls.map(\.record) == [false])
    }

    @Test("a store that cannot answer is INCONCLUSIVE with REPLAY_STORE_UNAVAILABLE, never PASS")
    func storeUnavailable() {
        let store = MemoryReplayStore()
        store.answer = .unavailable("busy")
        let result = Fixture.verify(options: Fixture.options { $0.replayStore = store })
        let check = result.check(named: "replay-uniqueness")
        #expect(check?.status == .inconclusive)
        #expect(check?.code == .replayStoreUnavailable)
        #expect(result.verdict == .inconclusive)
        #expect(!result.isAuthentic)
    }

    @Test("a listed proof key or device key fails revocation, naming kind and status, never the key")
    func revokedKeys() {
        let deviceKeyHash = SHA256.hash(Fixture.deviceKey.publicKey.x963Representation)
        let source = TableRevocationSource(listed: [
            .proofKey(sha256: Self.proofKeyHash): RevocationEntry(status: .revoked, reason: "KEY_COMPROMISE"),
            .deviceKey(sha256: deviceKeyHash): RevocationEntry(status: .suspended),
        ])
        let result = Fixture.verify(options: Fixture.options { $0.revocationSource = source })
        #expect(result.status("revocation") == .fail)
        #expect(result.detail("revocation") == "proof key REVOKED (KEY_COMPROMISE); device key SUSPENDED")
        #expect(result.verdict == .invalid)
    }

    @Test(
        "revocation's code is REVOKED when any listed entry is revoked, SUSPENDED when every one is suspended",
        arguments: [
            ([RevocationEntry.Status.revoked], "REVOKED"), ([.suspended], "SUSPENDED"),
            ([.suspended, .revoked], "REVOKED"),
        ])
    func revocationCode(statuses: [RevocationEntry.Status], code: String) {
        let deviceKeyHash = SHA256.hash(Fixture.deviceKey.publicKey.x963Representation)
        let subjects: [RevocationSubject] = [.proofKey(sha256: Self.proofKeyHash), .deviceKey(sha256: deviceKeyHash)]
        let source = TableRevocationSource(
            listed: Dictionary(uniqueKeysWithValues: zip(subjects, statuses.map { RevocationEntry(status: $0) })))
        let result = Fixture.verify(options: Fixture.options { $0.revocationSource = source })
        #expect(result.status("revocation") == .fail)
        #expect(result.check(named: "revocation")?.code?.rawValue == code)
    }

    @Test("nothing listed is PASS; a source that cannot answer is INCONCLUSIVE")
    func notListedAndUnavailable() {
        let clean = Fixture.verify(options: Fixture.options { $0.revocationSource = TableRevocationSource() })
        #expect(clean.status("revocation") == .pass)
        #expect(clean.detail("revocation") == "nothing listed (proof key, device key)")
        let down = Fixture.verify(
            options: Fixture.options { $0.revocationSource = TableRevocationSource(unavailable: "timeout") })
        #expect(down.status("revocation") == .inconclusive)
        #expect(down.check(named: "revocation")?.code == .revocationSourceUnavailable)
    }

    @Test("a list that is not current is INCONCLUSIVE REVOCATION_LIST_STALE, never PASS; a listing still FAILs")
    func staleList() {
        let stale = Fixture.verify(
            options: Fixture.options { $0.revocationSource = TableRevocationSource(stale: "fetched 3d ago") })
        #expect(stale.status("revocation") == .inconclusive)
        #expect(stale.check(named: "revocation")?.code == .revocationListStale)
        #expect(stale.detail("revocation") == "revocation list not current: fetched 3d ago")
        #expect(stale.verdict == .inconclusive)
        let listed = TableRevocationSource(
            listed: [.proofKey(sha256: Self.proofKeyHash): RevocationEntry(status: .revoked)], stale: "never fetched")
        let failed = Fixture.verify(options: Fixture.options { $0.revocationSource = listed })
        #expect(failed.status("revocation") == .fail)
        #expect(failed.check(named: "revocation")?.code == .revoked)
    }

    @Test("an undecodable proof asks no source")
    func undecodable() {
        let store = MemoryReplayStore()
        let result = Octet.verify(proofBytes: Data([0xFF]), options: Fixture.options { $0.replayStore = store })
        #expect(result.status("replay-uniqueness") == .notChecked)
        #expect(store.calls.isEmpty)
    }
}
