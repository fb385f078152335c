import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading the files named on the command line, each failure one actionable line (exit 66).
///
/// Every file is opened with `O_NONBLOCK` (a FIFO with no writer, or a device, cannot hang the
/// run), `fstat`ed, and must be a regular file; its size is judged against the format's bound
/// before a byte is read, and at most that bound plus one byte is ever read (a file growing under
/// us cannot stall the run). Standard input (`-`) is the one stream that may be a pipe.
public enum InputFiles {
    /// A PROOF: the format's own limit (proof-format.md: at most 1 MiB). Larger is refused unread.
    public static let maxProofFileBytes = 1 << 20
    /// `--manifest`: the design's 1 MiB; more is handed to the library, which FAILs it `MANIFEST_INVALID`.
    public static let maxManifestBytes = 1 << 20
    /// `--attestation-bundle`: an `AppAttestEnrolment` (an attestation object and a few fields).
    public static let maxBundleBytes = 1 << 20
    /// `--revocation-list`: Google's published list is about 1 MB; 32 MiB leaves room to grow.
    public static let maxRevocationListBytes = 32 << 20
    /// A file under `--trust-anchors`: a few certificates.
    public static let maxAnchorFileBytes = 1 << 20
    /// `--files-from`: 64 MiB of names (over a million typical paths).
    public static let maxFileListBytes = 64 << 20

    /// What to do with a file above the limit.
    public enum Oversize: Sendable {
        /// An input error: the file is not read at all.
        case refuse
        /// Read the first `limit + 1` bytes and hand them on, for a reader that judges the size itself.
        case truncate
    }

    /// Reads `path` (or standard input for `-`) whole, bounded by `limit`.
    public static func read(
        _ path: InputPath, what: String, limit: Int, oversize: Oversize = .refuse, allowEmpty: Bool = false
    ) -> Result<Data, CLIError> {
        if path.isStandardInput {
            return readStandardInput(what: what, limit: limit, oversize: oversize, allowEmpty: allowEmpty)
        }
        let opened = open(path, what: what)
        guard case .success(let (fd, size)) = opened else {
            if case .failure(let error) = opened { return .failure(error) }
            return .failure(.unreadable("\(named(what, path)): not readable"))
        }
        defer { close(fd) }
        if size > limit, oversize == .refuse {
            return .failure(
                .unreadable("\(named(what, path)): \(size) bytes, larger than the \(describe(limit)) allowed"))
        }
        switch readAll(fd, limit: limit, sizeHint: size) {
        case .success(let data):
            if data.count > limit, oversize == .refuse {
                return .failure(.unreadable("\(named(what, path)): larger than the \(describe(limit)) allowed"))
            }
            return .success(data)
        case .failure(let failure):
            return .failure(.unreadable("\(named(what, path)): read error (\(reason(failure.errno)))"))
        }
    }

    /// Standard input, whole, up to `limit` bytes. An empty standard input is an input error
    /// ("empty input"): nothing was piped in, which is never what was meant.
    public static func readStandardInput(
        what: String = "PROOF", limit: Int = maxProofFileBytes, oversize: Oversize = .refuse, allowEmpty: Bool = false
    ) -> Result<Data, CLIError> {
        var status = stat()
        guard fstat(0, &status) == 0 else { return .failure(.unreadable("\(what) standard input: not open")) }
        if fileType(status) == S_IFDIR { return .failure(.unreadable("\(what) standard input: is a directory")) }
        switch readAll(0, limit: limit) {
        case .success(let data):
            if data.isEmpty, !allowEmpty { return .failure(.unreadable("\(what) standard input: empty input")) }
            if data.count > limit, oversize == .refuse {
                return .failure(.unreadable("\(what) standard input: larger than the \(describe(limit)) allowed"))
            }
            return .success(data)
        case .failure(let failure):
            return .failure(.unreadable("\(what) standard input: read error (\(reason(failure.errno)))"))
        }
    }

    /// Confirms `path` is a regular file that can be opened, without reading it (content files
    /// are hashed as streams by the library). `allowingStreams`: a FIFO or a character device is
    /// accepted too (`--requests`, whose reader is built for a co-process writing line by line).
    public static func checkReadable(_ path: InputPath, what: String, allowingStreams: Bool = false) -> CLIError? {
        switch open(path, what: what, allowingStreams: allowingStreams) {
        case .success(let (fd, _)):
            close(fd)
            return nil
        case .failure(let error): return error
        }
    }

    /// Opens without blocking and checks that it is a regular file; returns the descriptor and size.
    static func open(_ path: InputPath, what: String, allowingStreams: Bool = false) -> Result<(Int32, Int), CLIError> {
        let opened = path.withCString { systemOpen($0, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        guard let fd = opened else { return .failure(.unreadable("\(named(what, path)): the name holds a NUL byte")) }
        guard fd >= 0 else {
            // A socket cannot be opened at all (ENXIO); say what it is rather than the errno.
            let code = errno
            var status = stat()
            let special = path.withCString { stat($0, &status) } == 0 && fileType(status) != S_IFREG
            let why = special ? describeType(fileType(status)) + ", not a regular file" : reason(code)
            return .failure(.unreadable("\(named(what, path)): \(why)"))
        }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let code = errno
            close(fd)
            return .failure(.unreadable("\(named(what, path)): \(reason(code))"))
        }
        let type = fileType(status)
        guard type == S_IFREG || (allowingStreams && (type == S_IFIFO || type == S_IFCHR)) else {
            close(fd)
            return .failure(.unreadable("\(named(what, path)): \(describeType(type)), not a regular file"))
        }
        return .success((fd, Int(status.st_size)))
    }

    /// Reads until end of file or `limit + 1` bytes, whichever comes first. Waits (poll) when a
    /// non-blocking stream has nothing yet, so standard input from a slow pipe is read whole.
    /// `sizeHint` (a regular file's size; nil for a stream) sizes the buffer: a proof of a few
    /// hundred bytes is read straight into the one buffer returned, with no 64 KiB zeroed for it
    /// and no chunk copied (a batch reads one file per proof).
    static func readAll(_ fd: Int32, limit: Int, sizeHint: Int? = nil) -> Result<Data, WriteFailure> {
        var data = Data(count: min(limit + 1, max(512, (sizeHint ?? 64 << 10) + 1)))
        var filled = 0
        while filled <= limit {
            if filled == data.count { data.count = min(limit + 1, data.count * 2) }
            let want = data.count - filled
            let count = data.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + filled, want) }
            if count > 0 {
                filled += count
                // A regular file read short exactly at the size `fstat` gave is at its end: the
                // read that would return 0 to say so is a system call per proof saved. A stream
                // has no size to trust, and a file whose size `fstat` misstates (as /proc's do) is
                // read on until a read gives 0.
                if let sizeHint, count < want, filled == sizeHint { break }
            } else if count == 0 {
                break
            } else {
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK {
                    var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    _ = poll(&poller, 1, -1)
                    continue
                }
                return .failure(WriteFailure(errno: code))
            }
        }
        data.count = filled
        return .success(data)
    }

    /// "PROOF path", for an error line. Made only on failure: naming escapes the path, work a batch
    /// paid for every proof it read.
    static func named(_ what: String, _ path: InputPath) -> String { "\(what) \(path)" }

    static func fileType(_ status: stat) -> mode_t { status.st_mode & S_IFMT }

    static func describeType(_ type: mode_t) -> String {
        switch type {
        case S_IFDIR: "is a directory"
        case S_IFIFO: "is a FIFO (named pipe)"
        case S_IFSOCK: "is a socket"
        case S_IFCHR: "is a character device"
        case S_IFBLK: "is a block device"
        default: "is not a file"
        }
    }

    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case EACCES, EPERM: "permission denied"
        case ENOTDIR: "a part of the path is not a directory"
        case ELOOP: "too many symbolic links"
        case ENAMETOOLONG: "name too long"
        case EISDIR: "is a directory"
        case EIO: "input/output error"
        case EMFILE, ENFILE: "too many open files"
        default: "cannot be opened (errno \(code))"
        }
    }

    static func describe(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        return "\(bytes) bytes"
    }

    private static func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
        #if canImport(Glibc)
            Glibc.open(path, flags)
        #else
            Darwin.open(path, flags)
        #endif
    }

    private static func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(fd, buffer, count)
        #else
            Darwin.read(fd, buffer, count)
        #endif
    }
}
