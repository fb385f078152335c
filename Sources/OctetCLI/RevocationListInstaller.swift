import Foundation
import OctetBackend

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Judges a fetched revocation list and puts it in place with its fetch record, so that a reader
/// (`--revocation-list`, `serve` on SIGHUP) sees the old pair or the new list, never a part of a
/// file: each file is written to a temporary file in FILE's own directory, flushed to disk
/// (`fsync`), renamed over its name, and the directory flushed. Both temporary files are complete
/// before either rename, and the old list keeps a second name until the record is renamed too, so
/// a failure at any step leaves the old list in place.
package enum RevocationListInstaller {
    package enum Failure: Error, Equatable {
        /// Not a list `--revocation-list` reads, or empty when that was not allowed: a log-safe reason.
        case malformed(String)
        /// FILE or its record could not be written: the step and `strerror`.
        case writeFailed(String)
    }

    /// Judges `bytes` as `--revocation-list` reads a list; the parsed list when it is one.
    package static func judge(_ bytes: [UInt8], allowEmpty: Bool) -> Result<RevocationList, Failure> {
        switch RevocationList.parse(Data(bytes)) {
        case .failure(let error): return .failure(.malformed(error.message))
        case .success(let list):
            guard list.count > 0 || allowEmpty else {
                return .failure(
                    .malformed("the list has no entry (Google's never is): refused without --allow-empty"))
            }
            return .success(list)
        }
    }

    /// Replaces `path` with `bytes` and `path.fetched` with their record.
    package static func install(_ bytes: [UInt8], record: RevocationFetchRecord, at path: String) -> Result<
        Void, Failure
    > {
        let dir = Self.directory(of: path)
        let recordPath = path + RevocationFetchRecord.suffix
        var temporaries: [String] = []
        defer { for name in temporaries { unlink(name) } }
        var written: [(temporary: String, final: String)] = []
        for (content, final) in [(bytes, path), (record.encoded, recordPath)] {
            switch writeTemporary(content, directory: dir, near: final) {
            case .success(let name):
                temporaries.append(name)
                written.append((name, final))
            case .failure(let failure): return .failure(failure)
            }
        }
        // What would make a rename fail is judged before the first one: a name held by a directory.
        for final in [path, recordPath] where isDirectory(final) {
            return .failure(.writeFailed("\(final) is a directory"))
        }
        // The old list stays reachable under a second name until the record is in place, so a
        // rename that fails after the list's puts the old list back.
        let backup = written[0].temporary + ".old"
        let hasBackup = link(path, backup) == 0
        if hasBackup { temporaries.append(backup) }
        for (index, (temporary, final)) in written.enumerated() {
            guard rename(temporary, final) == 0 else {
                let failure = failed("rename to", final, errno)
                if index > 0, hasBackup, rename(backup, path) == 0 { temporaries.removeAll { $0 == backup } }
                return .failure(failure)
            }
            temporaries.removeAll { $0 == temporary }
        }
        // The renames reach the disk with the directory.
        let dirFD = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dirFD >= 0 else { return .failure(failed("open", dir, errno)) }
        defer { close(dirFD) }
        guard fsync(dirFD) == 0 else { return .failure(failed("fsync", dir, errno)) }
        return .success(())
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    private static func failed(_ step: String, _ path: String, _ code: Int32) -> Failure {
        let reason =
            switch code {
            case ENOSPC: "no space left on the device"
            case EDQUOT: "disk quota exceeded"
            case EROFS: "read-only file system"
            default: InputFiles.reason(code)
            }
        return .writeFailed("\(step) \(path): \(reason)")
    }

    /// A complete, flushed temporary file in `directory` (mode 0644: the list is public data, and
    /// another user's tool may read it); its name.
    /// The folder that holds `path` ("." for a bare name, "/" for a name at the root). By hand:
    /// NSString's path methods would link swift-corelibs-foundation and ICU into the static binary.
    package static func directory(of path: String) -> String {
        let bytes = Array(path.utf8)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        let head = bytes[..<slash]
        guard let end = head.lastIndex(where: { $0 != UInt8(ascii: "/") }) else { return "/" }
        return String(decoding: head[...end], as: UTF8.self)
    }

    /// The last component of `path` (what follows its last "/").
    package static func lastComponent(of path: String) -> String {
        let bytes = Array(path.utf8)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(decoding: bytes[(slash + 1)...], as: UTF8.self)
    }

    private static func writeTemporary(_ bytes: [UInt8], directory: String, near final: String) -> Result<
        String, Failure
    > {
        let base = Self.lastComponent(of: final)
        var template = Array("\(directory)/.\(base).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            return .failure(failed("create a file in", directory, errno))
        }
        let name = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        func fail(_ step: String) -> Result<String, Failure> {
            let code = errno
            close(fd)
            unlink(name)
            return .failure(failed(step, name, code))
        }
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return fail("write") }
            offset += count
        }
        guard fchmod(fd, 0o644) == 0 else { return fail("chmod") }
        guard fsync(fd) == 0 else { return fail("fsync") }
        guard close(fd) == 0 else {
            let code = errno
            unlink(name)
            return .failure(failed("close", name, code))
        }
        return .success(name)
    }
}
