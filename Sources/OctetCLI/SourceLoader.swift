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
        package var replayStore: ReplayStoreURL?
        /// The PostgreSQL pool's size: one connection per verification thread.
        package var connections: Int?

        package init(
            trustAnchors: InputPath? = nil, revocationList: InputPath? = nil, replayStore: ReplayStoreURL? = nil,
            connections: Int? = nil
        ) {
            self.trustAnchors = trustAnchors
            self.revocationList = revocationList
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
        switch revocationList(paths.revocationList) {
        case .success(let list): loaded.revocationSource = list
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
        guard let path else { return .success(nil) }
        return InputFiles.read(path, what: "revocation list", limit: InputFiles.maxRevocationListBytes)
            .flatMap { data in
                RevocationList.parse(data).mapError { CLIError.dataError($0.message) }.map {
                    $0 as (any RevocationSource)?
                }
            }
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
