import Foundation

/// `--files-from FILE|-`: PROOF names, one per line or NUL-separated (as `find -print0` writes
/// them), for batches beyond the system's argument limit. A list holding a NUL byte is read as
/// NUL-separated, so names with newlines survive; otherwise each line is a name. Empty entries are
/// skipped; nothing else is trimmed (a name may start or end with a space).
public enum FileList {
    public static func read(_ path: InputPath) -> Result<[InputPath], CLIError> {
        // An empty list (`find` found nothing) verifies nothing: not an error, even on standard input.
        InputFiles.read(path, what: "--files-from", limit: InputFiles.maxFileListBytes, allowEmpty: true).map(split)
    }

    public static func split(_ data: Data) -> [InputPath] {
        let separator: UInt8 = data.contains(0) ? 0 : UInt8(ascii: "\n")
        return data.split(separator: separator, omittingEmptySubsequences: true).map { InputPath(bytes: Array($0)) }
    }
}
