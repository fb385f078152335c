import Foundation
import Octet
import OctetAttestation
import OctetContent

/// Turns a parsed configuration into a `VerificationSession`: reads every FILE the flags name
/// (one that cannot be read: exit 66; one read but malformed — a revocation list, an anchor: exit 65)
/// and opens the replay store.
public enum SessionBuilder {
    /// `now`: Unix milliseconds used when `--at` is absent. `warn` receives one line per warning
    /// (without the program name), such as a trust-anchor folder without a usable root.
    public static func build(
        _ c: VerifyConfiguration, now: Int64, warn: (String) -> Void = { _ in }
    ) -> Result<VerificationSession, CLIError> {
        var options = VerifyOptions(
            expectedRegion: c.region, maxAgeSeconds: c.maxAgeSeconds, requireAttestation: c.requireAttestation,
            honorVerdictTier: c.honorVerdictTier, requireVerdict: c.requireVerdict,
            requireCallerMetadata: c.requireCallerMetadata, expectedSessionNonce: c.sessionNonce.map { Data($0) })
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
        if let path = c.trustAnchorsPath {
            switch TrustAnchorDirectory.load(path) {
            case .success(let loaded):
                options.trustAnchors = loaded.anchors
                loaded.warnings.forEach(warn)
            case .failure(let error): return .failure(error)
            }
        }
        var revocationList: RevocationList?
        if let path = c.revocationListPath {
            let read = InputFiles.read(path, what: "revocation list", limit: InputFiles.maxRevocationListBytes)
            switch read.flatMap(RevocationList.parse) {
            case .success(let list): revocationList = list
            case .failure(let error): return .failure(error)
            }
        }
        var replayStore: ReplayStore?
        if let path = c.replayDatabasePath {
            do {
                replayStore = try ReplayStore(path: path)
            } catch {
                return .failure(error)
            }
        }
        return .success(
            VerificationSession(
                options: options, nowMilliseconds: c.atMilliseconds ?? now,
                revocationList: revocationList, replayStore: replayStore))
    }

    /// A file URL from the name's bytes, so a name that is not UTF-8 is opened as it is.
    static func fileURL(_ path: InputPath) -> URL {
        path.bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                (Array(chars) + [0]).withUnsafeBufferPointer {
                    URL(fileURLWithFileSystemRepresentation: $0.baseAddress!, isDirectory: false, relativeTo: nil)
                }
            }
        }
    }
}
