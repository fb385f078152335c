import Foundation

/// The project's shared test data (`../shared/vectors`) lives beside the checkout, not in it.
/// It is found by walking up from this file, so a clone, a worktree and CI's fresh clone all
/// find it; `OCTET_SHARED_DIR` overrides the search.
public enum SharedVectors {
    /// The `vectors` folder, or nil when no `shared/vectors` is found (tests then skip with a message).
    public static let directory: URL? = {
        if let override = ProcessInfo.processInfo.environment["OCTET_SHARED_DIR"] {
            let url = URL(fileURLWithPath: override).appendingPathComponent("vectors")
            return FileManager.default.fileExists(atPath: url.path) ? url : nil
        }
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("shared/vectors")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }()

    /// True when the shared vectors are present.
    public static var isAvailable: Bool { directory != nil }

    /// The file at `relativePath` below `vectors/`, read whole.
    public static func data(_ relativePath: String) throws -> Data {
        guard let directory else { throw CocoaError(.fileNoSuchFile) }
        return try Data(contentsOf: directory.appendingPathComponent(relativePath))
    }

    /// The URL of `relativePath` below `vectors/`.
    public static func url(_ relativePath: String) -> URL? {
        directory?.appendingPathComponent(relativePath)
    }
}
