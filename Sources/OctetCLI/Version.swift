import Octet
import OctetCrypto

/// The release number, written once. `--version`, `--help`, the man page, the completions and
/// the .deb (scripts/package asks the built binary for it) all read this constant; CHANGELOG.md's
/// newest release names the same number (tested).
public enum Release {
    public static let version = "1.7.0"
}

/// `octet-verify --version`: one fact per line, for bug reports and fleet inventories.
enum VersionText {
    static func render() -> String {
        """
        \(OctetVerifyTool.name) \(Release.version)
        commit \(BuildInfo.commit)
        trust-anchors \(TrustAnchors.bundled.fingerprint)
        \(CryptoLibrary.version)

        """
    }
}
