import Foundation
import Octet
import OctetBackend
import OctetContent

/// Everything `octet-verify [OPTIONS] PROOF...` was asked to do, as parsed: paths are not opened yet.
public struct VerifyConfiguration: Sendable, Equatable {
    public enum Format: String, Sendable, Equatable { case text, json }
    public enum ColorChoice: String, Sendable, Equatable { case auto, always, never }

    /// `--content KEY=PATH`.
    public struct ContentFile: Sendable, Equatable {
        public var key: String
        public var path: InputPath

        public init(key: String, path: InputPath) {
            self.key = key
            self.path = path
        }
    }

    /// `--content-unavailable KEY=REASON`.
    public struct ContentUnavailable: Sendable, Equatable {
        public var key: String
        public var reason: String

        public init(key: String, reason: String) {
            self.key = key
            self.reason = reason
        }
    }

    /// Files, or `-` for standard input, in the order given.
    public var proofs: [InputPath] = []
    /// `--files-from FILE|-`: more PROOFs, NUL- or newline-separated, after those on the command line.
    public var filesFrom: InputPath?
    /// `-q`, `--quiet`: no per-proof output; the text summary line only for several proofs.
    public var quiet = false
    /// The per-proof options the flags set, typed when each flag is read, as a request's
    /// `options` object holds them: `--at` is its `verificationTimeMs`, `--region` its validated
    /// `ExpectedRegion`, `--app-id` and `--android-app` its `expectedApps` in the order given (nil
    /// when neither was given, so `app-identity` is not reported); the API defaults elsewhere.
    /// What the flags only name (files) is read by `SessionBuilder`.
    public var options = RequestOptions()
    /// `--production`: `--require-attestation` (set in `options`), and the apps and the session
    /// nonce required (`VerifyOptions.production(apps:sessionNonce:)` on the command line).
    public var production = false
    public var attestationBundlePath: InputPath?
    public var manifestPath: InputPath?
    public var content: [ContentFile] = []
    public var contentUnavailable: [ContentUnavailable] = []
    public var requireContent: CallerMetadataCheck.RequiredContent?
    public var replayDatabasePath: String?
    /// `--replay-store URL`: the other spelling of the replay store (`sqlite:PATH`, `postgresql://…`).
    public var replayStoreURL: ReplayStoreURL?
    public var revocationListPath: InputPath?
    /// `--revocation-max-age`: nil, no maximum (the list is not dated, as before the flag).
    public var revocationMaxAgeSeconds: Int64?
    public var trustAnchorsPath: InputPath?
    public var format: Format = .text
    /// nil: every core.
    public var jobs: Int?
    public var color: ColorChoice = .auto
    /// `--requests FILE|-`: JSON-lines requests instead of PROOF arguments.
    public var requestsPath: String?

    public init() {}

    /// True when any caller-metadata input was given, so `VerifyOptions.callerMetadata` is set.
    var hasCallerMetadata: Bool {
        manifestPath != nil || !content.isEmpty || !contentUnavailable.isEmpty || requireContent != nil
    }
}

/// What the command line asks for.
public enum Command: Sendable, Equatable {
    case verify(VerifyConfiguration)
    /// `--requests FILE|-` (service.md): the configuration's run flags, the requests from the file.
    case requests(VerifyConfiguration)
    /// `replay prune`: remove replay records past the freshness horizon.
    case replayPrune(ReplayPruneConfiguration)
    case replayHelp
    case help
    /// No arguments at all: the usage on standard error, exit 64.
    case usage
    /// `octet-verify inspect ...`.
    case inspect(InspectConfiguration)
    case inspectHelp
    /// `octet-verify selftest ...`.
    case selfTest(SelfTestConfiguration)
    case selfTestHelp
    case version
    /// The man page (`--generate-manual`).
    case manual
    /// A shell completion script (`--generate-completion-script SHELL`).
    case completion(Completions.Shell)
}
