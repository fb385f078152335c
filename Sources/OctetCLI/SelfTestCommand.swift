import Foundation
import Octet
import OctetBackend
import OctetCrypto
import OctetEncoding

/// `octet-verify selftest [--replay-store URL | --replay-db FILE] [--revocation-list FILE]`: after
/// an install, or before a service starts (the server unit's `ExecStartPre`), whether this binary
/// verifies as it should, with nothing but itself: the compiled-in example proof at its own time
/// (and a tampered copy refused), the bundled roots' SHA-256 as pinned, and, when named, the replay
/// store (answers a look-up, could record) and the revocation list (reads and parses).
///
/// One line per item, `ok`, `FAIL` or `skip` (an item not asked for); exit 0 only when no item
/// failed, 1 otherwise, 64 for a usage error.
public struct SelfTestConfiguration: Sendable, Equatable {
    public var replayStore: ReplayStoreURL?
    /// The flags that named the store, to refuse two.
    var storeFlags: [String] = []
    public var revocationListPath: InputPath?

    public init() {}

    static func parse(_ arguments: ArraySlice<[UInt8]>) throws(CLIError) -> Command {
        var c = SelfTestConfiguration()
        let command = FlagTable.selfTestCommand
        let outcome = try FlagParser.parse(
            Array(arguments), command: command, rows: FlagTable.selfTestRows, into: &c
        ) { _, raw throws(CLIError) in
            throw .usage(
                command.messagePrefix
                    + "takes no operand, got \(RegionSpec.quoted(String(decoding: raw, as: UTF8.self)))")
        }
        if case .informational = outcome { return .selfTestHelp }
        guard c.storeFlags.count <= 1 else {
            throw .usage(
                command.messagePrefix
                    + "--replay-db and --replay-store name one replay store two ways: give one of them")
        }
        return .selfTest(c)
    }
}

enum SelfTestCommand {
    static let about = """
        Checks this binary with nothing but itself: it verifies the example proof compiled into it at
        the proof's own time (2026-11-29T12:00:30Z, its region and session nonce: every check that
        runs must pass) and refuses a copy with one byte changed; it checks that the bundled Apple and
        Google roots are the ones pinned by SHA-256; with --replay-store or --replay-db, that the
        store answers a look-up and could record (nothing is recorded); with --revocation-list, that
        the list reads and parses. One line per item; exit 0 only when every item holds.
        """

    static var help: String { HelpText.render(FlagTable.selfTestCommand) }

    /// One item's result: `ok`, `FAIL`, or `skip` when the item was not asked for.
    struct Item: Equatable {
        enum Status: String { case ok, fail = "FAIL", skip }
        var status: Status
        var name: String
        var detail: String

        /// Padded by hand, as TextReport pads: `String.padding` is NSString's, and would link
        /// swift-corelibs-foundation (and ICU) into the static binary.
        var line: String {
            status.rawValue + String(repeating: " ", count: max(1, 6 - status.rawValue.count)) + name
                + String(repeating: " ", count: max(1, 17 - name.count)) + detail
        }
    }

    static func run(_ c: SelfTestConfiguration, io: ToolOutput) -> Int32 {
        let items = [
            exampleProof(), bundledAnchors(), replayStore(c.replayStore), revocationList(c.revocationListPath),
        ]
        for item in items { io.output(item.line + "\n") }
        let failed = items.filter { $0.status == .fail }.count
        let ran = items.filter { $0.status != .skip }.count
        io.output(
            failed == 0
                ? "selftest: all \(ran) items hold\n" : "selftest: \(failed) of \(ran) items failed\n")
        return io.status(failed == 0 ? 0 : ExitStatus.anyInvalid)
    }

    /// The example's options: its own time, region and session nonce, the bundled roots.
    static var exampleOptions: VerifyOptions {
        let region = SelfTestFixtures.exampleRegion
        return VerifyOptions(
            expectedRegion: .circle(
                latitude: region.latitude, longitude: region.longitude, radiusMeters: region.radiusMeters),
            verificationTime: Date(timeIntervalSince1970: Double(SelfTestFixtures.exampleTimeMilliseconds) / 1000),
            expectedSessionNonce: SelfTestFixtures.exampleSessionNonce)
    }

    /// Valid with every check that runs passing (the region, the signatures, the session), and a
    /// copy with its last byte changed (inside the device signature) invalid.
    static func exampleProof(_ given: [UInt8]? = nil) -> Item {
        let name = "example proof"
        guard let bytes = given ?? Base64.decode(SelfTestFixtures.exampleProofBase64) else {
            return Item(status: .fail, name: name, detail: "the compiled-in example proof is not base64")
        }
        let result = Octet.verify(proofBytes: Data(bytes), options: exampleOptions)
        let failing = result.checks.filter { ![.pass, .notChecked].contains($0.status) }
        guard result.verdict == .valid, failing.isEmpty else {
            let named = (failing.isEmpty ? result.checks : failing).map { "\($0.name) \($0.status.wireTag)" }
            return Item(
                status: .fail, name: name,
                detail: "verdict \(result.verdict) at \(SelfTestFixtures.exampleTimeText): "
                    + named.joined(separator: ", "))
        }
        var tampered = bytes
        tampered[tampered.count - 1] ^= 0x01
        let refused = Octet.verify(proofBytes: Data(tampered), options: exampleOptions)
        guard refused.verdict == .invalid else {
            return Item(
                status: .fail, name: name, detail: "a copy with one byte changed is \(refused.verdict), not invalid")
        }
        let passed = result.checks.filter { $0.status == .pass }.count
        return Item(
            status: .ok, name: name,
            detail: "valid at \(SelfTestFixtures.exampleTimeText) (\(passed) checks PASS), a tampered copy invalid")
    }

    /// The roots the verifier traces attestation to are exactly the pinned ones.
    static func bundledAnchors(
        _ anchors: TrustAnchors = .bundled, appAttestPins: [String] = SelfTestFixtures.appAttestRootSHA256,
        androidPins: [String] = SelfTestFixtures.androidRootSHA256
    ) -> Item {
        let name = "bundled anchors"
        let groups = [
            ("Apple", anchors.appAttestRootsDER, appAttestPins),
            ("Google", anchors.androidRootsDER, androidPins),
        ]
        var counts: [String] = []
        for (issuer, roots, pinned) in groups {
            let digests = roots.map { Hex.encode(SHA256.hash($0)) }
            guard digests.sorted() == pinned.sorted() else {
                let unknown = digests.filter { !pinned.contains($0) }.count
                let missing = pinned.filter { !digests.contains($0) }.count
                return Item(
                    status: .fail, name: name,
                    detail: "\(issuer) roots differ from the pinned SHA-256: \(unknown) unknown, \(missing) missing")
            }
            counts.append("\(digests.count) \(issuer)")
        }
        return Item(status: .ok, name: name, detail: counts.joined(separator: ", ") + ", SHA-256 as pinned")
    }

    /// A look-up of a key no proof has (the health look-up's), not recorded, answers "first"; and
    /// the store could record now (its probe writes in a transaction it rolls back).
    static func replayStore(_ url: ReplayStoreURL?) -> Item {
        let name = "replay store"
        guard let url else { return Item(status: .skip, name: name, detail: "not given (--replay-store URL)") }
        let described = url.logSafeDescription
        let store: any ReplayStore
        switch SourceLoader.replayStore(url) {
        case .success(let opened?): store = opened
        case .success(nil): return Item(status: .fail, name: name, detail: "\(described): not opened")
        case .failure(let error): return Item(status: .fail, name: name, detail: "\(described): \(error.message)")
        }
        let key = ReplayKey(
            proofIdentity: [UInt8](repeating: 0xFF, count: 32), proofId: [UInt8](repeating: 0xFF, count: 16),
            sessionNonce: nil)
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        switch store.check(key, record: false, atMilliseconds: now) {
        case .first(recorded: false): break
        case .unavailable(let reason): return Item(status: .fail, name: name, detail: "\(described): \(reason)")
        case let other: return Item(status: .fail, name: name, detail: "\(described): a look-up answered \(other)")
        }
        if let reason = recordingProbe(url)?.cannotRecord() {
            return Item(status: .fail, name: name, detail: "\(described): answers, but cannot record: \(reason)")
        }
        return Item(status: .ok, name: name, detail: "\(described) answers a look-up and could record")
    }

    static func recordingProbe(_ url: ReplayStoreURL) -> (any ReplayRecordingProbe)? {
        switch url {
        case .sqlite(let path): return SQLiteRecordingProbe(path: path)
        case .postgreSQL(let uri):
            #if PostgreSQL
                return try? PostgreSQLRecordingProbe(uri: uri)
            #else
                _ = uri
                return nil
            #endif
        }
    }

    static func revocationList(_ path: InputPath?) -> Item {
        let name = "revocation list"
        guard let path else { return Item(status: .skip, name: name, detail: "not given (--revocation-list FILE)") }
        switch SourceLoader.revocationList(path) {
        case .success(let source?):
            let entries = source.entryCount.map { "\($0) entries" } ?? "read"
            return Item(status: .ok, name: name, detail: "\(path): parses, \(entries)")
        case .success(nil): return Item(status: .fail, name: name, detail: "\(path): not read")
        case .failure(let error): return Item(status: .fail, name: name, detail: error.message)
        }
    }
}
