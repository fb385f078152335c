import Foundation
import Octet
import OctetAttestation
import OctetBackend
import OctetContent

/// Turns a parsed configuration into a `VerificationSession`: the flags' `VerifyOptions`, the files
/// they name read (one that cannot be read: exit 66; one read but malformed — a revocation list,
/// an anchor: exit 65), and the one ``Verifier`` from `SourceLoader`.
public enum SessionBuilder {
    /// `now`: Unix milliseconds used when `--at` is absent. `warn` receives one line per warning
    /// (without the program name), such as a trust-anchor folder without a usable root. `notice`
    /// receives the replay store's one line when it migrates its schema, possibly later, from the
    /// thread of the look-up that migrated it.
    public static func build(
        _ c: VerifyConfiguration, now: Int64, warn: (String) -> Void = { _ in },
        notice: @escaping @Sendable (String) -> Void = { _ in }
    ) -> Result<VerificationSession, CLIError> {
        var options = c.options.verifyOptions
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
        switch SourceLoader.load(sources(c), onMigration: { notice($0.message) }) {
        case .success(let loaded):
            loaded.warnings.forEach(warn)
            return .success(
                VerificationSession(
                    verifier: loaded.verifier(prompts: CommandLinePrompts.verify), options: options,
                    nowMilliseconds: c.options.verificationTimeMs ?? now))
        case .failure(let error): return .failure(error)
        }
    }

    /// What configures the run rather than one proof: `--trust-anchors`, `--revocation-list`, the
    /// replay store (`--replay-db FILE` is `--replay-store sqlite:FILE`).
    package static func sources(_ c: VerifyConfiguration, connections: Int? = nil) -> SourceLoader.Paths {
        SourceLoader.Paths(
            trustAnchors: c.trustAnchorsPath, revocationList: c.revocationListPath,
            revocationMaxAgeSeconds: c.revocationMaxAgeSeconds,
            replayStore: c.replayDatabasePath.map { .sqlite(path: $0) } ?? c.replayStoreURL, connections: connections)
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
