import Foundation

/// Reading the files named on the command line, each failure one actionable line (exit 66).
public enum InputFiles {
    /// Largest PROOF read; a proof is far smaller (the library refuses above its own limit).
    public static let maxProofFileBytes = 16 << 20

    /// Reads `path` whole, refusing directories and files above `limit` bytes.
    public static func read(_ path: String, what: String, limit: Int = maxProofFileBytes) -> Result<Data, CLIError> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(.unreadable("\(what) \(path): no such file"))
        }
        guard !isDirectory.boolValue else { return .failure(.unreadable("\(what) \(path): is a directory")) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return .failure(.unreadable("\(what) \(path): permission denied or not readable"))
        }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            guard data.count <= limit else {
                return .failure(.unreadable("\(what) \(path): larger than \(limit >> 20) MiB"))
            }
            return .success(data)
        } catch {
            return .failure(.unreadable("\(what) \(path): read error"))
        }
    }

    /// Standard input, whole, up to `limit` bytes.
    public static func readStandardInput(limit: Int = maxProofFileBytes) -> Result<Data, CLIError> {
        do {
            let data = try FileHandle.standardInput.read(upToCount: limit + 1) ?? Data()
            guard data.count <= limit else {
                return .failure(.unreadable("standard input: larger than \(limit >> 20) MiB"))
            }
            return .success(data)
        } catch {
            return .failure(.unreadable("standard input: read error"))
        }
    }

    /// Confirms `path` is a readable regular file without reading it (content files are hashed as streams).
    public static func checkReadable(_ path: String, what: String) -> CLIError? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .unreadable("\(what) \(path): no such file")
        }
        guard !isDirectory.boolValue else { return .unreadable("\(what) \(path): is a directory") }
        guard FileManager.default.isReadableFile(atPath: path) else {
            return .unreadable("\(what) \(path): permission denied")
        }
        return nil
    }
}
