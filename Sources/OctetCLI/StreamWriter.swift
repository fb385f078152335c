import Foundation
import OctetThreads

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a write to standard output or standard error failed: the `errno`, named for a person.
public struct WriteFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public let errno: Int32

    public init(errno: Int32) { self.errno = errno }

    public var description: String {
        switch errno {
        case EPIPE: "broken pipe (the reader went away)"
        case ENOSPC: "no space left on device"
        case EBADF: "not open (closed file descriptor)"
        case EIO: "input/output error"
        case EFBIG: "file too large"
        case EDQUOT: "disk quota exceeded"
        default: "write error (errno \(errno))"
        }
    }
}

/// Writes to one file descriptor with `write(2)`, checking every call.
///
/// `FileHandle.write(_:)` traps on a failed write (a closed descriptor, a full disk, a reader that
/// went away); this retries short writes and `EINTR`, waits for `EAGAIN` (a non-blocking pipe set
/// up by the parent), and otherwise remembers the first failure: later writes are dropped, and the
/// caller asks ``failure`` to stop. `SIGPIPE` must be ignored (`ignoreSIGPIPE()`) so that a reader
/// that went away is an `EPIPE`, not a kill.
///
/// `@unchecked Sendable`: every access to `failed` goes through `lock`, and writes are serialised by it.
public final class StreamWriter: @unchecked Sendable {
    public let fileDescriptor: Int32
    private let lock = Lock()
    private var failed: WriteFailure?

    /// `failed`: a writer for a descriptor known to be unusable (closed at start-up) writes nothing.
    public init(fileDescriptor: Int32, failed: WriteFailure? = nil) {
        self.fileDescriptor = fileDescriptor
        self.failed = failed
    }

    /// The first failure, or nil while every write succeeded.
    public var failure: WriteFailure? { lock.withLock { failed } }

    /// Writes every byte, or records why not. Returns true when everything was written.
    @discardableResult
    public func write(_ bytes: some Collection<UInt8>) -> Bool {
        // From the string's own storage: no copy of each result line on the hand-over thread.
        if let written = bytes.withContiguousStorageIfAvailable({ write(UnsafeRawBufferPointer($0)) }) {
            return written
        }
        return Array(bytes).withUnsafeBytes { write($0) }
    }

    private func write(_ buffer: UnsafeRawBufferPointer) -> Bool {
        lock.withLock {
            guard failed == nil else { return false }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                    continue
                }
                let code = written == 0 ? EIO : errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK {
                    var poller = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&poller, 1, -1)
                    continue
                }
                failed = WriteFailure(errno: code)
                return false
            }
            return true
        }
    }

    /// Makes sure descriptors 0, 1 and 2 are open, and says which were not (`EBADF`).
    ///
    /// A tool started with `>&-` has no descriptor 1: the next file it opens (a proof, the replay
    /// store, an internal event descriptor) would become descriptor 1, and the reports would be
    /// written into it. Each closed one is taken by `/dev/null` at once; a write to a closed
    /// standard output or error is then reported as the failure it is.
    public static func claimStandardDescriptors() -> (input: Bool, output: Bool, error: Bool) {
        var isOpen = [true, true, true]
        for fd in Int32(0)...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            isOpen[Int(fd)] = false
            let null = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if null >= 0, null != fd {
                _ = dup2(null, fd)
                _ = close(null)
            }
        }
        return (isOpen[0], isOpen[1], isOpen[2])
    }

    /// Ignores `SIGPIPE` for the whole process, so that a closed pipe is `EPIPE` on write.
    public static func ignoreSIGPIPE() {
        signal(SIGPIPE, SIG_IGN)
    }

    private func systemWrite(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(fd, pointer, count)
        #else
            Darwin.write(fd, pointer, count)
        #endif
    }
}
