import Foundation
import Octet
import OctetAttestation
import OctetBackend

/// The one loader of a verifier's sources, for every front end (the CLI's batch, `--requests`,
/// `serve` at start-up and on SIGHUP): the trust-anchor folder, the revocation list and the replay
/// store. A file that cannot be read is exit 66; one read but malformed (a revocation list, an
/// anchor) exit 65; a replay store URL that does not parse, 64.
package enum SourceLoader {
    /// What configures a verifier rather than one proof.
    package struct Paths: Sendable, Equatable {
        package var trustAnchors: InputPath?
        package var revocationList: InputPath?
        /// `--revocation-max-age`: the list is judged by its fetch record (``DatedRevocationList``).
        package var revocationMaxAgeSeconds: Int64?
        package var replayStore: ReplayStoreURL?
        /// The PostgreSQL pool's size: one connection per verification thread.
        package var connections: Int?

        package init(
            trustAnchors: InputPath? = nil, revocationList: InputPath? = nil, revocationMaxAgeSeconds: Int64? = nil,
            replayStore: ReplayStoreURL? = nil, connections: Int? = nil
        ) {
            self.trustAnchors = trustAnchors
            self.revocationList = revocationList
            self.revocationMaxAgeSeconds = revocationMaxAgeSeconds
            self.replayStore = replayStore
            self.connections = connections
        }
    }

    /// The sources, and one line per warning (without the program name), such as a trust-anchor
    /// folder without a usable root or a replay database busy at start-up.
    package struct Loaded: Sendable {
        package var trustAnchors: TrustAnchors = .bundled
        package var revocationSource: (any RevocationSource)?
        package var replayStore: (any ReplayStore)?
        package var warnings: [String] = []

        /// The verifier these sources make, naming options as `prompts` says.
        package func verifier(prompts: OptionPrompts) -> Verifier {
            Verifier(
                trustAnchors: trustAnchors, revocationSource: revocationSource, replayStore: replayStore,
                prompts: prompts)
        }
    }

    /// Loads every source `paths` names. `onMigration` is told when the replay store migrates its
    /// schema (possibly later, from the thread of the look-up that migrated it).
    package static func load(_ paths: Paths, onMigration: ReplaySchemaMigrationHandler? = nil)
        -> Result<Loaded, CLIError>
    {
        var loaded = Loaded()
        if let path = paths.trustAnchors {
            switch TrustAnchorDirectory.load(path) {
            case .success(let anchors):
                loaded.trustAnchors = anchors.anchors
                loaded.warnings += anchors.warnings
            case .failure(let error): return .failure(error)
            }
        }
        switch revocationList(paths.revocationList, maxAgeSeconds: paths.revocationMaxAgeSeconds) {
        case .success(let list):
            loaded.revocationSource = list.source
            loaded.warnings += list.warnings
        case .failure(let error): return .failure(error)
        }
        switch replayStore(paths.replayStore, connections: paths.connections, onMigration: onMigration) {
        case .success(let store):
            loaded.replayStore = store
            if let sqlite = store as? SQLiteReplayStore, !sqlite.isReady {
                loaded.warnings.append(
                    "warning: replay database \(paths.replayStore?.logSafeDescription ?? "") is busy: each proof's "
                        + "replay-uniqueness waits for it (up to \(SQLiteReplayStore.defaultBusyTimeoutMilliseconds / 1000) s) "
                        + "and is INCONCLUSIVE if it stays busy")
            }
        case .failure(let error): return .failure(error)
        }
        return .success(loaded)
    }

    /// The anchors of a `--trust-anchors` folder; the bundled roots without one.
    package static func trustAnchors(_ path: InputPath?) -> Result<TrustAnchors, CLIError> {
        guard let path else { return .success(.bundled) }
        return TrustAnchorDirectory.load(path).map(\.anchors)
    }

    /// A `--revocation-list` file, parsed; read but malformed is exit 65 (EX_DATAERR), not "could not be read".
    package static func revocationList(_ path: InputPath?) -> Result<(any RevocationSource)?, CLIError> {
        revocationList(path, maxAgeSeconds: nil).map(\.source)
    }

    /// A loaded `--revocation-list`, and what an operator should hear about it.
    package struct LoadedRevocationList: Sendable {
        package var source: (any RevocationSource)?
        package var warnings: [String] = []
    }

    /// A `--revocation-list` file, with `--revocation-max-age` when given: the list is then dated
    /// by its fetch record (`FILE.fetched`), and a list file that does not exist is a list never
    /// fetched (INCONCLUSIVE until the first fetch, so `serve` may start before it), not exit 66.
    /// Without a maximum age the record is not read, as before. An empty list is loaded with a
    /// warning: it lets every proof PASS `revocation`.
    package static func revocationList(_ path: InputPath?, maxAgeSeconds: Int64?) -> Result<
        LoadedRevocationList, CLIError
    > {
        guard let path else { return .success(LoadedRevocationList()) }
        let name = path.description
        var warnings: [String] = []
        let bytes: [UInt8]
        if let maxAgeSeconds, !path.isStandardInput, !exists(path) {
            let never = DatedRevocationList(
                list: RevocationList(), fetched: .never("no list file"), maxAgeMilliseconds: maxAgeSeconds * 1000)
            let warning =
                "warning: revocation list \(name) does not exist yet: revocation is INCONCLUSIVE "
                + "(REVOCATION_LIST_STALE) until it is fetched (octet-verify revocation fetch)"
            return .success(LoadedRevocationList(source: never, warnings: [warning]))
        }
        switch InputFiles.read(path, what: "revocation list", limit: InputFiles.maxRevocationListBytes) {
        case .success(let data): bytes = [UInt8](data)
        case .failure(let error): return .failure(error)
        }
        let list: RevocationList
        switch RevocationList.parse(Data(bytes)) {
        case .success(let parsed): list = parsed
        case .failure(let error): return .failure(.dataError(error.message))
        }
        if list.count == 0 {
            warnings.append(
                "warning: revocation list \(name) holds no entries: revocation passes every proof"
                    + (maxAgeSeconds == nil ? " (--revocation-max-age judges how current it is)" : ""))
        }
        guard let maxAgeSeconds else { return .success(LoadedRevocationList(source: list, warnings: warnings)) }
        let record = InputPath(bytes: path.bytes + Array(RevocationFetchRecord.suffix.utf8))
        let recordBytes: [UInt8]? =
            path.isStandardInput || !exists(record)
            ? nil
            : (try? InputFiles.read(record, what: "fetch record", limit: RevocationFetchRecord.maxBytes).get())
                .map { [UInt8]($0) } ?? []
        let fetched = DatedRevocationList.fetched(list: bytes, record: recordBytes)
        let dated = DatedRevocationList(list: list, fetched: fetched, maxAgeMilliseconds: maxAgeSeconds * 1000)
        if let staleness = dated.staleness(now: DatedRevocationList.systemClock()) {
            warnings.append(
                "warning: revocation list \(name) is not current (\(staleness)): revocation is INCONCLUSIVE "
                    + "(REVOCATION_LIST_STALE) until it is fetched again")
        }
        return .success(LoadedRevocationList(source: dated, warnings: warnings))
    }

    /// Whether anything exists at `path` (a dangling link does not).
    private static func exists(_ path: InputPath) -> Bool {
        path.withCString { access($0, F_OK) == 0 } ?? false
    }

    /// The replay store a URL names, opened with the one busy timeout
    /// (`SQLiteReplayStore.defaultBusyTimeoutMilliseconds`). A PostgreSQL store is reached lazily:
    /// a database that is down at start-up is INCONCLUSIVE (`serve`: 503) until it is up.
    package static func replayStore(
        _ url: ReplayStoreURL?, connections: Int? = nil, onMigration: ReplaySchemaMigrationHandler? = nil
    ) -> Result<(any ReplayStore)?, CLIError> {
        guard let url else { return .success(nil) }
        do throws(ReplayStoreError) {
            #if PostgreSQL
                var options = PostgreSQLReplayStore.Options()
                if let connections { options.maximumConnections = connections }
                return .success(try url.open(postgreSQL: options, onMigration: onMigration))
            #else
                _ = connections
                return .success(try url.open(onMigration: onMigration))
            #endif
        } catch {
            return .failure(
                error.code == .invalidURL ? .usage("--replay-store: \(error.reason)") : .unreadable(error.reason))
        }
    }
}
