import Foundation
import Octet
import OctetAttestation
import OctetBackend
import OctetContent

/// Turns a parsed configuration into a `VerificationSession`: reads every FILE the flags name
/// (each failure exit 66) and opens the replay store.
public enum SessionBuilder {
    /// `now`: Unix milliseconds used when `--at` is absent.
    public static func build(_ c: VerifyConfiguration, now: Int64) -> Result<VerificationSession, CLIError> {
        var options = VerifyOptions(
            expectedRegion: c.region, maxAgeSeconds: c.maxAgeSeconds, requireAttestation: c.requireAttestation,
            honorVerdictTier: c.honorVerdictTier, requireVerdict: c.requireVerdict,
            requireCallerMetadata: c.requireCallerMetadata, expectedSessionNonce: c.sessionNonce.map { Data($0) })
        if let path = c.attestationBundlePath {
            switch InputFiles.read(path, what: "attestation bundle", limit: 1 << 20) {
            case .success(let data): options.attestationBundle = data
            case .failure(let error): return .failure(error)
            }
        }
        if c.hasCallerMetadata {
            var check = CallerMetadataCheck(requireContent: c.requireContent ?? .none)
            if let path = c.manifestPath {
                switch InputFiles.read(path, what: "manifest", limit: 1 << 20) {
                case .success(let data): check.manifestJson = data
                case .failure(let error): return .failure(error)
                }
            }
            for item in c.content {
                if let error = InputFiles.checkReadable(item.path, what: "content \(item.key)") {
                    return .failure(error)
                }
                check.content[item.key] = .file(URL(fileURLWithPath: item.path))
            }
            for item in c.contentUnavailable { check.content[item.key] = .unavailable(item.reason) }
            options.callerMetadata = check
        }
        switch runSources(c) {
        case .success(let sources):
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
    }

    public static func runSources(_ c: VerifyConfiguration) -> Result<RunSources, CLIError> {
        var sources = RunSources()
        if let path = c.trustAnchorsPath {
            switch TrustAnchorDirectory.load(path) {
            case .success(let loaded): sources.trustAnchors = loaded
            case .failure(let error): return .failure(error)
            }
        }
        if let path = c.revocationListPath {
            let list = InputFiles.read(path, what: "revocation list", limit: 1 << 25).flatMap { data in
                RevocationList.parse(data).mapError { CLIError.unreadable($0.message) }
            }
            switch list {
            case .success(let list): sources.revocationSource = list
            case .failure(let error): return .failure(error)
            }
        }
        if let path = c.replayDatabasePath {
            do {
                sources.replayStore = try SQLiteReplayStore(path: path)
            } catch {
                return .failure(.unreadable(error.message))
            }
        }
        return .success(sources)
    }
}
