import Foundation
import Octet
import OctetAttestation
import OctetBackend
import OctetContent

/// Turns a parsed configuration into a `VerificationSession`: reads every FILE the flags name
/// (one that cannot be read: exit 66; one read but malformed — a revocation list, an anchor: exit 65)
/// and opens the replay store.
public enum SessionBuilder {
    /// `now`: Unix milliseconds used when `--at` is absent. `warn` receives one line per warning
    /// (without the program name), such as a trust-anchor folder without a usable root. `notice`
    /// receives the replay store's one line when it migrates its schema, possibly later, from the
    /// thread of the look-up that migrated it.
    public static func build(
        _ c: VerifyConfiguration, now: Int64, warn: (String) -> Void = { _ in },
        notice: @escaping @Sendable (String) -> Void = { _ in }
    ) -> Result<VerificationSession, CLIError> {
        var options = VerifyOptions(
            expectedRegion: c.region, maxAgeSeconds: c.maxAgeSeconds, requireAttestation: c.requireAttestation,
            honorVerdictTier: c.honorVerdictTier, requireVerdict: c.requireVerdict,
            requireCallerMetadata: c.requireCallerMetadata, expectedSessionNonce: c.sessionNonce.map { Data($0) })
        options.expectedApps = c.expectedApps
        if let path = c.attestationBundlePath {
            switch InputFiles.read(path, what: "attestation bundle", limit: InputFiles.maxBundleBytes) {
            case .success(let data): options.attestationBundle = data
            case .failure(let error): return .failure(error)
            }
        }
        if c.hasCallerMetadata {
            var check = CallerMetadataCheck(requireContent: c.requireContent ?? .none)
            if let path = c.manifestPath {
                // Over 1 MiB is the library's MANIFEST_INVALID FAIL, as for any caller: it gets the
                // first 1 MiB + 1 bytes (never more) and judges the size itself.
                switch InputFiles.read(path, what: "manifest", limit: InputFiles.maxManifestBytes, oversize: .truncate)
                {
                case .success(let data): check.manifestJson = data
                case .failure(let error): return .failure(error)
                }
            }
            for item in c.content {
                if let error = InputFiles.checkReadable(item.path, what: "content \(item.key)") {
                    return .failure(error)
                }
                check.content[item.key] = .file(fileURL(item.path))
            }
            for item in c.contentUnavailable { check.content[item.key] = .unavailable(item.reason) }
            options.callerMetadata = check
        }
        switch runSources(c, notice: notice) {
        case .success(let sources):
            sources.warnings.forEach(warn)
            if let anchors = sources.trustAnchors { options.trustAnchors = anchors }
            options.revocationSource = sources.revocationSource
            options.replayStore = sources.replayStore
        case .failure(let error): return .failure(error)
        }
        return .success(VerificationSession(options: options, nowMilliseconds: c.atMilliseconds ?? now))
    }

    /// What configures a run rather than one proof: `--trust-anchors`, `--revocation-list`, the
    /// replay store. `--requests` and `serve` use these alone.
    public struct RunSources: Sendable {
        public var trustAnchors: TrustAnchors?
        public var revocationSource: (any RevocationSource)?
        public var replayStore: (any ReplayStore)?
        /// One line each (without the program name), such as a trust-anchor folder without a usable root.
        public var warnings: [String] = []
    }

    /// `notice`: as for ``build(_:now:warn:notice:)``.
    public static func runSources(
        _ c: VerifyConfiguration, notice: @escaping @Sendable (String) -> Void = { _ in }
    ) -> Result<RunSources, CLIError> {
        var sources = RunSources()
        let migrated: ReplaySchemaMigrationHandler = { notice($0.message) }
        if let path = c.trustAnchorsPath {
            switch TrustAnchorDirectory.load(path) {
            case .success(let loaded):
                sources.trustAnchors = loaded.anchors
                sources.warnings += loaded.warnings
            case .failure(let error): return .failure(error)
            }
        }
        if let path = c.revocationListPath {
            // Read but malformed is exit 65 (EX_DATAERR), not "could not be read".
            let list = InputFiles.read(path, what: "revocation list", limit: InputFiles.maxRevocationListBytes)
                .flatMap { data in RevocationList.parse(data).mapError { CLIError.dataError($0.message) } }
            switch list {
            case .success(let list): sources.revocationSource = list
            case .failure(let error): return .failure(error)
            }
        }
        if let path = c.replayDatabasePath {
            do {
                let store = try SQLiteReplayStore(path: path, onMigration: migrated)
                if !store.isReady {
                    sources.warnings.append(
                        "warning: replay database \(path) is busy: each proof's replay-uniqueness waits for it "
                            + "(up to 60 s) and is INCONCLUSIVE if it stays busy")
                }
                sources.replayStore = store
            } catch {
                return .failure(.unreadable(error.message))
            }
        }
        if let url = c.replayStoreURL {
            do throws(ReplayStoreError) {
                sources.replayStore = try url.open(onMigration: migrated)
            } catch {
                return .failure(.unreadable(error.reason))
            }
        }
        return .success(sources)
    }

    /// A file URL from the name's bytes, so a name that is not UTF-8 is opened as it is.
    package static func fileURL(_ path: InputPath) -> URL {
        path.bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                (Array(chars) + [0]).withUnsafeBufferPointer {
                    URL(fileURLWithFileSystemRepresentation: $0.baseAddress!, isDirectory: false, relativeTo: nil)
                }
            }
        }
    }
}
