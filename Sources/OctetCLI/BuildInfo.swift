/// What the binary was built from. `scripts/package` writes the git commit here before its
/// release build and puts this file back afterwards; a plain `swift build` says "unknown" (a
/// build plugin cannot run git reliably inside SwiftPM's sandbox).
public enum BuildInfo {
    public static let commit = "unknown"
}
